/**
 * The attendant's check-in at the gate, beside a trivial request.
 *   npm start            (in another terminal; PORT and BASE_URL to choose another port)
 *   npm run bench:gate [-- --requests 30]
 * Signs in as the demo attendant and, at the lot they work, times one at a time and interleaved, after
 * two warm-up rounds, the gate screen's own check-in of a walk-in car (`POST /api/checkins/enter`
 * with its Idempotency-Key, as web/features/gate/gate-api.ts sends it) and `GET /api/auth/user`. Each
 * car is undone at once, untimed, so the lot's slots end as they began (the audit log keeps both).
 * Prints p50 and p95 of each and the check-in's p95 against the trivial one's: the figure the gate
 * must keep while its records move (issue 46). It ends within 5 minutes (bench/time-limit.ts).
 */
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT, DEMO_PASSWORD } from '../worker/seed/seed';
import { api, json, percentile } from './client';
import { endWithin } from './time-limit';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '30' } } });
const requests = Number(values.requests);
const attendant = DEMO_ACCOUNTS.find((account) => account.role === 'attendant')!;
/** Two letters of this run, so a plate left inside by a run stopped halfway never refuses the next one's. */
const run = Math.floor(Date.now() / 1000);
const plate = (i: number) => `B${String.fromCharCode(65 + (run % 26), 65 + (Math.floor(run / 26) % 26))} ${1000 + i}`;
const keyed = () => ({ 'Idempotency-Key': crypto.randomUUID() });

async function timed(request: () => Promise<Response>, expected: number) {
  const began = performance.now();
  const res = await request();
  const body = await res.text();
  const ms = performance.now() - began;
  if (res.status !== expected) throw new Error(`${res.url}: ${res.status} ${body}`);
  return { ms, body };
}

async function main() {
  endWithin(5);
  const login = await api('/api/auth/login', {
    method: 'POST',
    json: { email: attendant.email, password: DEMO_PASSWORD },
    headers: { 'CF-Connecting-IP': '2001:db8:be::9a7e' },
  });
  if (!login.ok) throw new Error(`attendant sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const lots = await json<{ id: string; name: string }[]>(await api('/api/attendant/lots', { cookie }));
  const lotId = lots.find((lot) => lot.name === DEMO_ATTENDANT_LOT)!.id;

  const checkIn = (i: number) =>
    api('/api/checkins/enter', { method: 'POST', cookie, headers: keyed(), json: { lotId, plate: plate(i), vehicleType: 'car' } });
  const times = { 'POST /api/checkins/enter (a walk-in)': [] as number[], 'GET /api/auth/user (signed in)': [] as number[] };
  for (let i = -2; i < requests; i++) {
    const entered = await timed(() => checkIn(i + 2), 201);
    const { id } = JSON.parse(entered.body) as { id: string };
    await timed(() => api(`/api/checkins/${id}/undo`, { method: 'POST', cookie, headers: keyed(), json: { lotId } }), 200);
    const trivial = await timed(() => api('/api/auth/user', { cookie }), 200);
    // The first two rounds warm the isolate and SQLite's cache.
    if (i < 0) continue;
    times['POST /api/checkins/enter (a walk-in)'].push(entered.ms);
    times['GET /api/auth/user (signed in)'].push(trivial.ms);
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const trivialP95 = percentile(times['GET /api/auth/user (signed in)'], 95);
  console.log(`${requests} check-ins at ${DEMO_ATTENDANT_LOT}, each undone, interleaved with the trivial request, one at a time`);
  for (const [label, list] of Object.entries(times))
    console.log(
      `${label.padEnd(38)} p50 ${percentile(list, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(list, 95).toFixed(1).padStart(7)} ms   p95 ${(percentile(list, 95) / trivialP95).toFixed(1)}× trivial`,
    );
}

await main();
