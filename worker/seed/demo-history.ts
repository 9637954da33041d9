/**
 * A few months of demo history for the demo owner's lots, up to the moment it is loaded, so a
 * newcomer's Dashboard, Reports, forecasts and pricing suggestions show what the product does for
 * owners (docs/owner.md, "Demo history"). Written into the same records the product writes —
 * customers with wallets, reservations, their charges (bookings, extensions, refunds of
 * cancellations), the gate's check-ins and check-outs, walk-ins paid in cash — so the rollups'
 * triggers count it as they count everything else. Each is priced as its lot prices it (a rate card
 * by the slot's vehicle class: `pricesTable`).
 *
 * Each slot of each lot, each day, gets a rank (seeded: a fixed function of the day, the lot and the
 * slot); the lot's kind says from when to when a slot of that rank is taken (demo-patterns.ts), and
 * that span is cut into back-to-back stays, each either booked or a drive-in. So the share of slots
 * taken follows Metro Manila's weekday and weekend patterns, and no slot ever holds two stays at once.
 * Today's stays run up to now: those that have not ended are the cars inside now (walk-ins and
 * ACTIVE bookings, which the lot objects then follow: lot-records.service.ts).
 *
 * Set-based SQL over a scratch table of the stays, because three months of a dozen lots is a few
 * hundred thousand rows. Not simulated: the customers' top-ups, wallet ledgers and receipts (the
 * demo driver has those: demo-driver.ts). The customers cannot sign in.
 */
import { quote } from '../../core/pricing';
import { addDays, HOUR_MS, manilaDate, manilaDateStart } from '../../core/time';
import { VEHICLE_TYPES } from '../../core/vehicles';
import { DEMO_LOTS, type DemoLot, demoPricingOf } from './demo-lots';
import { LOT_KINDS, OCCUPANCY_PATTERNS, occupiedSpans } from './demo-patterns';
import { DEMO_ACCOUNTS } from './seed';

export const DEMO_HISTORY_DAYS = 42;
export const DEMO_CUSTOMERS = 300;
/** Every demo customer's e-mail is `customerNNN@` this domain. */
export const DEMO_CUSTOMER_DOMAIN = 'demo.parkada.ph';
/** One stay in this many is booked through the app; the others drive in and pay at the exit. */
const BOOKED_ONE_IN = 5;

const FIRST_NAMES = ['Andrea', 'Paolo', 'Bea', 'Carlo', 'Dana', 'Enzo', 'Gabby', 'Migs', 'Pia', 'Rico', 'Tin', 'Vince'];
const LAST_NAMES = ['Reyes', 'Cruz', 'Garcia', 'Mendoza', 'Torres', 'Santos', 'Bautista'];

const owner = DEMO_ACCOUNTS.find((account) => account.role === 'owner_admin')!.email;
/** A new UUID v4 in SQL, one per row. */
export const uuid = `lower(printf('%s-%s-4%s-8%s-%s', hex(randomblob(4)), hex(randomblob(2)), substr(hex(randomblob(2)), 2), substr(hex(randomblob(2)), 2), hex(randomblob(6))))`;
const counter = (name: string, to: number, from = 0) =>
  `${name}(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM ${name} WHERE n < ${to})`;
