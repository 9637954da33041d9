import { describe, expect, it } from 'vitest';
import { manilaHourKey } from '../../core/forecast';
import { newId } from '../db/ids';
import { call } from '../test/helpers';
import { rawLot, run } from '../test/raw-records';

/**
 * The arrival-time forecast (core/forecast.ts, docs/search.md) against a history written as records,
 * counted by the stay rollup's triggers, and computed here by hand.
 */
const HOUR = 3600_000;
const WEEK = 7 * 24 * HOUR;
const SLOTS = 10;

/** An approved lot of ten car slots, and a driver whose stays fill its history. */
async function lotWithSlots() {
  const { lotId, drivers } = await rawLot('Forecast Lot', 1);
  const driverId = drivers[0];
  for (let n = 1; n <= SLOTS; n++) await run(`INSERT INTO slots (id, lot_id, label) VALUES (?, ?, ?)`, newId(), lotId, `F${n}`);
  const stay = (startMs: number, minutes: number) =>
    run(
      `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES (?, ?, ?, 'COMPLETED', ?, ?, 5000)`,
      newId(),
      driverId,
      lotId,
      new Date(startMs).toISOString(),
      new Date(startMs + minutes * 60_000).toISOString(),
    );
  return { lotId, stay };
}

/** The top of the Manila hour two days from now, at least a day ahead: its week has not come round yet. */
function arrival() {
  const at = Date.now() + 2 * 24 * HOUR;
  return manilaHourKey(at) * 1000 - 8 * HOUR;
}

const forecast = async (lotId: string, at: number) => {
  const res = await call(`/api/lots/${lotId}/forecast?at=${encodeURIComponent(new Date(at).toISOString())}`);
  expect(res.status).toBe(200);
  return res.json<{ weekday: string; hour: string; total: number; weeks: number; usuallyFree: number | null }>();
};

describe('GET /api/lots/:id/forecast', () => {
  it('averages the same weekday and hour over the weeks since the lot’s first stay', async () => {
    const { lotId, stay } = await lotWithSlots();
    const at = arrival();
    // One week back: 3 cars the whole hour. Two: 2 cars, and one for half of it. Three: 1 car.
    for (let car = 0; car < 3; car++) await stay(at - WEEK, 60);
    await stay(at - 2 * WEEK, 60);
    await stay(at - 2 * WEEK, 60);
    await stay(at - 2 * WEEK + 30 * 60_000, 30);
    await stay(at - 3 * WEEK, 60);
    // Five weeks back, the lot's first stay, at another hour: weeks four and five count, as empty hours.
    await stay(at - 5 * WEEK - 8 * HOUR, 60);
    // A stay in the hour before and after the arrival's is not counted.
    await stay(at - WEEK - HOUR, 60);
    await stay(at - WEEK + HOUR, 60);
    // Held: 3 + 2.5 + 1 + 0 + 0 = 6.5 slot-hours over 5 weeks, 1.3 on average: usually 9 of 10 free.
    const answer = await forecast(lotId, at + 20 * 60_000);
    expect(answer).toMatchObject({ total: SLOTS, weeks: 5, usuallyFree: 9 });
    expect(answer.hour).toBe(`${String(new Date(at + 8 * HOUR).getUTCHours()).padStart(2, '0')}:00`);
  });

  it('says there is too little history when the lot’s stays go back under three weeks', async () => {
    const { lotId, stay } = await lotWithSlots();
    const at = arrival();
    for (let car = 0; car < 4; car++) await stay(at - WEEK, 60);
    await stay(at - 2 * WEEK, 60);
    expect(await forecast(lotId, at)).toMatchObject({ weeks: 2, usuallyFree: null });
  });

  it('says the same of a lot with no stays at all, and refuses a missing or malformed time', async () => {
    const { lotId } = await lotWithSlots();
    expect(await forecast(lotId, arrival())).toMatchObject({ weeks: 0, usuallyFree: null, total: SLOTS });
    expect((await call(`/api/lots/${lotId}/forecast`)).status).toBe(400);
    const bad = await call(`/api/lots/${lotId}/forecast?at=friday`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.any(String) });
    expect((await call(`/api/lots/${newId()}/forecast?at=${encodeURIComponent(new Date().toISOString())}`)).status).toBe(404);
  });
});
