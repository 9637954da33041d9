/**
 * The plate retention in the archive (docs/privacy.md, Retention): a bookings' period whose month ended
 * 13 months ago is rewritten with its plates masked, once, beside the moves into it, against real R2 and D1.
 */
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { archivedRowsOf } from '../archive/archive.service';
import { moveReservations } from '../archive/reservations-archive.service';
import { archivedPeriods } from '../db/schema';
import { latestBackgroundFailure } from '../health/background-failures.data';
import { archiveContext, failingBucket, replacing } from '../test/archive-fixtures';
import { db, seedOnce } from '../test/helpers';
import { rawLot, run } from '../test/raw-records';
import { applyRetention } from './retention.service';

beforeAll(seedOnce);

/** 2026-11-28, 00:05 in Manila: plates of stays ended before 2025-10-27 16:05 UTC are past their 13 months. */
const now = Date.parse('2026-11-27T16:05:00Z');
/** The latest month wholly past the period, and one that ended only partly before it. */
const PAST = '2025-09';
const PARTLY_PAST = '2025-10';

/** A completed booking of the lot's driver, ended at `end`, with its plate. */
const booked = (lot: { lotId: string; drivers: string[] }, plate: string, end: string) =>
  run(
    `INSERT INTO reservations (id, user_id, lot_id, vehicle_plate, status, start_ts, end_ts, amount_cents)
       VALUES (?, ?, ?, ?, 'COMPLETED', ?, ?, 8000)`,
    crypto.randomUUID(),
    lot.drivers[0],
    lot.lotId,
    plate,
    new Date(Date.parse(end) - 3_600_000).toISOString(),
    end,
  );

/** Moves every booking of the lot over for a week into its period, as the archive's Queue does. */
async function moveAll(lotId: string) {
  while (await moveReservations(archiveContext(), lotId, new Date(now)));
}

/** A lot whose bookings ended in PAST and PARTLY_PAST (before the cutoff too) are archived, plates in full. */
async function archivedLot(name: string) {
  const lot = await rawLot(name, 1);
  await booked(lot, 'NBC 1234', '2025-09-15T03:00:00.000Z');
  await booked(lot, 'ABC 5678', '2025-10-05T03:00:00.000Z');
  await moveAll(lot.lotId);
  return lot;
}

const platesIn = async (lotId: string, month: string) =>
  (await archivedRowsOf(archiveContext(), 'reservations', lotId, { from: month, to: month })).map((row) => row.vehiclePlate);

const maskedAt = async (lotId: string, month: string) => {
  const [row] = await db()
    .select({ at: archivedPeriods.platesMaskedAt })
    .from(archivedPeriods)
    .where(and(eq(archivedPeriods.kind, 'reservations'), eq(archivedPeriods.lotId, lotId), eq(archivedPeriods.month, month)));
  return row.at;
};

/** The ARCHIVE bucket, counting its puts. */
function countingPuts() {
  const puts: string[] = [];
  const bucket = replacing(env.ARCHIVE, 'put', (key: string, value: ArrayBuffer, options?: R2PutOptions) => {
    puts.push(key);
    return env.ARCHIVE.put(key, value, options);
  });
  return { bucket, puts };
}

const retention = (bindings: Partial<typeof env> = {}, database = db()) => applyRetention({ ...env, ...bindings }, database, now);