const iso = (seconds: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
const list = (items: string[]) => `'${JSON.stringify(items)}'`;
/** A seeded draw in 0 … m − 1 from integer expressions: the same inputs, the same draw. */
const draw = (m: number, ...parts: string[]) =>
  `(abs(${parts.reduce((mixed, part) => `(${mixed}) * 7919 + ${part}`)} * 2654435761 + 40503) % 1000003 % ${m})`;

/** The scratch table of every stay: one row per stay, its ids drawn once so the records can refer to each other. */
const STAYS = 'demo_history_stays';
/** The scratch table of `occupiedSpans`, keyed by kind (its index) × 1024 + weekend × 512 + rank (below 512), so a slot's day finds its span by key. */
const SPANS = 'demo_history_spans';

function spansTable(): string[] {
  const rows = occupiedSpans().map(([kind, weekend, q, a, b]) => `(${LOT_KINDS.indexOf(kind) * 1024 + weekend * 512 + q}, ${a}, ${b})`);
  return [
    `CREATE TABLE ${SPANS} (key INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL)`,
    `INSERT INTO ${SPANS} VALUES ${rows.join(', ')}`,
  ];
}

/** The scratch table of each lot's price of a stay, by the stay's slot's vehicle class and billed hours. */
const PRICES = 'demo_history_prices';
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Each lot's price, by `quote` (core/pricing.ts), of 1 to its kind's longest stay in billed hours, per
 * vehicle class, with a rate card's lines. Exact for every stay the history makes: a stay is at least
 * 30 minutes, so past any grace, and a card's price then depends on the class and the started hours
 * only, since no demo card charges an overnight fee (the history's stays keep within a Manila day, and
 * are not priced by night). A progressive lot pays its tiers; band rates are not applied.
 */
function pricesTable(demoLots: DemoLot[]): string[] {
  const rows = demoLots.flatMap((lot) => {
    const pricing = demoPricingOf(lot);
    if (pricing.rateCard?.overnight) throw new Error(`${lot.name}: the demo history cannot price a card's overnight fee`);
    return VEHICLE_TYPES.flatMap((vehicleType) =>
      Array.from({ length: OCCUPANCY_PATTERNS[lot.kind].stayHours[1] }, (_, i) => {
        const { totalCents, lines } = quote(pricing, (i + 1) * HOUR_MS, 0, { vehicleType });
        return `(${text(lot.name)}, '${vehicleType}', ${i + 1}, ${totalCents}, ${lines ? text(JSON.stringify(lines)) : 'NULL'})`;
      }),
    );
  });
  return [
    `CREATE TABLE ${PRICES} (price_lot TEXT NOT NULL, price_vehicle TEXT NOT NULL, price_hours INTEGER NOT NULL, price_cents INTEGER NOT NULL,
       price_lines TEXT, PRIMARY KEY (price_lot, price_vehicle, price_hours)) WITHOUT ROWID`,
    `INSERT INTO ${PRICES}
       WITH v(name, vehicle, hours, cents, lines) AS (VALUES ${rows.join(', ')})
       SELECT l.id, v.vehicle, v.hours, v.cents, v.lines FROM v JOIN lots l ON l.name = v.name JOIN users u ON u.id = l.owner_id AND u.email = '${owner}'`,
  ];
}

/** A stay's price of `billed` hours at its lot for its vehicle class, or (`price_lines`) the card's lines of it. */
const priced = (billed: string, column: 'price_cents' | 'price_lines' = 'price_cents') =>
  `(SELECT ${column} FROM ${PRICES} WHERE price_lot = lot_id AND price_vehicle = vehicle_type AND price_hours = ${billed})`;

function staysTable(now: Date, days: number, demoLots: DemoLot[]): string {
  const firstDay = addDays(manilaDate(now), -days);
  const dayZero = manilaDateStart(firstDay).getTime() / 1000;
  const nowS = Math.floor(now.getTime() / 1000);
  const seconds = (clock: string) => Number(clock.slice(0, 2)) * 3600 + Number(clock.slice(3)) * 60;
  // A lot's own hours bound its kind's spans; a 24/7 day ends at 23:59, so its last stay leaves by 23:45.
  const kinds = `kinds(name, kind, demand, lo, hi, open, close) AS (VALUES ${demoLots
    .map(
      (lot) =>
        `('${lot.name.replaceAll("'", "''")}', ${LOT_KINDS.indexOf(lot.kind)}, ${lot.demand}, ${OCCUPANCY_PATTERNS[lot.kind].stayHours.join(', ')}, ${seconds(lot.hours.open)}, ${Math.min(seconds(lot.hours.close), 86400 - 900)})`,
    )
    .join(', ')})`;
  const lots = `lots_(k, id, kind, demand, lo, hi, open, close) AS (
    SELECT row_number() OVER (ORDER BY l.name), l.id, kinds.kind, kinds.demand, kinds.lo, kinds.hi, kinds.open, kinds.close
      FROM lots l JOIN users u ON u.id = l.owner_id AND u.email = '${owner}' JOIN kinds ON kinds.name = l.name)`;
  const day = `${dayZero} + d.n * 86400`;
  // A quieter lot's ranks are stretched by its demand, and every lot has busier and quieter days (90–112%).
  const rank = `${draw(100, 'd.n', 'l.k', 's.rowid')} * (90 + ${draw(23, 'd.n', 'l.k')}) / l.demand`;
  const length = `(l.lo + ${draw(1000, 'd.n', 's.rowid', 'l.k + 7')} % (l.hi - l.lo + 1)) * 3600`;
  return `CREATE TABLE ${STAYS} AS
    WITH RECURSIVE ${counter('d', days)}, ${kinds}, ${lots},
      spans_(lot_k, lot_id, vehicle_type, slot_i, slot_id, label, dn, a, b, len) AS (
        SELECT l.k, l.id, s.vehicle_type, s.rowid, s.id, s.label, d.n,
               ${day} + max(p.a * 60, l.open) + ${draw(4, 'd.n', 's.rowid', 'l.k + 3')} * 900,
               ${day} + min(p.b * 60, l.close) - ${draw(3, 'd.n', 's.rowid', 'l.k + 5')} * 900, ${length}
          FROM d, lots_ l JOIN slots s ON s.lot_id = l.id AND s.active = 1
          JOIN ${SPANS} p ON p.key = l.kind * 1024 + (strftime('%w', ${day} + 28800, 'unixepoch') IN ('0', '6')) * 512 + ${rank})
    SELECT lot_k, lot_id, vehicle_type, slot_id, label, dn,
           a + t.n * len + (t.n > 0) * 900 AS s, min(a + (t.n + 1) * len, b) AS e,
           ${draw(BOOKED_ONE_IN, 'dn', 'slot_i', 't.n', 'lot_k')} = 0 AS booked,
           ${draw(1000, 'dn', 'slot_i', 't.n', 'lot_k + 11')} AS r,
           ${uuid} AS id, ${uuid} AS checkin_id
      FROM spans_ JOIN rollup_hours t ON t.n < (b - a + len - 1) / len
     WHERE a + t.n * len + (t.n > 0) * 900 + 1800 <= min(a + (t.n + 1) * len, b) AND a + t.n * len + (t.n > 0) * 900 <= ${nowS}`;
}

/** Whether the stay has ended by `now`: if not, the car is inside. */
const ended = (nowS: number) => `e <= ${nowS}`;
/** A booking's status: one in fifteen cancelled, one in twenty-five a no-show, the others parked (until now). */
const status = (nowS: number) =>
  `CASE WHEN r % 15 = 0 THEN 'CANCELLED' WHEN r % 25 = 1 THEN 'EXPIRED' WHEN ${ended(nowS)} THEN 'COMPLETED' ELSE 'ACTIVE' END`;
/** Billed whole hours; one parked stay in eight of two hours or more was extended by its last hour. */
const hours = `((e - s + 3599) / 3600)`;
/** The hours a booking bought when it was made: all of them, or all but the last it was extended by. */
const bookedHours = (nowS: number) => `(${hours} - ${extended(nowS)})`;
const extended = (nowS: number) => `(r % 8 = 3 AND e - s >= 7200 AND ${ended(nowS)} AND r % 15 <> 0 AND r % 25 <> 1)`;

function customersSql(): string[] {
  const name = (names: string[]) => `json_extract(${list(names)}, '$[' || (n % ${names.length}) || ']')`;
  return [
    `INSERT INTO users (id, email, password_hash, first_name, last_name, phone)
       WITH RECURSIVE ${counter('c', DEMO_CUSTOMERS, 1)}
       SELECT ${uuid}, 'customer' || printf('%03d', n) || '@${DEMO_CUSTOMER_DOMAIN}', '!', ${name(FIRST_NAMES)}, ${name(LAST_NAMES)}, '+63917' || printf('%07d', 5550000 + n) FROM c`,
    `INSERT INTO preferences (user_id) SELECT id FROM users WHERE email LIKE '%@${DEMO_CUSTOMER_DOMAIN}'`,
    `INSERT INTO wallets (id, user_id) SELECT ${uuid}, id FROM users WHERE email LIKE '%@${DEMO_CUSTOMER_DOMAIN}'`,
  ];
}

function bookingsSql(nowS: number): string[] {
  const booked = `FROM ${STAYS} WHERE booked`;
  return [
    // Booked shortly before arriving, as on-demand parking is; a cancellation comes a quarter of an hour before the start.
    `INSERT INTO reservations (id, user_id, lot_id, slot_id, vehicle_plate, status, start_ts, end_ts, amount_cents, created_at, cancelled_at)
       SELECT b.id, (SELECT id FROM users WHERE email = 'customer' || printf('%03d', 1 + ${draw(DEMO_CUSTOMERS, 'dn', 'r', 'lot_k')}) || '@${DEMO_CUSTOMER_DOMAIN}'),
              lot_id, slot_id,
              'N' || char(65 + (r + lot_k) % 26) || char(65 + (dn + r) % 26) || ' ' || printf('%04d', 1000 + (dn * 37 + r * 53 + lot_k) % 9000),
              ${status(nowS)}, ${iso('s')}, ${iso('e')}, ${priced(hours)},
              ${iso(`s - 1800 - (r % 6) * 1800`)}, CASE WHEN r % 15 = 0 THEN ${iso('s - 900')} END
         FROM ${STAYS} b WHERE booked`,
    `INSERT INTO charges (id, reservation_id, lot_id, kind, amount_cents, lines_json, created_at)
       SELECT ${uuid}, id, lot_id, 'BOOKING', ${priced(bookedHours(nowS))}, ${priced(bookedHours(nowS), 'price_lines')}, ${iso(`s - 1800 - (r % 6) * 1800`)} ${booked}`,
    `INSERT INTO charges (id, reservation_id, lot_id, kind, amount_cents, created_at)
       SELECT ${uuid}, id, lot_id, 'REFUND', -${priced(hours)}, ${iso('s - 900')} ${booked} AND r % 15 = 0`,
    // The extension paid the whole stay less the hours bought, as extensionCents prices it.
    `INSERT INTO charges (id, reservation_id, lot_id, kind, amount_cents, created_at)
       SELECT ${uuid}, id, lot_id, 'EXTENSION', ${priced(hours)} - ${priced(bookedHours(nowS))}, ${iso('e - 3600 - 600')} ${booked} AND ${extended(nowS)}`,
    // The gate saw every parked stay: in a few minutes after its start (by now at the latest), out a few minutes before its end (not yet, for the cars inside).
    `INSERT INTO checkins (id, lot_id, reservation_id, plate, slot_id, slot_label, entry_ts, exit_ts, amount_cents)
       SELECT b.checkin_id, b.lot_id, b.id, r.vehicle_plate, b.slot_id, b.label, ${iso(`min(s + (b.r % 7) * 60, ${nowS})`)},
              CASE WHEN ${ended(nowS)} THEN ${iso('e - (b.r % 11) * 60')} END, 0
         FROM ${STAYS} b JOIN reservations r ON r.id = b.id WHERE b.booked AND r.status IN ('COMPLETED', 'ACTIVE')`,
  ];
}

/**
 * The history's SQL statements: the `days` Manila days before today, and today up to `now`, at the
 * demo lots given (all of them but for bench:scale, which writes a year at a few).
 */
export function demoHistorySql(now = new Date(), days = DEMO_HISTORY_DAYS, demoLots = DEMO_LOTS): string[] {
  const nowS = Math.floor(now.getTime() / 1000);
  return [
    ...customersSql(),
    ...spansTable(),
    ...pricesTable(demoLots),
    staysTable(now, days, demoLots),
    ...bookingsSql(nowS),
    // The drive-ins, paid in cash at the exit, on the slot the gate gave them.
    `INSERT INTO checkins (id, lot_id, plate, slot_id, slot_label, walk_in, entry_ts, exit_ts, amount_cents, paid_by)
       SELECT checkin_id, lot_id, 'W' || char(65 + (r + lot_k) % 26) || char(65 + (dn * 3 + r) % 26) || ' ' || printf('%04d', 2000 + (dn * 17 + r * 7) % 7000),
              slot_id, label, 1, ${iso('s')}, CASE WHEN ${ended(nowS)} THEN ${iso('e')} END,
              CASE WHEN ${ended(nowS)} THEN ${priced(hours)} END, CASE WHEN ${ended(nowS)} THEN 'cash' END
         FROM ${STAYS} WHERE NOT booked`,
    `DROP TABLE ${STAYS}`,
    `DROP TABLE ${SPANS}`,
    `DROP TABLE ${PRICES}`,
  ];
}

/** The scratch table of when each demo lot opened. */
const OPENED = 'demo_lots_opened';

/**
 * Run after every other demo statement: each of the demo owner's lots opened at 10 AM (Manila) the day
 * before its first record (a booking made, a car in, a price change), approved then and submitted two
 * days before, so what counts from a lot's creation (the pricing page's insights, docs/pricing.md)
 * reads the same history the reports do. Its pricing row was last updated at its last price change,
 * else when it opened. A lot with no earlier record keeps its date.
 */
export function demoLotsOpenedSql(): string[] {
  const dayBefore = (at: string, shift = '') =>
    `strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '+8 hours', 'start of day', '-1 day', '+2 hours'${shift})`;
  return [
    `CREATE TABLE ${OPENED} AS
       SELECT l.id AS lot_id, ${dayBefore('min(f.at)')} AS opened
         FROM lots l JOIN users u ON u.id = l.owner_id AND u.email = '${owner}'
         JOIN (SELECT lot_id, created_at AS at FROM reservations UNION ALL SELECT lot_id, entry_ts FROM checkins
               UNION ALL SELECT lot_id, changed_at FROM price_changes) f ON f.lot_id = l.id
        GROUP BY l.id HAVING ${dayBefore('min(f.at)')} < l.created_at`,
    `UPDATE lot_submissions SET decided_at = o.opened, submitted_at = strftime('%Y-%m-%dT%H:%M:%fZ', o.opened, '-2 days')
       FROM ${OPENED} o WHERE o.lot_id = lot_submissions.lot_id`,
    `UPDATE pricing SET updated_at = coalesce((SELECT max(changed_at) FROM price_changes c WHERE c.lot_id = pricing.lot_id), o.opened)
       FROM ${OPENED} o WHERE o.lot_id = pricing.lot_id`,
    `UPDATE lots SET created_at = o.opened FROM ${OPENED} o WHERE o.lot_id = lots.id`,
    `DROP TABLE ${OPENED}`,
  ];
}
