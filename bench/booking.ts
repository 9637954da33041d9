/**
 * Booking throughput through one lot, and the proof that it never overbooks.
 *   npm start            (in another terminal)
 *   npm run bench:booking [-- --attempts 400 --concurrency 40 --drivers 10]
 * BASE_URL defaults to http://localhost:5173. All attempts book the same hour of The Fort Strip Open
 * Lot: of the next 14 days', the one with the most slots free (the demo's cars inside hold a few in
 * every hour to come, earlier runs fill theirs), so as many succeed as it has free and the rest are
 * refused. Prints bookings/s, the outcome counts, the bookings against the free count, and the number
 * of overbookings (two reservations sharing a slot in overlapping windows), which must be 0; and,
 * beside them, a floor measured in the same run at the same concurrency by the same drivers: the same
 * number of `GET /api/auth/user` (a session read, the cheapest signed-in request; after a warm-up, the
 * mean of one run before and one after the bookings), and the ratio of
 * booking requests/s to the floor's (target ≥ 0.5, docs/performance.md). With no slot free in any of
 * those hours, it says so and exits 1; and it ends within 10 minutes (bench/time-limit.ts).
 */
import { parseArgs } from 'node:util';
import { MAX_PAGE_SIZE, type Page } from '../core/paging';
import { DAY_MS, HOUR_MS } from '../core/time';
import type { availabilityOf } from '../worker/lots/lots.service';
import type { ReservationView } from '../worker/reservations/reservations.data';
import { api, fundedDriver, json } from './client';
import { endWithin } from './time-limit';

type Availability = Awaited<ReturnType<typeof availabilityOf>>;

const LOT_NAME = 'The Fort Strip Open Lot'; // 24/7, 60 slots
/** The hours searched for room: each of the 14 days from tomorrow, a day's hours asked at once. */
const DAYS_AHEAD = 14;
const { values } = parseArgs({
  options: {
    attempts: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '40' },
    drivers: { type: 'string', default: '10' },
  },
});
const attempts = Number(values.attempts);
const concurrency = Number(values.concurrency);
const driverCount = Number(values.drivers);

/** Every reservation of a driver, page after page. */
async function reservationsOf(cookie: string): Promise<ReservationView[]> {
  const all: ReservationView[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<ReservationView> = await json(
      await api(`/api/reservations?limit=${MAX_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookie }),
    );
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const overlaps = (a: { startTs: string; endTs: string }, b: { startTs: string; endTs: string }) =>
  a.startTs < b.endTs && b.startTs < a.endTs;

/** `attempts` requests with `concurrency` in flight; answers the seconds taken, counting statuses into `outcomes`. */
async function loop(request: (i: number) => Promise<Response>, outcomes = new Map<number, number>()) {
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < attempts) {
        const res = await request(next++);
        await res.arrayBuffer();
        outcomes.set(res.status, (outcomes.get(res.status) ?? 0) + 1);
      }
    }),
  );
  return (performance.now() - began) / 1000;
}

const availabilityAt = async (lotId: string, start: Date) =>
  json<Availability>(await api(`/api/lots/${lotId}/availability?start=${encodeURIComponent(start.toISOString())}&durationHours=1`));

/** The hour from tomorrow on, in the next DAYS_AHEAD days, with the most slots free (the earliest of equals). */
async function roomiestHour(lotId: string) {
  const firstHour = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + DAY_MS;
  let roomiest: { start: Date; before: Availability } | undefined;
  for (let day = 0; day < DAYS_AHEAD; day++) {
    const starts = Array.from({ length: 24 }, (_, hour) => new Date(firstHour + day * DAY_MS + hour * HOUR_MS));
    const answers = await Promise.all(starts.map((start) => availabilityAt(lotId, start)));
    answers.forEach((before, hour) => {
      if (!roomiest || before.free > roomiest.before.free) roomiest = { start: starts[hour], before };
    });
  }
  return roomiest!;
}

async function main() {
  endWithin(10);
  const {
    items: [lot],
  } = await json<Page<{ id: string; name: string }>>(await api(`/api/lots?q=${encodeURIComponent(LOT_NAME)}`));
  if (!lot) throw new Error(`${LOT_NAME} not found: is the demo data loaded?`);
  const { start, before } = await roomiestHour(lot.id);
  if (before.free === 0) throw new Error(`${LOT_NAME} has no slot free in any hour of the next ${DAYS_AHEAD} days: nothing to book.`);
  const drivers = await Promise.all(Array.from({ length: driverCount }, (_, i) => fundedDriver(i)));

  const outcomes = new Map<number, number>();
  const book = (i: number) =>
    api('/api/reservations', {
      method: 'POST',
      cookie: drivers[i % drivers.length],
      json: { lotId: lot.id, start: start.toISOString(), durationHours: 1, plate: 'ABC 1234' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
  const floor = () => loop((i) => api('/api/auth/user', { cookie: drivers[i % drivers.length] }));
  // A warm-up first (the server's code is compiled on first use), then the floor on both sides of the bookings.
  await floor();
  const floorBefore = await floor();
  const seconds = await loop(book, outcomes);
  const floorSeconds = (floorBefore + (await floor())) / 2;

  const mine = (await Promise.all(drivers.map(reservationsOf))).flat().filter((r) => r.lotId === lot.id && r.status === 'CONFIRMED');
  let overbookings = 0;
  for (let a = 0; a < mine.length; a++)
    for (let b = a + 1; b < mine.length; b++) if (mine[a].slotLabel === mine[b].slotLabel && overlaps(mine[a], mine[b])) overbookings++;
  const booked = outcomes.get(201) ?? 0;
  const after = await availabilityAt(lot.id, start);

  console.log(`lot: ${lot.name} (${before.total} slots, ${before.free} free for ${start.toISOString()} +1 h, the most of any hour)`);
  console.log(`attempts: ${attempts} with ${concurrency} in flight from ${driverCount} drivers in ${seconds.toFixed(2)} s`);
  console.log(`outcomes: ${[...outcomes].map(([status, count]) => `${status}×${count}`).join(', ')}`);
  console.log(`requests/s: ${(attempts / seconds).toFixed(1)}`);
  console.log(`floor (GET /api/auth/user, same run and concurrency): ${(attempts / floorSeconds).toFixed(1)} requests/s`);
  console.log(`ratio to the floor: ${(floorSeconds / seconds).toFixed(2)} (target ≥ 0.5)`);
  console.log(`bookings/s: ${(booked / seconds).toFixed(1)} (${booked} booked of the ${before.free} free; ${after.free} free after)`);
  console.log(`overbookings: ${overbookings}${booked > before.free ? ' — MORE BOOKINGS THAN FREE SLOTS' : ''}`);
  if (overbookings > 0 || booked > before.free) process.exitCode = 1;
}

await main();
