import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LotPlace } from '../../core/geo';
import { holdsSlot, passIdOf, type ReservationTab } from '../../core/booking';
import type { HistoryFilter } from '../../core/history';
import type { PriceQuote } from '../../core/pricing';
import { statementOf, type DB } from '../db/client';
import { lotOnSale } from '../db/lot-sale';
import { afterCursor, newestFirst, rowsToRead, type PageRequest } from '../db/pages';
import { lots, pricing, reservations, slots, vehicles, wallets, walletTransactions } from '../db/schema';
import { idempotencyKeyQuery, priorResourceOf, type IdempotentRequest } from '../db/idempotency-keys';
import type { BookingRecord, SlotInfo } from '../lot-object/protocol';
import { lotHours, lotRules } from '../../core/lot-json';
import { historyWhere } from '../db/history';
import { tabOf } from './reservation-lists.data';
import { lotPricingOf } from '../../core/lot-pricing';

const lotWithPricingQuery = (db: DB, lotId: string) =>
  db
    .select({
      lot: lots,
      onSale: lotOnSale,
      strategy: pricing.strategy,
      baseRate: pricing.baseRate,
      progressiveJson: pricing.progressiveJson,
      dynamicEnabled: pricing.dynamicEnabled,
      bandRatesJson: pricing.bandRatesJson,
      rateCardJson: pricing.rateCardJson,
      waiversJson: pricing.waiversJson,
    })
    .from(lots)
    .leftJoin(pricing, eq(pricing.lotId, lots.id))
    .where(eq(lots.id, lotId));

const activeSlotsQuery = (db: DB, lotId: string) =>
  db
    .select({
      id: slots.id,
      label: slots.label,
      accessible: slots.accessible,
      evCharging: slots.evCharging,
      vehicleType: slots.vehicleType,
      level: slots.level,
    })
    .from(slots)
    .where(and(eq(slots.lotId, lotId), eq(slots.active, true)));

const bookingLotOf = (
  row: Awaited<ReturnType<typeof lotWithPricingQuery>>[number] | undefined,
  slotRows: (SlotInfo & { level: string | null })[],
) =>
  row
    ? { ...row.lot, onSale: row.onSale, hours: lotHours(row.lot), rules: lotRules(row.lot), pricing: lotPricingOf(row), slots: slotRows }
    : null;

/** A lot with what booking needs: hours, rules, pricing and its active slots, in one D1 round trip. */
export async function lotForBooking(db: DB, lotId: string) {
  const [[row], slotRows] = await db.batch([lotWithPricingQuery(db, lotId), activeSlotsQuery(db, lotId)]);
  return bookingLotOf(row, slotRows);
}

/**
 * Everything a new booking reads, in one D1 round trip (every booking, and every refused one, pays
 * for it): what its idempotency key made before, the lot with its slots, the driver's wallet, and the
 * saved vehicle it names by id or plate.
 */
export async function readForBooking(
  db: DB,
  q: { request: IdempotentRequest; lotId: string; vehicle: { id: string } | { plate: string } },
) {
  const userId = q.request.userId;
  const [[key], [lot], slotRows, [wallet], [vehicle]] = await db.batch([
    idempotencyKeyQuery(db, q.request),
    lotWithPricingQuery(db, q.lotId),
    activeSlotsQuery(db, q.lotId),
    db.select().from(wallets).where(eq(wallets.userId, userId)),
    db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.userId, userId), 'id' in q.vehicle ? eq(vehicles.id, q.vehicle.id) : eq(vehicles.plate, q.vehicle.plate)))
      .limit(1),
  ]);
  // Every account gets its wallet at sign-up (users.data accountInserts).
  if (!wallet) throw new Error(`User ${userId} has no wallet`);
  return {
    prior: priorResourceOf(key, q.request),
    lot: bookingLotOf(lot, slotRows),
    walletId: wallet.id,
    balanceCents: wallet.balanceCents,
    vehicle: vehicle ?? null,
  };
}
export type BookableLot = NonNullable<Awaited<ReturnType<typeof lotForBooking>>>;

