/**
 * An owner's lots: submit one for approval, edit it (resizing only around the slots bookings hold),
 * delete one that never served anyone. docs/owner.md describes the rules.
 */
import { formatDateTime } from '../../core/time';
import { DEFAULT_LEVEL, entranceProblem, slotPlan, type LotCreate, type LotUpdate, type SlotLayout } from '../../core/lot-form';
import { auditStatement } from '../audit/audit.data';
import { commit, statementOf, type DB } from '../db/client';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { refusal } from '../../core/refusal';
import type { HeldWindow } from '../lot-object/protocol';
import { afterCommit } from '../db/after-commit';
import { lotObject } from '../lot-object/stub';
import { assertManagesLot, availabilityOf, lotById, pageOfOwnersLots } from '../lots/lots.service';
import type { LotRow } from '../lots/lots.data';
import { pageOf, type PageRequest } from '../db/pages';
import { resubmitLot, reviewOfLot } from './lot-submissions.service';
import {
  deleteLotRow,
  insertLotWithSubmission,
  liveReservationCount,
  lotHasRecords,
  pendingListingOf,
  proposeListing,
  reactivateSlots,
  slotsOfLot,
  updateLotAndSlots,
  type Listing,
  type LotSlot,
  type SlotChanges,
} from './owner-lots.data';

const jsonColumns = (body: Pick<LotUpdate, 'hoursJson' | 'rulesJson' | 'amenitiesJson'>) => ({
  ...(body.hoursJson && { hoursJson: JSON.stringify(body.hoursJson) }),
  ...(body.rulesJson && { rulesJson: JSON.stringify(body.rulesJson) }),
  ...(body.amenitiesJson && { amenitiesJson: JSON.stringify(body.amenitiesJson) }),
});

/** The layout the lot's active slots describe today, as the form shows it. */
function layoutOf(slots: LotSlot[]): SlotLayout & { levels: string[] } {
  const active = slots.filter((slot) => slot.active);
  const levels = [...new Set(active.map((slot) => slot.level ?? ''))]
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return {
    // A lot without levels shows none, though its labels carry the default one.
    levels: levels.length === 1 && levels[0] === DEFAULT_LEVEL ? [] : levels,
    totalSlots: active.length,
    accessibleSlots: active.filter((slot) => slot.accessible).length,
    evChargingSlots: active.filter((slot) => slot.evCharging).length,
  };
}

/** An owner's card: the lot, its approval (a rejection's reason, the history of submissions), its slot layout and who is parked or booked in the next hour. */
async function ownerLotView(env: Bindings, db: DB, lot: LotRow) {
  const [availability, slots, pendingListing, review] = await Promise.all([
    availabilityOf(env, lot),
    slotsOfLot(db, lot.id),
    pendingListingOf(db, lot.id),
    reviewOfLot(db, lot),
  ]);
  return {
    ...lot,
    ...layoutOf(slots),
    occupancy: { occupied: availability.occupied, total: availability.total },
    pendingListing,
    ...review,
  };
}

/** A page of the owner's lots by name (every lot for the super admin): each asks its lot object, so never all at once. */
export async function listOwnerLots(env: Bindings, db: DB, user: SessionUser, page: PageRequest) {
  const rows = await pageOfOwnersLots(db, user.role === 'super_admin' ? null : user.id, page);
  const { items, nextCursor } = pageOf(
    rows,
    page,
    (lot) => ({ key: lot.name, id: lot.id }),
    (lot) => lot,
  );
  return { items: await Promise.all(items.map((lot) => ownerLotView(env, db, lot))), nextCursor };
}

async function ownerLot(env: Bindings, db: DB, lotId: string) {
  const lot = await lotById(db, lotId);
  return lot && ownerLotView(env, db, lot);
}

/** One lot's card, for the owner who manages it (another owner's lot answers 404). */
export async function managedLot(env: Bindings, db: DB, user: SessionUser, lotId: string) {
  await assertManagesLot(db, user, lotId);
  return ownerLot(env, db, lotId);
}

