/**
 * The demo driver's own past (README, "Demo data"): top-ups through GCash, and completed stays at
 * several demo lots, each booked and paid from the wallet with its charge, its numbered receipt in
 * the lot's series and the gate's check-in and check-out, priced as the lot prices them (`quote`), written as the booking's batch writes them
 * (worker/reservations/booking.service.ts: reservation, charge, receipt, ledger row) with the times they
 * happened. The ledger's PAYMENT rows carry the points `pointsForSpend` gives, and the ledger trigger
 * moves the balance and the points. Each stay takes a slot that no stay of the demo history holds then.
 * Runs after the demo history (demo-history.ts), whose stays it keeps clear of.
 */
import { quote, vatIncluded } from '../../core/pricing';
import { receiptInitials } from '../../core/receipts';
import { addDays, manilaDate, manilaDateStart } from '../../core/time';
import { pointsForSpend } from '../../core/wallet';
import { newId } from '../db/ids';
import { DEMO_LOTS, demoPricingOf } from './demo-lots';
import { DEMO_ACCOUNTS } from './seed';

const driver = DEMO_ACCOUNTS.find((account) => account.role === 'parking_user')!.email;
const DRIVER_PLATE = 'NDC 4821';
/** GCash top-ups before the stays: days before today, and pesos. */
const TOPUPS: [number, number][] = [
  [40, 1000],
  [24, 1000],
  [9, 500],
];
/** The driver's stays: days before today, the lot, the Manila hour of arrival and the hours parked. */
export const DRIVER_STAYS: [number, string, number, number][] = [
  [39, 'Greenbelt 3 Parking', 14, 3],
  [37, 'Salcedo Village Park & Go', 9, 2],
  [33, 'SM Mall of Asia North Parking', 16, 4],
  [30, 'The Podium Car Park', 10, 2],
  [26, 'Greenbelt 3 Parking', 18, 2],
  [23, 'Bonifacio High Street Parking', 15, 3],
  [19, 'Salcedo Village Park & Go', 8, 3],
  [16, 'SM Mall of Asia North Parking', 13, 2],
  [12, 'Greenbelt 3 Parking', 11, 2],
  [8, 'The Podium Car Park', 14, 1],
  [5, 'Bonifacio High Street Parking', 17, 3],
  [2, 'Greenbelt 3 Parking', 15, 2],
];

const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
const isoAt = (ms: number) => q(new Date(ms).toISOString());
const userId = `(SELECT id FROM users WHERE email = ${q(driver)})`;
const walletId = `(SELECT id FROM wallets WHERE user_id = ${userId})`;
const lotId = (name: string) => `(SELECT id FROM lots WHERE name = ${q(name)})`;

function topupSql(dayStart: number, pesos: number): string[] {
  const id = newId();
  const at = isoAt(dayStart + 20 * 3600_000);
  return [
    `INSERT INTO payments (id, user_id, wallet_id, provider, method, amount_cents, status, provider_ref, completed_at, created_at)
       VALUES (${q(id)}, ${userId}, ${walletId}, 'sandbox', 'gcash', ${pesos * 100}, 'succeeded', ${q(`sbx_${id}`)}, ${at}, ${at})`,
    `INSERT INTO wallet_transactions (id, wallet_id, type, amount_cents, description, payment_reference, idempotency_key, created_at)
       VALUES (${q(newId())}, ${walletId}, 'TOPUP', ${pesos * 100}, 'Top-up via GCash', ${q(`sbx_${id}`)}, ${q(`payment:${id}`)}, ${at})`,
  ];
}