/** What a reservation's view shows of its lot and slot. */
const lotColumns = {
  lotName: lots.name,
  lotAddress: lots.address,
  geoLat: lots.geoLat,
  geoLng: lots.geoLng,
  entranceLat: lots.entranceLat,
  entranceLng: lots.entranceLng,
};
const slotColumns = { slotLabel: slots.label, slotLevel: slots.level };

const viewColumns = {
  id: reservations.id,
  status: reservations.status,
  version: reservations.version,
  startTs: reservations.startTs,
  endTs: reservations.endTs,
  amountCents: reservations.amountCents,
  vehiclePlate: reservations.vehiclePlate,
  vehicleId: reservations.vehicleId,
  slotId: reservations.slotId,
  priceSnapshotJson: reservations.priceSnapshotJson,
  createdAt: reservations.createdAt,
  cancelledAt: reservations.cancelledAt,
  lotId: lots.id,
  ...lotColumns,
  ...slotColumns,
  shareId: reservations.shareId,
};

const selectViews = (db: DB) =>
  db
    .select(viewColumns)
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .leftJoin(slots, eq(slots.id, reservations.slotId));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['all']>>[number];

/** A reservation as its driver sees it: with its pass id, the price quoted at booking, and whether its pass is shared (never the share's id). */
const toView = ({ priceSnapshotJson, shareId, ...row }: ViewRow) => ({
  ...row,
  shared: shareId !== null,
  passId: passIdOf(row.id),
  price: priceSnapshotJson ? (JSON.parse(priceSnapshotJson) as PriceQuote) : null,
});
export type ReservationView = ReturnType<typeof toView>;

type NewReservation = typeof reservations.$inferInsert & { id: string; createdAt: string; slotId: string };

/**
 * A new reservation as `findOwnReservation` reads it back once `row` is written: the booking knows
 * every field, so its answer needs no read (booking.test holds the two equal).
 */
export const newReservationView = (
  row: NewReservation,
  lot: { id: string; name: string; address: string | null } & LotPlace,
  slot: { label: string; level: string | null },
): ReservationView =>
  toView({
    id: row.id,
    status: row.status,
    version: 0,
    startTs: row.startTs,
    endTs: row.endTs,
    amountCents: row.amountCents,
    vehiclePlate: row.vehiclePlate ?? null,
    vehicleId: row.vehicleId ?? null,
    slotId: row.slotId,
    priceSnapshotJson: row.priceSnapshotJson ?? null,
    createdAt: row.createdAt,
    cancelledAt: null,
    lotId: lot.id,
    lotName: lot.name,
    lotAddress: lot.address,
    geoLat: lot.geoLat,
    geoLng: lot.geoLng,
    entranceLat: lot.entranceLat,
    entranceLng: lot.entranceLng,
    slotLabel: slot.label,
    slotLevel: slot.level,
    shareId: null,
  });

/** The user's own reservation, or null: another driver's reservation does not exist for them. */
export async function findOwnReservation(db: DB, userId: string, id: string) {
  const [row] = await selectViews(db).where(and(eq(reservations.id, id), eq(reservations.userId, userId)));
  return row ? toView(row) : null;
}

