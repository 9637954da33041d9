/** Pay codes: a driver's consent to pay a stay from their wallet, at one lot, up to a limit (consent.ts). */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { REVIEW_ASK } from '../../core/reviews';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkins, lots } from '../db/schema';
import { balanceOf, driver, makeLot, MINUTE } from '../test/booking-fixtures';
import { atTheGate, gateExit, payCodeFor, reservedCar, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, db, messageOf } from '../test/helpers';
import { signPayCode } from '../wallet/pay-code';
import { findCheckin } from './checkins.data';
import { assertConsentCovers, consentOf, PAY_CODE_USED } from './consent';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

describe('pay codes', () => {
  it('pays a walk-in from the wallet of the driver who shows a pay code, once; refuses an expired, forged or spent code and a short wallet, changing nothing', async () => {
    const lotId = await makeLot(4);
    const payer = await driver(1_000);
    const payCode = (cookie = payer.cookie) => payCodeFor(cookie, lotId);
    const code = await payCode();
    const stay = await walkIn(lotId, 'PAY 888', 3 * 60 + 5);
    const paid = await (await gateExit(owner, stay.id, { lotId, plate: 'PAY 888', payCode: code })).json<Checkin>();
    expect(paid).toMatchObject({ amountCents: 16_000, paidBy: 'wallet', receiptId: expect.any(String) });
    expect(await balanceOf(payer.user.id)).toBe(84_000);
    const past = await (await call('/api/reservations?tab=past', { cookie: payer.cookie })).json<{
      items: { status: string; amountCents: number }[];
    }>();
    expect(past.items).toMatchObject([{ status: 'COMPLETED', amountCents: 16_000 }]);
    const notices = await (await call('/api/notifications', { cookie: payer.cookie })).json<{ items: { message: string }[] }>();
    expect(notices.items.map((notice) => notice.message)).toContainEqual(expect.stringContaining('₱160.00'));

    // Each refusal leaves the stay open and the wallet as it was.
    const next = await walkIn(lotId, 'PAY 889', 60);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ payCode: code }, 409, PAY_CODE_USED],
      [{ payCode: (await reservedCar(lotId)).token }, 409, 'This pay code is not genuine.'],
      [{ payCode: `${code.slice(0, -4)}AAAA` }, 409, 'This pay code is not genuine.'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await gateExit(owner, next.id, { lotId, plate: 'PAY 889', ...body });
      expect(res.status, message).toBe(status);
      expect(await messageOf(res)).toBe(message);
    }
    const consent = { lotId, lotName: 'Test Lot', limitCents: 100_000 };
    const expired = await signPayCode(env, payer.user.id, consent, new Date(Date.now() - 6 * MINUTE));
    const late = await gateExit(owner, next.id, { lotId, plate: 'PAY 889', payCode: expired.token });
    expect(await messageOf(late)).toBe('This pay code expired: ask the driver to show a new one.');
    const poor = await driver(10);
    const short = await gateExit(owner, next.id, { lotId, plate: 'PAY 889', payCode: await payCode(poor.cookie) });
    expect(short.status).toBe(409);
    expect(await messageOf(short)).toBe(
      "The driver's wallet holds ₱10.00, short of ₱40.00: collect cash, or ask them to top up and show a new code.",
    );
    expect(await balanceOf(payer.user.id)).toBe(84_000);
    expect(await balanceOf(poor.user.id)).toBe(1_000);
    const [open] = await db().select().from(checkins).where(eq(checkins.id, next.id));
    expect(open.exitTs).toBeNull();
  });

  it('spends a pay code only at its lot and up to its limit, moving no money otherwise; it still pays where it belongs, and its driver is told at once', async () => {
    const lotId = await makeLot(2);
    const elsewhere = await makeLot(1);
    const [{ name }] = await db().select({ name: lots.name }).from(lots).where(eq(lots.id, lotId));
    const payer = await driver(1_000);
    const code = await payCodeFor(payer.cookie, lotId, 20_000);
    const away = await walkIn(elsewhere, 'FRT 100', 65);
    const long = await walkIn(lotId, 'GRN 300', 5 * 60 + 5);
    const refusals: [string, string, string][] = [
      [elsewhere, away.id, `This pay code is for ${name}, not this lot.`],
      [lotId, long.id, "This stay costs ₱240.00, above the pay code's limit of ₱200.00."],
    ];
    for (const [lot, stayId, message] of refusals) {
      const res = await gateExit(owner, stayId, { lotId: lot, plate: stayId === away.id ? 'FRT 100' : 'GRN 300', payCode: code });
      expect(res.status, message).toBe(409);
      expect(await messageOf(res)).toBe(message);
      expect((await findCheckin(db(), stayId))?.exitTs).toBeNull();
    }
    expect(await balanceOf(payer.user.id)).toBe(100_000);
    const short = await walkIn(lotId, 'GRN 301', 65);
    const paid = await gateExit(owner, short.id, { lotId, plate: 'GRN 301', payCode: code });
    expect(await paid.json<Checkin>()).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    expect(await balanceOf(payer.user.id)).toBe(92_000);
    const notices = await (await call('/api/notifications', { cookie: payer.cookie })).json<{
      items: { title: string; message: string }[];
    }>();
    expect(notices.items).toContainEqual(
      expect.objectContaining({
        title: 'Pay code used',
        message: `Your pay code paid ₱80.00 from your wallet at ${name}, for the stay of GRN 301. ${REVIEW_ASK}`,
      }),
    );
  });
});

describe('a pay code, read on its own', () => {
  const consent = { lotId: 'lot-a', lotName: 'Ayala Lot', limitCents: 20_000 };

  it('names the driver of a genuine, unexpired code; refuses an expired or a forged one', async () => {
    const userId = crypto.randomUUID();
    const now = new Date();
    const { token } = await signPayCode(env, userId, consent, now);
    expect(await consentOf(env, token, now)).toMatchObject({ userId, ...consent });
    await expect(consentOf(env, token, new Date(now.getTime() + 6 * MINUTE))).rejects.toThrow(
      'This pay code expired: ask the driver to show a new one.',
    );
    await expect(consentOf(env, `${token.slice(0, -4)}AAAA`, now)).rejects.toThrow('This pay code is not genuine.');
  });

  it('covers a stay at its lot up to its limit, the limit included, and nothing else', () => {
    const code = {
      ...consent,
      via: 'pay code' as const,
      userId: crypto.randomUUID(),
      codeId: crypto.randomUUID(),
      expiresAt: new Date().toISOString(),
    };
    expect(() => assertConsentCovers(code, 'lot-a', 20_000)).not.toThrow();
    expect(() => assertConsentCovers(code, 'lot-b', 100)).toThrow('This pay code is for Ayala Lot, not this lot.');
    expect(() => assertConsentCovers(code, 'lot-a', 20_001)).toThrow("This stay costs ₱200.01, above the pay code's limit of ₱200.00.");
  });
});