/** One stay: its slot is the lot's last car slot by label that no stay holds in its window. */
function staySql(dayStart: number, lotName: string, hour: number, hours: number): string[] {
  const lot = DEMO_LOTS.find((candidate) => candidate.name === lotName)!;
  const [id, start] = [newId(), dayStart + hour * 3600_000];
  const [end, booked] = [start + hours * 3600_000, start - 45 * 60_000];
  const { totalCents: amount, lines } = quote(demoPricingOf(lot), hours * 3600_000, start, { vehicleType: 'car' });
  const free = `(SELECT s.id FROM slots s WHERE s.lot_id = ${lotId(lotName)} AND s.active = 1 AND s.vehicle_type = 'car' AND NOT EXISTS (
      SELECT 1 FROM checkins k WHERE k.lot_id = s.lot_id AND k.slot_id = s.id AND k.entry_ts >= ${isoAt(start - 86400_000)} AND k.entry_ts < ${isoAt(end)}
         AND coalesce(k.exit_ts, '9') > ${isoAt(start)}) ORDER BY s.label DESC LIMIT 1)`;
  const initials = receiptInitials(lotName);
  return [
    `INSERT INTO reservations (id, user_id, lot_id, slot_id, vehicle_plate, status, start_ts, end_ts, amount_cents, created_at)
       VALUES (${q(id)}, ${userId}, ${lotId(lotName)}, ${free}, ${q(DRIVER_PLATE)}, 'COMPLETED', ${isoAt(start)}, ${isoAt(end)}, ${amount}, ${isoAt(booked)})`,
    `INSERT INTO charges (id, reservation_id, kind, amount_cents, lines_json, created_at)
       VALUES (${q(newId())}, ${q(id)}, 'BOOKING', ${amount}, ${lines ? q(JSON.stringify(lines)) : 'NULL'}, ${isoAt(booked)})`,
    // The lot's series opens with its first document (receipts.data.ts, openSeries), then gives the next number.
    `INSERT INTO receipt_series (lot_id, prefix, last_number)
       SELECT ${lotId(lotName)}, ${q(initials)} || (1 + coalesce((SELECT max(CAST(substr(prefix, ${initials.length + 1}) AS INTEGER)) FROM receipt_series WHERE prefix GLOB ${q(`${initials}[0-9]*`)}), 0)), 0
        WHERE NOT EXISTS (SELECT 1 FROM receipt_series WHERE lot_id = ${lotId(lotName)})`,
    `UPDATE receipt_series SET last_number = last_number + 1 WHERE lot_id = ${lotId(lotName)}`,
    `INSERT INTO receipts (id, kind, user_id, reservation_id, lot_id, seq, number, amount_cents, vat_cents, charge_lines, refund_lines, created_at)
       SELECT ${q(newId())}, 'RECEIPT', ${userId}, ${q(id)}, s.lot_id, s.last_number, s.prefix || '-' || printf('%06d', s.last_number), ${amount}, ${vatIncluded(amount)}, 1, 0, ${isoAt(booked)}
         FROM receipt_series s WHERE s.lot_id = ${lotId(lotName)}`,
    `INSERT INTO wallet_transactions (id, wallet_id, type, amount_cents, description, reservation_id, idempotency_key, points_delta, created_at)
       VALUES (${q(newId())}, ${walletId}, 'PAYMENT', ${-amount}, ${q(`Parking at ${lotName}`)}, ${q(id)}, ${q(`reservation:${id}:booking`)}, ${pointsForSpend(amount)}, ${isoAt(booked)})`,
    `INSERT INTO checkins (id, lot_id, reservation_id, plate, slot_id, slot_label, entry_ts, exit_ts, amount_cents)
       SELECT ${q(newId())}, r.lot_id, r.id, r.vehicle_plate, r.slot_id, (SELECT label FROM slots WHERE id = r.slot_id), ${isoAt(start + 4 * 60_000)}, ${isoAt(end - 6 * 60_000)}, 0
         FROM reservations r WHERE r.id = ${q(id)}`,
  ];
}

/** The driver's past, oldest first, ending before the day of `now`. */
export function demoDriverSql(now = new Date()): string[] {
  const dayStart = (daysBefore: number) => manilaDateStart(addDays(manilaDate(now), -daysBefore)).getTime();
  const events = [
    ...TOPUPS.map(([days, pesos]) => ({ at: dayStart(days), sql: topupSql(dayStart(days), pesos) })),
    ...DRIVER_STAYS.map(([days, lot, hour, hours]) => ({
      at: dayStart(days) + hour * 3600_000,
      sql: staySql(dayStart(days), lot, hour, hours),
    })),
  ];
  return events.sort((a, b) => a.at - b.at).flatMap((event) => event.sql);
}
