/**
 * Merchant validation codes end to end against D1 and the lot objects (docs/passes.md, "Merchant
 * validations"): issuing, single use under concurrent redemption, expiry, foreign codes, per-stay caps,
 * a charge that never goes below zero, and the driver's own code on a prepaid reservation with its receipt.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../core/time';
import { moveStays } from '../gate/stay-move.service';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, reservations, validations } from '../db/schema';
import { driver, HOUR, inMinutes, makeLot, MINUTE, reserve } from '../test/booking-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import { apply, codes, exit, grossOf, merchant, owner, seedValidations, tomorrow, walkIn } from '../test/validation-fixtures';

beforeAll(seedValidations);

describe('issuing', () => {
  it('registers a merchant and makes a batch of distinct single-use codes; bad input is a 400 and writes nothing', async () => {
    const lotId = await makeLot(2);
    const { merchant: shop, linkToken } = await merchant(lotId, { perStayCapCents: 10_000 });
    expect(linkToken).toBeNull();
    const batch = await codes(shop.id, { count: 20, amountCents: 5_000 });
    expect(new Set(batch).size).toBe(20);
    for (const code of batch) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const list = await (await call(`/api/owner/lots/${lotId}/merchants`, { cookie: owner })).json<
      { name: string; unusedCodes: number }[]
    >();
    expect(list).toMatchObject([{ name: 'Jollibee', unusedCodes: 20 }]);

    for (const json of [
      { count: 1, expiresAt: tomorrow() },
      { count: 1, hours: 2, amountCents: 100, expiresAt: tomorrow() },
      { count: 0, hours: 2, expiresAt: tomorrow() },
      { count: 1, hours: 2, expiresAt: 'soon' },
    ]) {
      const res = await call(`/api/owner/merchants/${shop.id}/codes`, { method: 'POST', cookie: owner, json });
      expect(res.status).toBe(400);
    }
    const past = await call(`/api/owner/merchants/${shop.id}/codes`, {
      method: 'POST',
      cookie: owner,
      json: { count: 1, hours: 1, expiresAt: new Date(Date.now() - MINUTE).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(await messageOf(past)).toBe('The expiry must be in the future.');
    expect(await db().select().from(validations).where(eq(validations.merchantId, shop.id))).toHaveLength(20);
    // Issuing value a merchant will be invoiced for is audited, once for the batch.
    expect(
      await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.subject, `merchant:${shop.id}`)),
    ).toMatchObject([{ action: 'ISSUE_VALIDATION_CODES' }]);
  });
});

describe('redeeming at the exit', () => {
  it('a code works once: of ten stays redeeming it at the same moment exactly one succeeds', async () => {
    const lotId = await makeLot(10);
    const { merchant: shop } = await merchant(lotId);
    const [code] = await codes(shop.id, { amountCents: 2_000 });
    const stays = await Promise.all(Array.from({ length: 10 }, (_, i) => walkIn(lotId, `RACE ${100 + i}`, 30)));
    const answers = await Promise.all(stays.map((id) => apply(id, lotId, code)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) expect(await messageOf(res)).toMatch(/works once/);
    const rows = await db().select().from(validations).where(eq(validations.code, code));
    expect(rows).toHaveLength(1);
    expect(stays).toContain(rows[0].checkinId);
    // The same stay asking twice at once: one redemption too.
    const [again] = await codes(shop.id, { amountCents: 2_000 });
    const twice = await Promise.all([apply(stays[0], lotId, again), apply(stays[0], lotId, again), apply(stays[0], lotId, again)]);
    expect(twice.map((res) => res.status).sort()).toEqual([201, 409, 409]);
  });

  it('lowers the exit charge by the code, lists it with its merchant, and never goes below zero', async () => {
    const lotId = await makeLot(3);
    const gross = await grossOf(lotId, 150);
    expect(gross).toBeGreaterThan(2_000);
    const { merchant: shop } = await merchant(lotId, { name: 'National Book Store' });
    const [twenty] = await codes(shop.id, { amountCents: 2_000 });
    const stay = await walkIn(lotId, 'VAL 1001', 150);
    const applied = await apply(stay, lotId, twenty.toLowerCase().replace('-', ' '));
    expect(applied.status, await applied.clone().text()).toBe(201);
    expect(await applied.json()).toMatchObject({ validations: [{ merchantName: 'National Book Store', label: '₱20.00 off' }] });
    const closed = await exit(stay, lotId, 'VAL 1001');
    expect(closed).toMatchObject({ amountCents: gross - 2_000, validatedCents: 2_000 });
    expect(closed.validations).toEqual([{ merchantName: 'National Book Store', label: '₱20.00 off', code: twenty, valueCents: 2_000 }]);
    expect((await db().select().from(validations).where(eq(validations.code, twenty)))[0]).toMatchObject({ valueCents: 2_000 });

    // Worth more than the stay owes: the charge is zero and the validation gives only what was owed.
    const [big] = await codes(shop.id, { amountCents: 500_000 });
    const short = await walkIn(lotId, 'VAL 1002', 150);
    expect((await apply(short, lotId, big)).status).toBe(201);
    expect(await exit(short, lotId, 'VAL 1002')).toMatchObject({ amountCents: 0, validatedCents: gross });
    // Hours free: 24 hours free of a 3-hour stay is all of it, nothing below zero.
    const [hours] = await codes(shop.id, { hours: 24 });
    const free = await walkIn(lotId, 'VAL 1003', 150);
    expect((await apply(free, lotId, hours)).status).toBe(201);
    expect(await exit(free, lotId, 'VAL 1003')).toMatchObject({
      amountCents: 0,
      validatedCents: gross,
      validations: [{ label: '24 h free' }],
    });
  });

  it('one hour free takes the last hour off the charge', async () => {
    const lotId = await makeLot(3);
    const oneHour = await grossOf(lotId, 50);
    const twoHours = await grossOf(lotId, 110);
    const { merchant: shop } = await merchant(lotId);
    const [code] = await codes(shop.id, { hours: 1 });
    const stay = await walkIn(lotId, 'HRS 1001', 110);
    expect((await apply(stay, lotId, code)).status).toBe(201);
    const closed = await exit(stay, lotId, 'HRS 1001');
    expect(closed.amountCents).toBe(oneHour);
    expect(closed.validatedCents).toBe(twoHours - oneHour);
  });

  it('refuses an expired, a used, an unknown and another lot’s code with a clear 4xx, and nothing changes', async () => {
    const lotId = await makeLot(2);
    const otherLot = await makeLot(1);
    const { merchant: here } = await merchant(lotId);
    const { merchant: there } = await merchant(otherLot, { name: 'SM Cinema' });
    const [expired, used] = await codes(here.id, { count: 2, amountCents: 1_000 });
    await db()
      .update(validations)
      .set({ expiresAt: new Date(Date.now() - MINUTE).toISOString() })
      .where(eq(validations.code, expired));
    const [foreign] = await codes(there.id, { amountCents: 1_000 });
    const stay = await walkIn(lotId, 'BAD 1001', 30);
    const other = await walkIn(lotId, 'BAD 1002', 30);
    expect((await apply(other, lotId, used)).status).toBe(201);

    const cases = [
      [expired, 409, /^Code .+ expired on /],
      [used, 409, /was already used on .+ a code works once\.$/],
      [foreign, 409, /is a validation of SM Cinema at Test Lot .+: it does not work at this lot\.$/],
      ['ZZZZZ-ZZZZZ', 404, /^No validation code ZZZZZ-ZZZZZ/],
      ['nope', 400, /looks like ABCDE-23456/],
    ] as const;
    for (const [code, status, message] of cases) {
      const res = await apply(stay, lotId, code);
      expect(res.status, code).toBe(status);
      expect(await messageOf(res)).toMatch(message);
    }
    expect(await db().select().from(validations).where(eq(validations.checkinId, stay))).toHaveLength(0);
    // After the exit, nothing more applies to the stay.
    await exit(stay, lotId, 'BAD 1001');
    const [late] = await codes(here.id, { amountCents: 1_000 });
    const res = await apply(stay, lotId, late);
    expect(res.status).toBe(409);
    const leftMessage = await messageOf(res);
    expect(leftMessage).toMatch(/already left/);
    // The same once the stay has moved out of D1 into the lot's object (docs/gate.md, Where a stay lives).
    expect(await moveStays(env, db(), lotId, Date.now() + 3 * DAY_MS)).toBe('done');
    const moved = await apply(stay, lotId, late);
    expect([moved.status, await messageOf(moved)]).toEqual([409, leftMessage]);
  });

  it('a merchant gives one stay at most its per-stay cap, however many codes', async () => {
    const lotId = await makeLot(2);
    const gross = await grossOf(lotId, 170);
    expect(gross).toBeGreaterThan(5_000);
    const { merchant: shop } = await merchant(lotId, { perStayCapCents: 3_000 });
    const [a, b, c] = await codes(shop.id, { count: 3, amountCents: 2_000 });
    const stay = await walkIn(lotId, 'CAP 1001', 170);
    expect((await apply(stay, lotId, a)).status).toBe(201);
    expect((await apply(stay, lotId, b)).status).toBe(201);
    const third = await apply(stay, lotId, c);
    expect(third.status).toBe(409);
    expect(await messageOf(third)).toBe('This stay already has ₱30.00 validated by Jollibee, the most it gives one stay.');
    const closed = await exit(stay, lotId, 'CAP 1001');
    expect(closed).toMatchObject({ amountCents: gross - 3_000, validatedCents: 3_000 });
    expect(closed.validations!.map((v) => v.valueCents)).toEqual([2_000, 1_000]);
  });

  it('an undone check-in gives its code back', async () => {
    const lotId = await makeLot(1);
    const { merchant: shop } = await merchant(lotId);
    const [code] = await codes(shop.id, { amountCents: 1_000 });
    const res = await call('/api/checkins/enter', { method: 'POST', cookie: owner, json: { lotId, plate: 'UND 1001' }, headers: key() });
    const { id } = await res.json<{ id: string }>();
    expect((await apply(id, lotId, code)).status).toBe(201);
    const undo = await call(`/api/checkins/${id}/undo`, { method: 'POST', cookie: owner, json: { lotId }, headers: key() });
    expect(undo.status).toBe(200);
    expect((await db().select().from(validations).where(eq(validations.code, code)))[0]).toMatchObject({
      redeemedAt: null,
      checkinId: null,
    });
  });
});

describe('a prepaid reservation', () => {
  it('the driver applies a code before leaving; only the overstay is lowered; the receipt lists the validation and its merchant', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1, plate: 'RES 1234' })).json<{
      id: string;
      amountCents: number;
    }>();
    const { token } = await (await call(`/api/reservations/${booking.id}/pass`, { cookie })).json<{ token: string }>();
    const entered = await call('/api/checkins/enter', {
      method: 'POST',
      cookie: owner,
      json: { lotId, plate: 'RES 1234', passToken: token },
      headers: key(),
    });
    const { id } = await entered.json<{ id: string }>();
    const end = Date.now() - 61 * MINUTE;
    await db()
      .update(reservations)
      .set({ startTs: new Date(end - HOUR).toISOString(), endTs: new Date(end).toISOString() })
      .where(eq(reservations.id, booking.id));
    const { merchant: shop } = await merchant(lotId, { name: 'Mercury Drug' });
    const [code] = await codes(shop.id, { amountCents: 500_000 });
    // The driver enters the code on their stay's screen before leaving; another driver cannot.
    const byDriver = (who: string) => call(`/api/reservations/${booking.id}/validations`, { method: 'POST', cookie: who, json: { code } });
    expect((await byDriver((await driver(0)).cookie)).status).toBe(404);
    const applied = await byDriver(cookie);
    expect(applied.status, await applied.clone().text()).toBe(201);
    expect(await applied.json()).toMatchObject({ validations: [{ merchantName: 'Mercury Drug' }] });
    const closed = await exit(id, lotId, 'RES 1234');
    // The overstay is free; the prepaid hour is not paid back.
    expect(closed.amountCents).toBe(0);
    expect(closed.validatedCents).toBeGreaterThan(0);
    const receipt = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<{
      amountCents: number;
      validations: { merchantName: string; valueCents: number }[];
    }>();
    expect(receipt.amountCents).toBe(booking.amountCents);
    expect(receipt.validations).toMatchObject([
      { merchantName: 'Mercury Drug', label: '₱5,000.00 off', valueCents: closed.validatedCents },
    ]);
  });
});
