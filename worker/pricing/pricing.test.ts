import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, pricing, reservations, users } from '../db/schema';
import { driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce, signedInAs, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';

const TIERS = [
  { durationHours: 2, rateMultiplier: 1 },
  { durationHours: 6, rateMultiplier: 0.8 },
  { durationHours: 24, rateMultiplier: 0.5 },
];

const setPricing = (cookie: string, lotId: string, json: unknown) => call(`/api/pricing/${lotId}`, { method: 'PATCH', cookie, json });
const pricingRow = async (lotId: string) => (await db().select().from(pricing).where(eq(pricing.lotId, lotId)))[0];

let owner = '';
beforeAll(async () => {
  await seedOnce();
  owner = await cookieFor('owner_admin');
});

describe('PATCH /api/pricing/:lotId', () => {
  it('saves a static rate in centavos and quotes new bookings with it', async () => {
    const lotId = await makeLot(2);
    const res = await setPricing(owner, lotId, { lotId, strategy: 'STATIC', baseRate: 12_000, currency: 'PHP' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      lotId,
      strategy: 'STATIC',
      baseRate: 12_000,
      currency: 'PHP',
      progressiveJson: null,
      rateCard: null,
    });
    const availability = await (await call(`/api/lots/${lotId}/availability`)).json<{ quote: { totalCents: number } }>();
    expect(availability.quote.totalCents).toBe(12_000);
    // Audited in the same batch, with the price it replaced.
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PRICING'), eq(auditLogs.subject, `lot:${lotId}`)));
    expect(JSON.parse(entry.contextJson)).toMatchObject({
      from: { strategy: 'STATIC', baseRate: 4_000 },
      to: { strategy: 'STATIC', baseRate: 12_000 },
    });
  });

  it('saves exactly three progressive tiers, sent as a list or as JSON text', async () => {
    const lotId = await makeLot(2);
    expect((await setPricing(owner, lotId, { strategy: 'PROGRESSIVE', baseRate: 5_000, progressiveJson: TIERS })).status).toBe(200);
    expect(JSON.parse((await pricingRow(lotId)).progressiveJson!)).toEqual(TIERS);
    const asText = await setPricing(owner, lotId, { strategy: 'PROGRESSIVE', baseRate: 5_000, progressiveJson: JSON.stringify(TIERS) });
    expect(await asText.json()).toMatchObject({ strategy: 'PROGRESSIVE', progressiveJson: TIERS });
    // 7 h reaches the 6 h tier: 7 × ₱50 × 0.8.
    const availability = await (
      await call(`/api/lots/${lotId}/availability?start=${encodeURIComponent(inMinutes(60))}&durationHours=7`)
    ).json<{ quote: { totalCents: number; rateMultiplier: number } }>();
    expect(availability.quote).toMatchObject({ rateMultiplier: 0.8, totalCents: 28_000 });
    // Back to static clears the tiers.
    expect(await (await setPricing(owner, lotId, { strategy: 'STATIC', baseRate: 5_000 })).json()).toMatchObject({ progressiveJson: null });
  });

  it('refuses prices outside the bounds with 400 and changes nothing', async () => {
    const lotId = await makeLot(1);
    const before = await pricingRow(lotId);
    const tiersWith = (tier: object) => [{ ...TIERS[0], ...tier }, TIERS[1], TIERS[2]];
    const cases: [unknown, string][] = [
      [{ strategy: 'STATIC', baseRate: 999 }, 'The base rate is ₱10 to ₱500 an hour'],
      [{ strategy: 'STATIC', baseRate: 50_001 }, 'The base rate is ₱10 to ₱500 an hour'],
      [{ strategy: 'STATIC', baseRate: 1_000.5 }, 'The base rate is in whole centavos'],
      [{ strategy: 'STATIC', baseRate: 6_000, currency: 'USD' }, 'Prices are in PHP'],
      [{ strategy: 'PROGRESSIVE', baseRate: 6_000, progressiveJson: TIERS.slice(0, 2) }, 'Progressive pricing has exactly three tiers'],
      [{ strategy: 'PROGRESSIVE', baseRate: 6_000, progressiveJson: tiersWith({ durationHours: 25 }) }, 'Tier hours are 1 to 24'],
      [{ strategy: 'PROGRESSIVE', baseRate: 6_000, progressiveJson: tiersWith({ durationHours: 0 }) }, 'Tier hours are 1 to 24'],
      [
        { strategy: 'PROGRESSIVE', baseRate: 6_000, progressiveJson: tiersWith({ rateMultiplier: 2.1 }) },
        'Rate multipliers are 0.1 to 2.0',
      ],
      [
        { strategy: 'PROGRESSIVE', baseRate: 6_000, progressiveJson: tiersWith({ rateMultiplier: 0.05 }) },
        'Rate multipliers are 0.1 to 2.0',
      ],
      [
        { strategy: 'PROGRESSIVE', baseRate: 6_000, progressiveJson: tiersWith({ rateMultiplier: 0.85 }) },
        'Rate multipliers go in steps of 0.1',
      ],
      [
        { strategy: 'PROGRESSIVE', baseRate: 6_000, progressiveJson: tiersWith({ durationHours: 6 }) },
        'Each tier starts at a different number of hours',
      ],
      [{ strategy: 'DYNAMIC', baseRate: 6_000 }, ''],
      [{ lotId: crypto.randomUUID(), strategy: 'STATIC', baseRate: 6_000 }, 'The lotId in the body must match the lot in the path'],
    ];
    for (const [body, message] of cases) {
      const res = await setPricing(owner, lotId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json<{ message: string }>();
      expect(message ? answer.message : answer.message.length > 0, JSON.stringify(body)).toBe(message || true);
    }
    expect(await pricingRow(lotId)).toEqual(before);
  });

  it('keeps the price a reservation was sold at', async () => {
    const lotId = await makeLot(2);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60) })).json<{ id: string; amountCents: number }>();
    expect(booking.amountCents).toBe(8_000);
    await setPricing(owner, lotId, { strategy: 'STATIC', baseRate: 20_000 });
    const [row] = await db().select().from(reservations).where(eq(reservations.id, booking.id));
    expect(row.amountCents).toBe(8_000);
    expect(await (await call(`/api/reservations/${booking.id}`, { cookie })).json()).toMatchObject({ amountCents: 8_000 });
  });

  it('answers 404 for another owner’s lot and changes nothing', async () => {
    const lotId = await makeLot(1);
    const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
    const rival = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'space_owner' });
    await db().update(users).set({ role: 'owner_admin' }).where(eq(users.id, rival.id));
    const before = await pricingRow(lotId);
    expect((await setPricing(await signedInAs(rival.id), lotId, { strategy: 'STATIC', baseRate: 1_000 })).status).toBe(404);
    expect(await pricingRow(lotId)).toEqual(before);
  });
});