/** Archived reservations as their driver sees them: the rows as D1 held them, with their lots and slots, which stay in D1. */
export async function archivedReservationViews(db: DB, rows: (typeof reservations.$inferSelect)[]): Promise<ReservationView[]> {
  if (rows.length === 0) return [];
  const idsOf = (ids: (string | null)[]) => [...new Set(ids.filter((id) => id !== null))];
  const [lotRows, slotRows] = await Promise.all([
    db
      .select({ id: lots.id, ...lotColumns })
      .from(lots)
      .where(inArray(lots.id, idsOf(rows.map((row) => row.lotId)))),
    db
      .select({ id: slots.id, ...slotColumns })
      .from(slots)
      .where(inArray(slots.id, idsOf(rows.map((row) => row.slotId)))),
  ]);
  const lotOf = new Map(lotRows.map(({ id, ...lot }) => [id, lot]));
  const slotOf = new Map(slotRows.map(({ id, ...slot }) => [id, slot]));
  return rows.flatMap(({ userId: _, ...kept }) => {
    const lot = lotOf.get(kept.lotId);
    const slot = kept.slotId ? slotOf.get(kept.slotId) : undefined;
    return lot ? [toView({ ...kept, ...lot, slotLabel: slot?.slotLabel ?? null, slotLevel: slot?.slotLevel ?? null })] : [];
  });
}

/** Any reservation by id, with the share id its companion link must name: the shared pass is read by whoever holds the link. */
export async function findSharedReservation(db: DB, id: string) {
  const [row] = await selectViews(db).where(eq(reservations.id, id));
  return row ? { reservation: toView(row), shareId: row.shareId } : null;
}

/** The id the driver's shared reservation's link names, or null while it is not shared. */
export async function ownShareId(db: DB, userId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ shareId: reservations.shareId })
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.userId, userId)));
  return row?.shareId ?? null;
}

/** Shares the driver's reservation under `shareId`, only if it is not shared yet: its link stays the one already given. */
export const shareOwnReservationStatement = (db: DB, userId: string, id: string, shareId: string) =>
  statementOf(
    db,
    db
      .update(reservations)
      .set({ shareId })
      .where(and(eq(reservations.id, id), eq(reservations.userId, userId), isNull(reservations.shareId))),
  );

/** Revokes the companion link, if there is one: the share id it names is gone, and the next share makes a new one. */
export const stopSharingOwnReservationStatement = (db: DB, userId: string, id: string) =>
  statementOf(
    db,
    db
      .update(reservations)
      .set({ shareId: null })
      .where(and(eq(reservations.id, id), eq(reservations.userId, userId), isNotNull(reservations.shareId))),
  );

/** The rows of a page of the driver's reservations in D1 (one more than the page, to say whether another follows), latest start first, in one tab and/or matching the History filters. */
export async function ownReservationRows(
  db: DB,
  userId: string,
  list: { tab?: ReservationTab; filter: HistoryFilter; page: PageRequest },
  now = new Date(),
) {
  const rows = await selectViews(db)
    .where(
      and(
        eq(reservations.userId, userId),
        list.tab ? eq(tabOf(now), list.tab) : undefined,
        historyWhere(list.filter, now),
        afterCursor(reservations.startTs, reservations.id, list.page.cursor),
      ),
    )
    .orderBy(...newestFirst(reservations.startTs, reservations.id))
    .limit(rowsToRead(list.page));
  return rows.map(toView);
}

/** Net amount paid for a reservation according to the ledger (payments − refunds). */
export async function netPaid(db: DB, reservationId: string): Promise<number> {
  const [{ paid }] = await db
    .select({ paid: sql<number>`COALESCE(-SUM(${walletTransactions.amountCents}), 0)` })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.reservationId, reservationId), inArray(walletTransactions.type, ['PAYMENT', 'REFUND'])));
  return paid;
}

/** What the lot object must hold for a reservation, from its D1 row. */
export const bookingRecordOf = (row: {
  id: string;
  version: number;
  status: ReservationView['status'];
  slotId: string | null;
  startTs: string;
  endTs: string;
}): BookingRecord => ({
  reservationId: row.id,
  version: row.version,
  live: holdsSlot(row.status),
  slotId: row.slotId,
  startMs: Date.parse(row.startTs),
  endMs: Date.parse(row.endTs),
});

/**
 * A change of a reservation that applies only to the status and version it was read at (the version
 * moves on), followed by the guard that aborts the whole batch when it matched nothing.
 */