describe('plates in the archived bookings', () => {
  it('masks a period whose month ended 13 months ago and marks it; a younger one is untouched; a second run rewrites nothing', async () => {
    const { lotId } = await archivedLot('Archived Plates Lot');
    expect(await platesIn(lotId, PAST)).toEqual(['NBC 1234']);

    const first = countingPuts();
    const { plates } = await retention({ ARCHIVE: first.bucket });
    expect(plates['archived booking periods']).toBe(1);
    expect(first.puts).toEqual([`reservations/${lotId}/${PAST}.ndjson.gz`]);
    expect(await platesIn(lotId, PAST)).toEqual(['NBC ••34']);
    expect(await maskedAt(lotId, PAST)).toBe(new Date(now).toISOString());
    expect(await platesIn(lotId, PARTLY_PAST)).toEqual(['ABC 5678']);
    expect(await maskedAt(lotId, PARTLY_PAST)).toBeNull();

    const again = countingPuts();
    expect((await retention({ ARCHIVE: again.bucket })).plates['archived booking periods']).toBe(0);
    expect(again.puts).toEqual([]);
  });

  it('leaves a period unmarked when R2 refuses its write, shows the failure in System Health, and masks it on the next run', async () => {
    const { lotId } = await archivedLot('Archived Plates Outage Lot');
    const { signIns } = await retention({ ARCHIVE: failingBucket() });
    // The rest of the retention still ran.
    expect(signIns).toBeTypeOf('number');
    expect(await platesIn(lotId, PAST)).toEqual(['NBC 1234']);
    expect(await maskedAt(lotId, PAST)).toBeNull();
    expect(await latestBackgroundFailure(db())).toMatchObject({ job: 'Retention', message: 'R2 unavailable' });

    await retention();
    expect(await platesIn(lotId, PAST)).toEqual(['NBC ••34']);
    expect(await maskedAt(lotId, PAST)).not.toBeNull();
  });

  it('masks again a period that a late move added a booking to after it was masked', async () => {
    const lot = await archivedLot('Archived Plates Late Move Lot');
    await retention();
    await booked(lot, 'LTE 4321', '2025-09-20T03:00:00.000Z');
    await moveAll(lot.lotId);
    expect(await platesIn(lot.lotId, PAST)).toEqual(['NBC ••34', 'LTE 4321']);
    expect(await maskedAt(lot.lotId, PAST)).toBeNull();

    await retention();
    expect(await platesIn(lot.lotId, PAST)).toEqual(['NBC ••34', 'LTE ••21']);
  });

  it('never marks a period that a move rewrote meanwhile: the slower writer is refused, or its mark is', async () => {
    const lot = await archivedLot('Archived Plates Race Lot');
    // A booking over late moves into the period right after the retention read it: the retention's put is refused.
    const movedFirst = replacing(env.ARCHIVE, 'get', async (key: string) => {
      const object = (await env.ARCHIVE.get(key))!;
      const body = new Response(await object.arrayBuffer()).body;
      await booked(lot, 'RCE 1111', '2025-09-21T03:00:00.000Z');
      await moveAll(lot.lotId);
      return { etag: object.etag, body };
    });
    await retention({ ARCHIVE: movedFirst });
    expect(await platesIn(lot.lotId, PAST)).toEqual(['NBC 1234', 'RCE 1111']);
    expect(await maskedAt(lot.lotId, PAST)).toBeNull();

    // Another is moved in and listed between the retention's put and its own D1 batch: no mark.
    let raced = false;
    const movesBeforeBatch = Object.assign(db(), {
      $client: replacing(env.DB, 'batch', async (statements: D1PreparedStatement[]) => {
        if (!raced && (await platesIn(lot.lotId, PAST)).includes('NBC ••34')) {
          raced = true;
          await booked(lot, 'RCE 2222', '2025-09-22T03:00:00.000Z');
          await moveAll(lot.lotId);
        }
        return env.DB.batch(statements);
      }),
    });
    await retention({}, movesBeforeBatch);
    expect(raced).toBe(true);
    expect(await platesIn(lot.lotId, PAST)).toEqual(['NBC ••34', 'RCE ••11', 'RCE 2222']);
    expect(await maskedAt(lot.lotId, PAST)).toBeNull();

    await retention();
    expect(await platesIn(lot.lotId, PAST)).toEqual(['NBC ••34', 'RCE ••11', 'RCE ••22']);
    expect(await maskedAt(lot.lotId, PAST)).not.toBeNull();
  });
});