/** A rejected lot goes back to the super admin's pending list as it is now (lot-submissions.service.ts); the answer is its card. */
export async function resubmitManagedLot(env: Bindings, db: DB, user: SessionUser, lotId: string, notes: string | undefined) {
  await resubmitLot({ env, db }, user, lotId, notes);
  return (await ownerLot(env, db, lotId))!;
}

/** A new lot is submitted for approval: drivers see it only once the super admin approves it. */
export async function createLot(env: Bindings, db: DB, owner: SessionUser, body: LotCreate) {
  const { hoursJson, rulesJson, amenitiesJson, totalSlots, accessibleSlots, evChargingSlots, levels, hourlyRate, ...place } = body;
  const id = newId();
  await insertLotWithSubmission(
    db,
    { id, ownerId: owner.id, ...place, ...jsonColumns({ hoursJson, rulesJson, amenitiesJson }), isApproved: false },
    slotPlan({ totalSlots, accessibleSlots, evChargingSlots, levels }),
    { accessibleSlots, evChargingSlots, hourlyRate },
  );
  return (await ownerLot(env, db, id))!;
}

/**
 * What moves the lot from its slots today to the planned layout. Slots are matched by label, so a
 * retired slot that comes back keeps its id (and its history).
 */
function slotChanges(current: LotSlot[], layout: SlotLayout): SlotChanges {
  const planned = slotPlan(layout);
  const byLabel = new Map(current.map((slot) => [slot.label, slot]));
  const plannedLabels = new Set(planned.map((slot) => slot.label));
  const changes: SlotChanges = { add: [], update: [], retire: [] };
  for (const slot of planned) {
    const existing = byLabel.get(slot.label);
    if (!existing) changes.add.push(slot);
    else if (
      !existing.active ||
      existing.accessible !== slot.accessible ||
      existing.evCharging !== slot.evCharging ||
      existing.level !== slot.level
    ) {
      changes.update.push({ ...slot, id: existing.id });
    }
  }
  changes.retire = current.filter((slot) => slot.active && !plannedLabels.has(slot.label)).map((slot) => slot.id);
  return changes;
}

const soldWindow = ({ fromMs, untilMs }: HeldWindow) =>
  untilMs === null
    ? 'a car is parked there'
    : `booked ${formatDateTime(new Date(fromMs).toISOString())} – ${formatDateTime(new Date(untilMs).toISOString())}`;

const labelList = (labels: string[]) =>
  labels.length > 5 ? `${labels.slice(0, 5).join(', ')} and ${labels.length - 5} more` : labels.join(', ');

/**
 * The lot's listing once the edit applies: what it sends, the lot's values for what it leaves out. The
 * entrance is sent whole or not at all (both null: the pin is the entrance again).
 */
function listingAfter(lot: LotRow, body: LotUpdate): Listing {
  const keepsEntrance = body.entranceLat === undefined && body.entranceLng === undefined;
  return {
    name: body.name ?? lot.name,
    address: body.address === undefined ? lot.address : body.address || null,
    geoLat: body.geoLat ?? lot.geoLat,
    geoLng: body.geoLng ?? lot.geoLng,
    entranceLat: keepsEntrance ? lot.entranceLat : (body.entranceLat ?? null),
    entranceLng: keepsEntrance ? lot.entranceLng : (body.entranceLng ?? null),
  };
}

const listingChanged = (lot: LotRow, listing: Listing) =>
  (Object.keys(listing) as (keyof Listing)[]).some((field) => listing[field] !== lot[field]);

