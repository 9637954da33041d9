/**
 * A few months of demo history for the demo owner's lots, so a newcomer's Dashboard and Reports show
 * what the product does for owners (README, "Demo data"). Written into the same records the product
 * writes — customers with wallets, reservations, their charges (bookings, extensions, refunds of
 * cancellations), the gate's check-ins and check-outs, walk-ins paid in cash — so the rollups'
 * triggers count it as they count everything else. Set-based SQL (a day × booking grid), because a
 * few months of a dozen lots is tens of thousands of rows; every figure is a fixed function of the
 * day, the lot and the booking's number, so a run is reproducible apart from the ids.
 *
 * Not simulated: the customers' top-ups and wallet ledgers, and receipts. The customers cannot sign in.
 */
import { addDays, manilaDate, manilaDateStart } from '../../core/time';
import { DEMO_ACCOUNTS } from './seed';

export const DEMO_HISTORY_DAYS = 90;
export const DEMO_CUSTOMERS = 60;
/** Every demo customer's e-mail is `customerNN@` this domain. */
export const DEMO_CUSTOMER_DOMAIN = 'demo.parkada.ph';
/** Reservations of the history carry this idempotency key prefix, which ties their charges and stays to them. */
const KEY = 'demo-history:';

const FIRST_NAMES = ['Andrea', 'Paolo', 'Bea', 'Carlo', 'Dana', 'Enzo', 'Gabby', 'Migs', 'Pia', 'Rico', 'Tin', 'Vince'];
const LAST_NAMES = ['Reyes', 'Cruz', 'Garcia', 'Mendoza', 'Torres'];

const owner = DEMO_ACCOUNTS.find((account) => account.role === 'owner_admin')!.email;
/** A new UUID v4 in SQL, one per row. */
export const uuid = `lower(printf('%s-%s-4%s-8%s-%s', hex(randomblob(4)), hex(randomblob(2)), substr(hex(randomblob(2)), 2), substr(hex(randomblob(2)), 2), hex(randomblob(6))))`;
const counter = (name: string, to: number, from = 0) =>
  `${name}(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM ${name} WHERE n < ${to})`;
