/**
 * A reservation's QR pass (docs/passes.md): the booker's own, and the view-only link that shares it
 * with a companion, who opens it without an account. The shared page shows the very pass the booker
 * holds, so the gate accepts it as the booker's own.
 */
import { noShowDeadline } from '../../core/booking';
import { hasPass } from '../../core/passes';
import { notFound, refusal } from '../../core/refusal';
import { maskPlate } from '../../core/vehicles';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { signPass, signPassShare, verifyPassShare } from '../passes/passes.service';
import { readSettings } from '../platform/settings.data';
import { ownReservation } from './booking-context.service';
import { findSharedReservation, shareOwnReservation, stopSharingOwnReservation, type ReservationView } from './reservations.data';

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
  return passOf(env, db, await ownReservation(db, userId, id));
}

/** The companion link of the driver's reservation that holds a pass: the one already given while it is shared. */
export async function sharePass(env: Bindings, db: DB, userId: string, id: string, origin: string) {
  const reservation = await ownReservation(db, userId, id);
  if (!hasPass(reservation.status)) throw noPass(reservation.status);
  const shareId = await shareOwnReservation(db, userId, id, newId());
  if (!shareId) throw notFound('Reservation');
  return { url: `${origin}/shared/${await signPassShare(env, { reservationId: id, shareId })}` };
}

/** Stop sharing: every link given so far opens nothing from now on. */
export async function stopSharingPass(db: DB, userId: string, id: string) {
  await ownReservation(db, userId, id);
  await stopSharingOwnReservation(db, userId, id);
}

/**
 * What a companion sees through a link, without an account: the pass, the lot and its directions,
 * the window, the plate masked and the status. A link that is forged, altered or revoked opens
 * nothing, and one of a booking that has ended says so (both 404: there is no pass behind either).
 */
export async function openSharedPass(env: Bindings, db: DB, token: string, now = new Date()) {
  const share = await verifyPassShare(env, token, now);
  const found = share && (await findSharedReservation(db, share.reservationId));
  if (!share || !found || found.shareId !== share.shareId) throw refusal('not_found', SHARED_PASS_NOT_VALID);
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