export async function updateLot(env: Bindings, db: DB, user: SessionUser, lotId: string, body: LotUpdate) {
  await assertManagesLot(db, user, lotId);
  const { hoursJson, rulesJson, amenitiesJson, totalSlots, accessibleSlots, evChargingSlots, levels, ...fields } = body;
  const lot = (await lotById(db, lotId))!;
  const after = listingAfter(lot, body);
  // The form checks the entrance against the pin it sends; an edit that leaves either out is checked here against the lot's.
  // An edit that moves neither (a rate, the active switch) is never refused for them.
  const movesPlace = [body.geoLat, body.geoLng, body.entranceLat, body.entranceLng].some((value) => value !== undefined);
  const entrance = movesPlace ? entranceProblem(after) : null;
  if (entrance) throw refusal('invalid', entrance);
  // The entrance is where Directions lead, so it is part of the listing: an approved one changes only by review.
  const listing = lot.isApproved && listingChanged(lot, after) ? after : null;
  const { name: _name, address: _address, geoLat: _lat, geoLng: _lng, entranceLat: _eLat, entranceLng: _eLng, ...place } = fields;
  const current = await slotsOfLot(db, lotId);
  const changes =
    totalSlots === undefined
      ? { add: [], update: [], retire: [] }
      : slotChanges(current, {
          totalSlots,
          accessibleSlots: accessibleSlots ?? 0,
          evChargingSlots: evChargingSlots ?? 0,
          levels: levels ?? layoutOf(current).levels,
        });

  // The lot's object knows which slots bookings, holds and cars inside take from now on.
  const object = lotObject(env, lotId);
  const held = new Map((await object.heldSlotWindows()).map((window) => [window.slotId, window]));
  const blocked = current.filter((slot) => changes.retire.includes(slot.id) && held.has(slot.id));
  if (blocked.length) {
    // Sold time is never cancelled or moved: the answer names each slot and the window it is sold for.
    const windows = blocked.map((slot) => `${slot.label} (${soldWindow(held.get(slot.id)!)})`);
    throw refusal(
      'conflict',
      `Slots ${labelList(windows)} are sold or taken, so the lot cannot shrink to ${totalSlots} slots yet. Try again after those stays end.`,
      { heldSlots: blocked.map((slot) => slot.label) },
    );
  }
  await updateLotAndSlots(
    db,
    lotId,
    { ...(lot.isApproved ? place : { ...fields, ...after }), ...jsonColumns({ hoursJson, rulesJson, amenitiesJson }) },
    changes,
  );
  if (listing) await proposeListing(db, lot, listing);
  // A booking that took a retired slot between the check and the write keeps it.
  const heldSince = new Set(await object.heldSlotIds());
  await reactivateSlots(
    db,
    changes.retire.filter((id) => heldSince.has(id)),
  );
  // A slot added or switched (back) on is free at once: the object forgets the slots it refuses full windows by.
  if (changes.add.length || changes.update.length || changes.retire.length)
    await afterCommit('Telling the lot object its slots changed', async () => object.forgetSlots());
  return (await ownerLot(env, db, lotId))!;
}

/** Only a lot with no bookings ahead and no history may go; one that served drivers keeps its records. */
export async function deleteLot(env: Bindings, db: DB, actor: SessionUser, lotId: string) {
  const lot = await assertManagesLot(db, actor, lotId);
  const live = await liveReservationCount(db, lotId);
  if (live > 0) {
    throw refusal(
      'conflict',
      `This lot has ${live} current or upcoming reservation${live === 1 ? '' : 's'}, so it cannot be deleted. Deactivate it instead to stop new bookings.`,
      { liveReservations: live },
    );
  }
  // Its closed stays may have moved out of D1 into its object (docs/gate.md, Where a stay lives).
  if ((await lotHasRecords(db, lotId)) || (await lotObject(env, lotId).hasStays())) {
    throw refusal(
      'conflict',
      'This lot has past bookings or gate records, which are kept for receipts and reports, so it cannot be deleted. Deactivate it instead to stop new bookings.',
    );
  }
  await commit(db, [
    statementOf(db, deleteLotRow(db, lotId)),
    auditStatement(db, actor, { action: 'DELETE_LOT', subject: `lot:${lotId}`, context: { name: lot.name } }),
  ]);
}