const iso = (seconds: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
const list = (items: string[]) => items.map((item) => `'${item}'`).join(', ');

/** The history's SQL statements: the `days` Manila days before the day of `now`. */
export function demoHistorySql(now = new Date(), days = DEMO_HISTORY_DAYS): string[] {
  const firstDay = addDays(manilaDate(now), -days);
  const dayZero = manilaDateStart(firstDay).getTime() / 1000;
  // The demo owner's lots, numbered, with their rate and slot count.
  const lots = `lots_(k, id, rate, slots) AS (
    SELECT row_number() OVER (ORDER BY l.name), l.id, p.base_rate, (SELECT count(*) FROM slots s WHERE s.lot_id = l.id)
      FROM lots l JOIN users u ON u.id = l.owner_id AND u.email = '${owner}' JOIN pricing p ON p.lot_id = l.id)`;
  // Booking n of day d at lot k: starts 08:00–16:45 Manila and lasts 1–4 h (5 with an extension), so it
  // ends by 21:45, inside every demo lot's hours; more bookings on Fridays and weekends.
  const start = `${dayZero} + d.n * 86400 + (8 + (d.n * 5 + n.n * 7 + l.k * 3) % 9) * 3600 + ((n.n * 13) % 4) * 900`;
  const hours = `(1 + (d.n + n.n * 3 + l.k) % 4)`;
  const busy = `(CASE strftime('%w', ${dayZero} + d.n * 86400, 'unixepoch') WHEN '0' THEN 14 WHEN '5' THEN 14 WHEN '6' THEN 16 ELSE 10 END)`;
  return [
    `INSERT INTO users (id, email, password_hash, first_name, last_name, phone)
       WITH RECURSIVE ${counter('c', DEMO_CUSTOMERS, 1)}
       SELECT ${uuid}, 'customer' || printf('%02d', n) || '@${DEMO_CUSTOMER_DOMAIN}', '!', first, last, '+63917' || printf('%07d', 5550000 + n)
         FROM (SELECT n, json_extract('[${list(FIRST_NAMES).replaceAll("'", '"')}]', '$[' || (n % ${FIRST_NAMES.length}) || ']') AS first,
                      json_extract('[${list(LAST_NAMES).replaceAll("'", '"')}]', '$[' || (n % ${LAST_NAMES.length}) || ']') AS last FROM c)`,
    `INSERT INTO preferences (user_id) SELECT id FROM users WHERE email LIKE '%@${DEMO_CUSTOMER_DOMAIN}'`,
    `INSERT INTO wallets (id, user_id) SELECT ${uuid}, id FROM users WHERE email LIKE '%@${DEMO_CUSTOMER_DOMAIN}'`,
    // One in fifteen cancelled (refunded in full the evening before), one in twenty-five a no-show, the rest parked.
    `INSERT INTO reservations (id, user_id, lot_id, slot_id, vehicle_plate, status, start_ts, end_ts, amount_cents, idempotency_key, created_at, cancelled_at)
       WITH RECURSIVE ${counter('d', days - 1)}, ${counter('n', 79)}, ${lots},
            slots_(lot_id, i, id) AS (SELECT lot_id, row_number() OVER (PARTITION BY lot_id ORDER BY label) - 1, id FROM slots)
       SELECT ${uuid},
              (SELECT id FROM users WHERE email = 'customer' || printf('%02d', 1 + (d.n * 7 + n.n * 11 + l.k) % ${DEMO_CUSTOMERS}) || '@${DEMO_CUSTOMER_DOMAIN}'),
              l.id,
              s.id,
              'N' || char(65 + (n.n + l.k) % 26) || char(65 + (d.n + n.n) % 26) || ' ' || printf('%04d', 1000 + (d.n * 37 + n.n * 53 + l.k) % 9000),
              CASE WHEN (d.n + n.n * 2 + l.k) % 15 = 0 THEN 'CANCELLED' WHEN (d.n * 3 + n.n + l.k) % 25 = 0 THEN 'EXPIRED' ELSE 'COMPLETED' END,
              ${iso(start)}, ${iso(`${start} + ${hours} * 3600`)}, l.rate * ${hours},
              '${KEY}' || d.n || ':' || n.n || ':' || l.k,
              ${iso(`${start} - 86400 - (n.n % 5) * 3600`)},
              CASE WHEN (d.n + n.n * 2 + l.k) % 15 = 0 THEN ${iso(`${start} - 3 * 3600`)} END
         FROM d, lots_ l, n
         JOIN slots_ s ON s.lot_id = l.id AND s.i = (n.n * 3 + d.n) % l.slots
        WHERE n.n < max(2, l.slots * ${busy} / 100)`,
    `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at)
       SELECT ${uuid}, id, 'BOOKING', amount_cents, created_at FROM reservations WHERE idempotency_key LIKE '${KEY}%'`,
    `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at)
       SELECT ${uuid}, id, 'REFUND', -amount_cents, cancelled_at FROM reservations WHERE idempotency_key LIKE '${KEY}%' AND status = 'CANCELLED'`,
    // One parked stay in eight was extended by an hour while parked.
    `UPDATE reservations SET end_ts = ${iso(`unixepoch(end_ts) + 3600`)},
            amount_cents = amount_cents + (SELECT base_rate FROM pricing WHERE pricing.lot_id = reservations.lot_id)
      WHERE idempotency_key LIKE '${KEY}%' AND status = 'COMPLETED' AND abs(unixepoch(start_ts) / 900) % 8 = 3`,
    `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at)
       SELECT ${uuid}, r.id, 'EXTENSION', p.base_rate, ${iso(`unixepoch(r.end_ts) - 3600 - 600`)}
         FROM reservations r JOIN pricing p ON p.lot_id = r.lot_id
        WHERE r.idempotency_key LIKE '${KEY}%' AND r.status = 'COMPLETED' AND abs(unixepoch(r.start_ts) / 900) % 8 = 3`,
    // The gate saw every parked stay: in a few minutes after its start, out a few minutes before its end.
    `INSERT INTO checkins (id, lot_id, reservation_id, plate, slot_id, slot_label, entry_ts, exit_ts, amount_cents)
       SELECT ${uuid}, r.lot_id, r.id, r.vehicle_plate, r.slot_id, (SELECT label FROM slots WHERE id = r.slot_id),
              ${iso(`unixepoch(r.start_ts) + (abs(unixepoch(r.start_ts)) % 7) * 60`)}, ${iso(`unixepoch(r.end_ts) - (abs(unixepoch(r.end_ts)) % 11) * 60`)}, 0
         FROM reservations r WHERE r.idempotency_key LIKE '${KEY}%' AND r.status = 'COMPLETED'`,
    // A few drive-ins a day at each lot, paid in cash at the exit.
    `INSERT INTO checkins (id, lot_id, plate, walk_in, entry_ts, exit_ts, amount_cents, paid_by)
       WITH RECURSIVE ${counter('d', days - 1)}, ${counter('w', 4)}, ${lots}
       SELECT ${uuid}, l.id, 'W' || char(65 + (w.n + l.k) % 26) || 'K ' || printf('%04d', 2000 + (d.n * 17 + w.n * 7) % 7000), 1,
              ${iso(`${dayZero} + d.n * 86400 + (9 + w.n * 2 + l.k % 3) * 3600`)},
              ${iso(`${dayZero} + d.n * 86400 + (9 + w.n * 2 + l.k % 3) * 3600 + (1 + (d.n + w.n) % 3) * 3600`)},
              l.rate * (1 + (d.n + w.n) % 3), 'cash'
         FROM d, w, lots_ l`,
  ];
}
