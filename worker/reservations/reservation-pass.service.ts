/**
 * A reservation's QR pass (docs/passes.md): the booker's own, and the view-only link that shares it
 * with a companion, who opens it without an account. The shared page shows the very pass the booker
 * holds, so the gate accepts it as the booker's own.
 */
import { noShowDeadline } from '../../core/booking';
import { hasPass } from '../../core/passes';
import { refusal } from '../../core/refusal';
import { MINUTE_MS } from '../../core/time';
import { maskPlate } from '../../core/vehicles';
import { auditStatement } from '../audit/audit.data';
import { attemptLimiter } from '../auth/auth.service';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { signPass, signPassShare, verifyPassShare } from '../passes/passes.service';
import { readSettings } from '../platform/settings.data';
import { ownReservationAnywhere } from './booking-context.service';
import {
  findSharedReservation,
  ownShareId,
  shareOwnReservationStatement,
  stopSharingOwnReservationStatement,
  type ReservationView,
} from './reservations.data';

/** Opening shared passes from one client: a companion opens theirs a few times; more is someone guessing at links. */
const SHARED_PASS_READS = { limit: 30, windowMs: 10 * MINUTE_MS };

export const SHARED_PASS_NOT_VALID = 'This shared pass link does not work: the booker stopped sharing it, or it is not a Parkada link.';

const noPass = (status: ReservationView['status']) =>
  refusal('conflict', `This reservation is ${status.toLowerCase()}: a QR pass is issued only for a confirmed or checked-in reservation.`);

const sharedPassEnded = (how: string) => refusal('not_found', `This booking has ended${how}: its shared pass no longer works.`);

/** The signed pass of a reservation that holds one, and when to arrive by. */
async function passOf(env: Bindings, db: DB, reservation: ReservationView) {
  if (!hasPass(reservation.status)) throw noPass(reservation.status);
  const token = await signPass(env, {
    reservationId: reservation.id,
    plate: reservation.vehiclePlate ?? '',
    lotId: reservation.lotId,
    slot: reservation.slotLabel,
    startTs: reservation.startTs,
    endTs: reservation.endTs,
  });
  const { noShowGraceMinutes } = await readSettings(db);
  return {
    token,
    passId: reservation.passId,
    validUntil: reservation.endTs,
    arriveBy: noShowDeadline(reservation.startTs, noShowGraceMinutes).toISOString(),
  };
}

/** The signed QR pass of the driver's reservation still to be used or in use (docs/passes.md), and when to arrive by. */
export async function reservationPass(env: Bindings, db: DB, userId: string, id: string) {
  return passOf(env, db, await ownReservationAnywhere(env, db, userId, id));
}

/**
 * Runs a change of the reservation's share with its audit entry in one batch, when the conditional
 * UPDATE finds the share as expected; otherwise (shared or revoked meanwhile) nothing is written.
 */
async function changeShare(db: DB, user: SessionUser, id: string, change: D1PreparedStatement, action: 'SHARE_PASS' | 'STOP_SHARING_PASS') {
  await commit(db, [change, abortUnlessChanged(db), auditStatement(db, user, { action, subject: `reservation:${id}` })]).catch((error) => {
    if (!changedMeanwhile(error)) throw error;
  });
}

/** The companion link of the driver's reservation that holds a pass: the one already given while it is shared. */
export async function sharePass(env: Bindings, db: DB, user: SessionUser, id: string, origin: string) {
  const reservation = await ownReservationAnywhere(env, db, user.id, id);
  if (!hasPass(reservation.status)) throw noPass(reservation.status);
  if (!reservation.shared) await changeShare(db, user, id, shareOwnReservationStatement(db, user.id, id, newId()), 'SHARE_PASS');
  const shareId = await ownShareId(db, user.id, id);
  if (!shareId) throw refusal('conflict', 'The pass was unshared meanwhile. Share it again.');
  return { url: `${origin}/shared/${await signPassShare(env, { reservationId: id, shareId })}` };
}

/** Stop sharing: every link given so far opens nothing from now on (an archived booking's opened nothing already). */
export async function stopSharingPass(env: Bindings, db: DB, user: SessionUser, id: string) {
  const reservation = await ownReservationAnywhere(env, db, user.id, id);
  if (reservation.shared) await changeShare(db, user, id, stopSharingOwnReservationStatement(db, user.id, id), 'STOP_SHARING_PASS');
}

/** Takes one opening of a shared pass from this client, or refuses it when its allowance is spent. */
async function takeSharedPassRead(env: Bindings, ip: string, now: Date) {
  const taken = await attemptLimiter(env, `ip:${ip}`).take([{ key: 'shared-pass', ...SHARED_PASS_READS }], now.getTime());
  if (!taken.ok)
    throw refusal(
      'too_many_attempts',
      `Too many shared passes opened from this network. Try again in ${Math.ceil(taken.retryAfterMs / MINUTE_MS)} minutes.`,
    );
}

/**
 * What a companion sees through a link, without an account: the pass, the lot and its directions,
 * the window, the plate masked and the status. A link that is forged, altered or revoked opens
 * nothing, and one of a booking that has ended says so (both 404: there is no pass behind either).
 * Each client opens a limited number, links good or bad, so nobody can guess at links.
 */
export async function openSharedPass(env: Bindings, db: DB, token: string, ip: string, now = new Date()) {
  await takeSharedPassRead(env, ip, now);
  const share = await verifyPassShare(env, token, now);
  if (!share) throw refusal('not_found', SHARED_PASS_NOT_VALID);
  const found = await findSharedReservation(db, share.reservationId);
  // A link we signed whose booking left D1: it was over for a week, and moved to the archive.
  if (!found) throw sharedPassEnded('');
  if (found.shareId !== share.shareId) throw refusal('not_found', SHARED_PASS_NOT_VALID);
  const { reservation } = found;
  // Its window over, it has ended even before the no-show or exit marks it so.
  if (!hasPass(reservation.status)) throw sharedPassEnded(` (${reservation.status.toLowerCase()})`);
  if (Date.parse(reservation.endTs) <= now.getTime()) throw sharedPassEnded('');
  return {
    pass: await passOf(env, db, reservation),
    status: reservation.status,
    startTs: reservation.startTs,
    endTs: reservation.endTs,
    plate: reservation.vehiclePlate ? maskPlate(reservation.vehiclePlate) : null,
    slot: { label: reservation.slotLabel, level: reservation.slotLevel },
    lot: {
      name: reservation.lotName,
      address: reservation.lotAddress,
      geoLat: reservation.geoLat,
      geoLng: reservation.geoLng,
      entranceLat: reservation.entranceLat,
      entranceLng: reservation.entranceLng,
    },
  };
}
