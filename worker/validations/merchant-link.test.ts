/**
 * The merchant link, the audit trail of redemptions, and the merchants' billing (docs/passes.md,
 * "Merchant validations"): the cashier's link, each redemption's audit entry, the report and the
 * statement line.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { manilaDate, manilaMonthOf } from '../../core/time';
import { auditLogs, validations } from '../db/schema';
import { driver, failInserts, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import { apply, codes, exit, merchant, owner, seedValidations, walkIn } from '../test/validation-fixtures';

beforeAll(seedValidations);

describe('the merchant link', () => {
  it('validates a parked car by plate or Pass ID without an account, only at its lot, until revoked, and never tells whether a car is parked', async () => {
    const lotId = await makeLot(4);
    const otherLot = await makeLot(1);
    const { merchant: shop, linkToken } = await merchant(lotId, { name: 'Starbucks', link: { hours: 1 } });
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await call(`/api/merchant-links/${linkToken}`);
    const { lotName, ...shown } = await page.json<{ lotName: string; merchantName: string; worth: string }>();
    expect([lotName, shown]).toEqual([expect.stringMatching(/^Test Lot/), { merchantName: 'Starbucks', worth: '1 h free' }]);
    // One answer, the same status and message, whether the car is parked here (already validated), elsewhere or unknown.
    const validateOn = (car: { plate: string } | { passId: string }) =>
      call(`/api/merchant-links/${linkToken}/validations`, { method: 'POST', json: car });
    const answer = async (res: Response) => [res.status, await messageOf(res)];
    const nothingFor = (car: string) => [
      404,
      `Nothing to validate for ${car}: no such car is parked at ${lotName} now, or its stay is already validated by Starbucks.`,
    ];

    const stay = await walkIn(lotId, 'LNK 1001', 30);
    await walkIn(otherLot, 'LNK 2002', 30);
    const ok = await call(`/api/merchant-links/${linkToken}/validations`, { method: 'POST', json: { plate: 'lnk1001' } });
    expect(ok.status, await ok.clone().text()).toBe(201);
    // The plate only masked, as everywhere the link answers.
    expect(await ok.json()).toMatchObject({ plate: 'LNK ••01', merchantName: 'Starbucks', worth: '1 h free' });
    expect(await answer(await validateOn({ plate: 'LNK 1001' }))).toEqual(nothingFor('plate LNK 1001'));
    expect(await answer(await validateOn({ plate: 'ZZZ 9999' }))).toEqual(nothingFor('plate ZZZ 9999'));
    // Twins from the cashier's double tap on another car: one validation.
    const other = await walkIn(lotId, 'LNK 1003', 30);
    const tapped = await Promise.all(
      [1, 2, 3].map(() => call(`/api/merchant-links/${linkToken}/validations`, { method: 'POST', json: { plate: 'LNK 1003' } })),
    );
    expect(tapped.map((res) => res.status).sort()).toEqual([201, 404, 404]);
    expect(await db().select().from(validations).where(eq(validations.checkinId, other))).toHaveLength(1);
    // By the Pass ID under a driver's QR pass: the reserved car parked here.
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1, plate: 'LNK 4004' })).json<{
      id: string;
    }>();
    const { token: pass } = await (await call(`/api/reservations/${booking.id}/pass`, { cookie })).json<{ token: string }>();
    await call('/api/checkins/enter', {
      method: 'POST',
      cookie: owner,
      json: { lotId, plate: 'LNK 4004', passToken: pass },
      headers: key(),
    });
    const byPass = await call(`/api/merchant-links/${linkToken}/validations`, {
      method: 'POST',
      json: { passId: booking.id.slice(0, 8).toLowerCase() },
    });
    expect(byPass.status, await byPass.clone().text()).toBe(201);
    expect(await byPass.json()).toMatchObject({ plate: 'LNK ••04' });
    const passId = booking.id.slice(0, 8).toUpperCase();
    expect(await answer(await validateOn({ passId }))).toEqual(nothingFor(`Pass ID ${passId}`));
    expect(await answer(await validateOn({ passId: '0BADCAFE' }))).toEqual(nothingFor('Pass ID 0BADCAFE'));
    // A car at another lot is not this merchant's to validate.
    expect(await answer(await validateOn({ plate: 'LNK 2002' }))).toEqual(nothingFor('plate LNK 2002'));
    expect(await db().select().from(validations).where(eq(validations.checkinId, stay))).toMatchObject([{ source: 'link', hours: 1 }]);

    const revoked = await call(`/api/owner/merchants/${shop.id}/link`, { method: 'DELETE', cookie: owner });
    expect(await revoked.json()).toMatchObject({ linkActive: false });
    expect((await call(`/api/merchant-links/${linkToken}`)).status).toBe(404);
    const after = await call(`/api/merchant-links/${linkToken}/validations`, { method: 'POST', json: { plate: 'LNK 1001' } });
    expect(after.status).toBe(404);
    expect(await messageOf(after)).toMatch(/revoked/);
  });

  it('is rate-limited: past its allowance the cashier gets a 429', async () => {
    const lotId = await makeLot(1);
    const { linkToken } = await merchant(lotId, { link: { amountCents: 1_000 } });
    const tries = [];
    for (let i = 0; i < 31; i++)
      tries.push((await call(`/api/merchant-links/${linkToken}/validations`, { method: 'POST', json: { plate: `NON ${i}` } })).status);
    expect(tries.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(tries[30]).toBe(429);
  });
});

describe('the audit trail', () => {
  /** The REDEEM_VALIDATION entries of a validation. */
  const redemptionsOf = (validationId: string) =>
    db()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'REDEEM_VALIDATION'), sql`json_extract(${auditLogs.contextJson}, '$.validationId') = ${validationId}`),
      );

  it('records each redemption in its own batch: who (the merchant, the lot, the gate or the cashier link), which stay, what it takes off', async () => {
    const lotId = await makeLot(6);
    const { merchant: shop, linkToken } = await merchant(lotId, { name: 'Mercury Drug', link: { amountCents: 3_000 } });
    const [code] = await codes(shop.id, { hours: 2 });
    // Three stays redeeming one code at once: one redemption, one entry.
    const stays = await Promise.all([0, 1, 2].map((i) => walkIn(lotId, `AUD ${100 + i}`, 30)));
    const answers = await Promise.all(stays.map((id) => apply(id, lotId, code)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409]);
    const [redeemed] = await db().select().from(validations).where(eq(validations.code, code));
    const [entry] = await redemptionsOf(redeemed.id);
    expect(await redemptionsOf(redeemed.id)).toHaveLength(1);
    expect(entry).toMatchObject({ subject: `checkin:${redeemed.checkinId}`, actor: expect.stringContaining('<') });
    expect(entry.actorId).not.toBeNull();
    expect(JSON.parse(entry.contextJson)).toMatchObject({
      source: 'code',
      code,
      merchantId: shop.id,
      merchant: 'Mercury Drug',
      lotId,
      hours: 2,
      worth: '2 h free',
    });

    // The cashier's link: no account, so the entry names the link's merchant and lot; a double tap writes one.
    const tapped = await Promise.all(
      [1, 2].map(() => call(`/api/merchant-links/${linkToken}/validations`, { method: 'POST', json: { plate: 'AUD 101' } })),
    );
    expect(tapped.map((res) => res.status).sort()).toEqual([201, 404]);
    const [linked] = await db()
      .select()
      .from(validations)
      .where(and(eq(validations.checkinId, stays[1]), eq(validations.source, 'link')));
    const linkEntries = await redemptionsOf(linked.id);
    expect(linkEntries).toHaveLength(1);
    expect(linkEntries[0]).toMatchObject({
      actorId: null,
      actor: expect.stringMatching(/^Cashier link of Mercury Drug \(Test Lot/),
      subject: `checkin:${stays[1]}`,
    });
    expect(JSON.parse(linkEntries[0].contextJson)).toMatchObject({
      source: 'link',
      plate: 'AUD 101',
      amountCents: 3_000,
      worth: '₱30.00 off',
    });
  });

  it('never redeems without its entry: when the entry cannot be written, the code stays unused', async () => {
    const lotId = await makeLot(2);
    const { merchant: shop } = await merchant(lotId);
    const [code] = await codes(shop.id, { amountCents: 2_000 });
    const stay = await walkIn(lotId, 'AUD 201', 30);
    const fault = await failInserts('audit_logs', "NEW.action = 'REDEEM_VALIDATION'");
    try {
      expect((await apply(stay, lotId, code)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await fault.heal();
    }
    const [unused] = await db().select().from(validations).where(eq(validations.code, code));
    expect(unused).toMatchObject({ redeemedAt: null, checkinId: null });
    expect(await redemptionsOf(unused.id)).toHaveLength(0);
    expect((await apply(stay, lotId, code)).status).toBe(201);
    expect(await redemptionsOf(unused.id)).toHaveLength(1);
  });
});

describe('billing the merchants', () => {
  it('reports validations per merchant and month with the value given, and the statement shows it as its own line', async () => {
    const lotId = await makeLot(2);
    const { merchant: shop } = await merchant(lotId, { name: 'Rustan’s Supermarket' });
    const [a, b] = await codes(shop.id, { count: 2, amountCents: 1_500 });
    for (const [code, plate] of [
      [a, 'BIL 1001'],
      [b, 'BIL 1002'],
    ]) {
      const stay = await walkIn(lotId, plate, 90);
      expect((await apply(stay, lotId, code)).status).toBe(201);
      await exit(stay, lotId, plate);
    }
    const month = manilaMonthOf(new Date());
    const report = await (await call(`/api/owner/validations?from=${month}&to=${month}`, { cookie: owner })).json<
      { merchantId: string; month: string; redeemed: number; valueCents: number }[]
    >();
    expect(report.find((row) => row.merchantId === shop.id)).toMatchObject({ month, redeemed: 2, valueCents: 3_000 });
    const statement = await (await call(`/api/owner/statements?month=${month}`, { cookie: owner })).json<{
      lots: { lotId: string; validatedCents: number; collectedCents: number }[];
    }>();
    expect(statement.lots.find((lot) => lot.lotId === lotId)).toMatchObject({ validatedCents: 3_000 });
    // The report's Revenue tab shows it beside the money received, for the lot and the day.
    const today = manilaDate(new Date());
    const lotReport = await call(`/api/owner/reports?lotId=${lotId}&from=${today}&to=${today}`, { cookie: owner });
    expect(lotReport.status).toBe(200);
    expect((await lotReport.json<{ revenue: { validatedCents: number } }>()).revenue.validatedCents).toBe(3_000);
  });
});
