import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../core/time';
import { driver, makeLot, reserve } from '../test/booking-fixtures';
import { atTheGate, type Checkin, gateExit, payCodeFor, walkIn } from '../test/gate-fixtures';
import { call } from '../test/helpers';

/** ₱50 for the first 3 hours, ₱20 each succeeding hour (docs/pricing.md, Rate card); no overnight fee, so any hour of the run prices alike. */
const CARD = {
  graceMinutes: 15,
  lostTicketCents: 20_000,
  classes: { car: { firstHours: 3, firstCents: 5_000, succeedingCents: 2_000 } },
};
const DEARER = { ...CARD, classes: { car: { firstHours: 2, firstCents: 9_000, succeedingCents: 4_000 } } };
type Receipt = { amountCents: number; lines: { label: string; amountCents: number; cardLines: { label: string; cents: number }[] }[] };

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

const setCard = async (lotId: string, rateCard: unknown) =>
  expect((await call(`/api/pricing/${lotId}`, { method: 'PATCH', cookie: owner, json: { strategy: 'RATE_CARD', rateCard } })).status).toBe(
    200,
  );
const receiptOf = async (cookie: string, id: string) => (await call(`/api/receipts/${id}`, { cookie })).json<Receipt>();
const nextHour = () => new Date(Math.ceil((Date.now() + HOUR_MS) / HOUR_MS) * HOUR_MS).toISOString();

describe("a receipt's lines at a rate-card lot", () => {
  it("shows the card's lines of a booking as charged, and a later change of card leaves them", async () => {
    const lotId = await makeLot(1);
    await setCard(lotId, CARD);
    const { cookie } = await driver();
    await reserve(cookie, { lotId, start: nextHour(), durationHours: 5 });
    const [listed] = (await (await call('/api/receipts', { cookie })).json<{ items: { id: string }[] }>()).items;
    const lines = [
      { label: 'first 3 h', cents: 5_000 },
      { label: '2 h succeeding', cents: 4_000 },
    ];
    expect(await receiptOf(cookie, listed.id)).toMatchObject({
      amountCents: 9_000,
      lines: [{ label: 'Parking', amountCents: 9_000, cardLines: lines }],
    });
    await setCard(lotId, DEARER);
    expect((await receiptOf(cookie, listed.id)).lines[0].cardLines).toEqual(lines);
  });

  it("shows the card's lines of a walk-in paid at the gate by pay code", async () => {
    const lotId = await makeLot(1);
    await setCard(lotId, CARD);
    const { cookie } = await driver();
    const car = await walkIn(lotId, 'WLK 4747', 4 * 60 + 10);
    const exit = await gateExit(owner, car.id, { lotId, plate: car.plate, payCode: await payCodeFor(cookie, lotId) });
    const paid = await exit.json<Checkin>();
    expect(paid.amountCents).toBe(9_000);
    expect((await receiptOf(cookie, paid.receiptId!)).lines[0].cardLines).toEqual([
      { label: 'first 3 h', cents: 5_000 },
      { label: '2 h succeeding', cents: 4_000 },
    ]);
  });
});
