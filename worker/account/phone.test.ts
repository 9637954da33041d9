/** Phone verification: a 6-digit code texted through the one verification path (docs/account.md, Phone). */
import { and, eq } from 'drizzle-orm';
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_CODE_NOT_VALID, SMS_OFF } from '../../core/phone';
import { MINUTE_MS } from '../../core/time';
import { MAX_PHONE_CODES_PER_ACCOUNT, MAX_PHONE_CODES_PER_IP, MAX_PHONE_CODES_PER_NUMBER } from '../auth/rate-limit';
import { consumeCode, prepareCode } from '../verification/verification.service';
import { recordingQueue } from '../test/mailbox';
import { deliverSms, smsBindings, smsGatewayStandIn } from '../test/sms-stand-in';
import { users, verifications } from '../db/schema';
import { call, db, messageOf, sessionCookie, signupBody } from '../test/helpers';
import { newDriver } from '../test/account-fixtures';

let numbers = 0;
/** A driver with a mobile number of their own, so no two tests share a number's count of codes. */
async function driverWithNumber(mobile = `+63 917-${String(5_550_100 + ++numbers)}`) {
  const res = await call('/api/auth/signup', { method: 'POST', json: signupBody({ mobile }) });
  return { cookie: sessionCookie(res) };
}

/** Asks for a code with SMS on, from a client address if given. */
const askCode = (cookie: string, ip?: string) =>
  call('/api/account/phone/verify', {
    method: 'POST',
    cookie,
    bindings: smsBindings,
    headers: ip ? { 'CF-Connecting-IP': ip } : undefined,
  });

describe('phone verification (a 6-digit code texted through the one verification path)', () => {
  const gateway = smsGatewayStandIn(globalThis.fetch);
  beforeEach(() => {
    gateway.sent.length = 0;
    vi.stubGlobal('fetch', gateway.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Asks for a code with SMS on, and texts it through the SMS consumer to the stand-in gateway; the code it carried. */
  async function textedCode(cookie: string) {
    const smsQueue = recordingQueue(env.SMS_QUEUE);
    const res = await call('/api/account/phone/verify', {
      method: 'POST',
      cookie,
      bindings: { ...smsBindings, SMS_QUEUE: smsQueue.queue },
    });
    expect(res.status).toBe(202);
    await deliverSms(smsQueue.jobs[0]);
    return gateway.sent.at(-1)!.message.match(/\b(\d{6})\b/)![1];
  }
  const confirm = (cookie: string, code: string) => call('/api/account/phone/verify/confirm', { method: 'POST', cookie, json: { code } });

  it('texts a code stored only as a hash; the right one verifies the number, once', async () => {
    const { cookie, userId } = await newDriver();
    const code = await textedCode(cookie);
    expect(gateway.sent.at(-1)).toMatchObject({ number: '09175551234', sendername: 'PARKADA' });
    const [row] = await db()
      .select()
      .from(verifications)
      .where(and(eq(verifications.target, '+639175551234'), eq(verifications.type, 'phone')));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(code);
    const res = await confirm(cookie, code);
    expect(res.status).toBe(200);
    expect((await res.json<{ user: { phoneVerified: boolean } }>()).user.phoneVerified).toBe(true);
    expect((await db().select().from(users).where(eq(users.id, userId)))[0].phoneVerifiedAt).not.toBeNull();
    expect(await messageOf(await confirm(cookie, code))).toBe(PHONE_CODE_NOT_VALID);
  });

  it('ends a code at its fifth wrong try: the right one no longer works', async () => {
    const { cookie } = await driverWithNumber();
    const code = await textedCode(cookie);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let tries = 0; tries < 5; tries++) expect((await confirm(cookie, wrong)).status).toBe(400);
    const late = await confirm(cookie, code);
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toBe(PHONE_CODE_NOT_VALID);
  });

  it('works for 10 minutes, not a moment after', async () => {
    const target = '+639175550000';
    const now = Date.parse('2026-11-23T04:00:00.000Z');
    const late = await prepareCode(db(), { type: 'phone', target, now });
    expect(await consumeCode(db(), 'phone', target, late.code, now + 10 * MINUTE_MS)).toBe(false);
    const inTime = await prepareCode(db(), { type: 'phone', target, now });
    expect(await consumeCode(db(), 'phone', '+639175550001', inTime.code, now)).toBe(false);
    expect(await consumeCode(db(), 'phone', target, inTime.code, now + 10 * MINUTE_MS - 1)).toBe(true);
  });

  it('texts a few codes an hour to one account, then 429; and says when SMS is off or the number is not Philippine', async () => {
    const { cookie, userId } = await newDriver();
    await db().update(users).set({ phone: '+639175550099' }).where(eq(users.id, userId));
    for (let asked = 0; asked < MAX_PHONE_CODES_PER_ACCOUNT; asked++) expect((await askCode(cookie)).status).toBe(202);
    const refused = await askCode(cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await messageOf(refused)).toMatch(/^Too many codes asked for\. Try again in \d+ minutes\.$/);

    const off = await call('/api/account/phone/verify', { method: 'POST', cookie });
    expect(off.status).toBe(409);
    expect(await messageOf(off)).toBe(SMS_OFF);
    await db().update(users).set({ phone: '+14155552671' }).where(eq(users.id, userId));
    expect((await call('/api/account/phone/verify', { method: 'POST', cookie, bindings: smsBindings })).status).toBe(409);
  });

  it('texts a few codes an hour to one number, whichever account asks for them', async () => {
    const mobile = '+63 917-5550200';
    const first = await driverWithNumber(mobile);
    const second = await driverWithNumber(mobile);
    for (let asked = 0; asked < MAX_PHONE_CODES_PER_NUMBER; asked++) expect((await askCode(first.cookie)).status).toBe(202);
    const refused = await askCode(second.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await messageOf(refused)).toMatch(/^Too many codes were sent to this number\. Try again in \d+ minutes\.$/);
    // Another number is its own count.
    expect((await askCode((await driverWithNumber()).cookie)).status).toBe(202);
  });

  it('texts a few codes an hour asked from one client address, across accounts and numbers', async () => {
    const ip = '2001:db8::c0de';
    const accounts = await Promise.all(Array.from({ length: 4 }, () => driverWithNumber()));
    const answers = [];
    for (const { cookie } of accounts)
      for (let asked = 0; asked < MAX_PHONE_CODES_PER_ACCOUNT && answers.length <= MAX_PHONE_CODES_PER_IP; asked++) {
        const res = await askCode(cookie, ip);
        answers.push(res.status);
        if (res.status === 429)
          expect(await messageOf(res)).toMatch(/^Too many codes asked for from this network\. Try again in \d+ minutes\.$/);
      }
    expect(answers).toEqual([...Array(MAX_PHONE_CODES_PER_IP).fill(202), 429]);
    // The refused request spent nothing: that account may still ask from elsewhere.
    expect((await askCode(accounts[3].cookie)).status).toBe(202);
  });

  it('refuses a code that is not 6 digits with a 400, and changes nothing', async () => {
    const { cookie } = await newDriver();
    const res = await confirm(cookie, '12ab');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('Type the 6-digit code we texted you.');
  });
});
