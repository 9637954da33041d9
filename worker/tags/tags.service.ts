/**
 * A lot's NFC/QR tags (docs/gate.md, Entrance tags). The owner makes, lists and revokes them; a
 * signed-in driver who opens one checks in (entrance) or out (exit) by their own tap. A tap's step is
 * the gate's own entry or exit (gate/entry.service.ts, gate/exit.service.ts), made by the driver: the
 * same idempotent record, the same lot object, the same counts and Recent Activity.
 */
import { PASS_EARLY_ARRIVAL_MINUTES } from '../../core/passes';
import { refusal } from '../../core/refusal';
import { tapNotAtLot, tapUrl, type Tap, type TagKind, type TapOut } from '../../core/tags';
import { formatDateTime, formatTime, HOUR_MS, MINUTE_MS } from '../../core/time';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import type { IdempotentRequest } from '../db/idempotency-keys';
import type { Bindings, SessionUser } from '../env';
import { enter, entryReplayed } from '../gate/entry.service';
import { exit, exitQuote, exitReplayed } from '../gate/exit.service';
import { assertManagesLot } from '../lots/lots.service';
import { driversPassAt } from '../monthly-passes/monthly-passes.service';
import { readSettings } from '../platform/settings.data';
import { signTag, tagIdOf } from './tag-token';
import {
  driverOpenStay,
  driverReservationsNear,
  findTag,
  insertTag,
  revokeTagRow,
  tagsOfLot,
  type NearReservation,
  type TagRow,
} from './tags.data';

type OwnerCtx = { env: Bindings; db: DB; owner: SessionUser; origin: string };

/** A new tag at the owner's lot, with the URL to write to an NFC tag or print as a QR sticker. */
export async function createTag(ctx: OwnerCtx, lotId: string, kind: TagKind) {
  await assertManagesLot(ctx.db, ctx.owner, lotId);
  const tag = await insertTag(ctx.db, { id: newId(), lotId, kind, createdBy: ctx.owner.id });
  return { ...tag, url: tapUrl(ctx.origin, await signTag(ctx.env, tag.id)) };
}

/** The lot's tags, newest first: those in use with their URL, revoked ones as the trace of what was replaced. */
export async function listTags(ctx: OwnerCtx, lotId: string) {
  await assertManagesLot(ctx.db, ctx.owner, lotId);
  const tags = await tagsOfLot(ctx.db, lotId);
  return Promise.all(tags.map(async (tag) => ({ ...tag, url: tag.revokedAt ? null : tapUrl(ctx.origin, await signTag(ctx.env, tag.id)) })));
}

/** Revokes a tag: its URL answers nothing from now on. */
export async function revokeTag(db: DB, owner: SessionUser, lotId: string, id: string, now = new Date()) {
  await assertManagesLot(db, owner, lotId);
  const revoked = await revokeTagRow(db, lotId, id, now);
  if (!revoked) throw refusal('not_found', 'No tag in use with this id at this lot.');
  return revoked;
}

/** The tag a token names, still in use; `kind`: the step asked of it. */
async function liveTag(env: Bindings, db: DB, token: string, kind?: TagKind): Promise<TagRow> {
  const tag = await findTag(db, await tagIdOf(env, token));
  if (!tag) throw refusal('not_found', 'This tag is not one of Parkada’s: its link does not verify.');
  if (tag.revokedAt) throw refusal('conflict', `This tag was replaced by ${tag.lot.name}. Use the lot's new tag, or ask the attendant.`);
  if (kind && tag.kind !== kind)
    throw refusal(
      'conflict',
      kind === 'entrance'
        ? `This is the exit tag of ${tag.lot.name}: tap it when you leave.`
        : `This is the entrance tag of ${tag.lot.name}: tap the exit tag when you leave, or see the attendant.`,
    );
  return tag;
}

const assertAtLot = (tag: TagRow, tap: Tap) => {
  const elsewhere = tapNotAtLot(tag.lot, tap);
  if (elsewhere) throw refusal('conflict', elsewhere);
};

/** A reserved car may enter from this long before its start, the gate's own allowance. */
const EARLY_ARRIVAL_MS = PASS_EARLY_ARRIVAL_MINUTES * MINUTE_MS;
/** How far ahead a tap looks for the driver's booking: today's, or tonight's. */
const LOOK_AHEAD_MS = 12 * HOUR_MS;

/** The reservation a tap at `lotId` is about: the one inside, else the one due now, else the next. */
async function bookingAt(db: DB, userId: string, lotId: string, now: Date) {
  const { noShowGraceMinutes } = await readSettings(db);
  const near = (await driverReservationsNear(db, userId, now, new Date(now.getTime() + LOOK_AHEAD_MS))).filter(
    // A no-show counts only while the gate would still let it in (gate/entry-booking.service.ts).
    (r) => r.status !== 'EXPIRED' || Date.parse(r.startTs) + noShowGraceMinutes * MINUTE_MS > now.getTime(),
  );
  const due = (r: NearReservation) => Date.parse(r.startTs) - EARLY_ARRIVAL_MS <= now.getTime();
  const here = near.filter((r) => r.lotId === lotId);
  const elsewhere = near.find((r) => r.lotId !== lotId && r.status !== 'ACTIVE' && due(r)) ?? null;
  return { booking: here.find((r) => r.status === 'ACTIVE') ?? here.find(due) ?? here[0] ?? null, elsewhere };
}

/** What a tag offers the signed-in driver who opened it (GET /api/tags/:token): at an exit, the price of leaving now. */
export async function tapView(env: Bindings, db: DB, user: SessionUser, token: string, now = new Date()) {
  const tag = await liveTag(env, db, token);
  const open = await driverOpenStay(db, user.id, tag.lot.id);
  const price = open && tag.kind === 'exit' ? await exitQuote(db, open.id, now) : null;
  const { booking, elsewhere } =
    tag.kind === 'entrance' ? await bookingAt(db, user.id, tag.lot.id, now) : { booking: null, elsewhere: null };
  const pass = tag.kind === 'entrance' && !booking ? await driversPassAt(db, tag.lot.id, user.id, now) : null;
  return {
    kind: tag.kind,
    lot: { id: tag.lot.id, name: tag.lot.name, address: tag.lot.address },
    stay: open && { ...open, amountCents: price?.amountCents ?? null, what: price?.what ?? null },
    booking: booking && { ...booking, checkInFrom: new Date(Date.parse(booking.startTs) - EARLY_ARRIVAL_MS).toISOString() },
    pass: pass && { id: pass.id, plate: pass.plate, vehicleType: pass.vehicleType },
    elsewhere: elsewhere && { lotName: elsewhere.lotName, startTs: elsewhere.startTs },
  };
}

type TapCtx = { env: Bindings; db: DB; user: SessionUser };

/** The driver's own check-in by the entrance tag: their reservation's entry (or their monthly pass's), as the gate makes it. */
export async function checkInByTag(ctx: TapCtx, token: string, tap: Tap, request: IdempotentRequest, now = new Date()) {
  const { db, user } = ctx;
  // A retry of a tap that went through answers that entry, whatever changed since (the tag, the place).
  const replay = await entryReplayed(db, request);
  if (replay) return replay;
  const tag = await liveTag(ctx.env, db, token, 'entrance');
  assertAtLot(tag, tap);
  const lotId = tag.lot.id;
  const open = await driverOpenStay(db, user.id, lotId);
  if (open)
    throw refusal('conflict', `You are already checked in at ${tag.lot.name} with ${open.plate}, since ${formatTime(open.entryTs)}.`);
  const gate = { ...ctx, tap: { tagId: tag.id } };
  const { booking, elsewhere } = await bookingAt(db, user.id, lotId, now);
  if (booking && !booking.plate)
    throw refusal('conflict', 'Your reservation names no car: show its QR pass to the attendant, who checks it in with the plate.');
  if (booking?.plate) return enter(gate, { lotId, plate: booking.plate, reservationId: booking.id, action: 'checkin' }, request, now);
  const pass = await driversPassAt(db, lotId, user.id, now);
  if (pass)
    return enter(
      { ...gate, tap: { ...gate.tap, monthlyPass: pass } },
      { lotId, plate: pass.plate, vehicleType: pass.vehicleType, action: 'checkin' },
      request,
      now,
    );
  if (elsewhere)
    throw refusal(
      'conflict',
      `This is the entrance of ${tag.lot.name}, but your reservation at ${formatDateTime(elsewhere.startTs)} is at ${elsewhere.lotName}.`,
    );
  throw refusal('not_found', `You have no reservation or monthly pass at ${tag.lot.name} now. Book a slot here to check in.`);
}

/**
 * The driver's own check-out by the exit tag: the gate's exit, priced now and paid from their wallet up
 * to the price they were shown. A tap says the driver is leaving, not that the car has: the lot's
 * camera and attendants still see the exit (docs/gate.md, Entrance tags).
 */
export async function checkOutByTag(ctx: TapCtx, token: string, tap: TapOut, request: IdempotentRequest, now = new Date()) {
  const { db, user } = ctx;
  const replay = await exitReplayed(db, request);
  if (replay) return replay;
  const tag = await liveTag(ctx.env, db, token, 'exit');
  assertAtLot(tag, tap);
  const lotId = tag.lot.id;
  const stay = await driverOpenStay(db, user.id, lotId);
  if (!stay) throw refusal('not_found', `You have no stay open at ${tag.lot.name}.`);
  const gate = { ...ctx, tap: { tagId: tag.id, limitCents: tap.shownCents } };
  return exit(gate, stay.id, { lotId, action: 'checkout' }, request, now);
}
