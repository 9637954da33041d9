/**
 * What the gate knows of a plate at its lot now (docs/gate.md, Plate recognition): the car inside on
 * it (or declared out by its driver's tap and not seen leaving), the reservation it may enter on, or
 * its monthly pass. The desk asks as soon as a plate is typed or read with confidence, so the
 * attendant sees the booking before pressing anything; the entry and exit themselves judge again.
 */
import { scheduleLabel, validAt } from '../../core/monthly-passes';
import { PASS_EARLY_ARRIVAL_MINUTES } from '../../core/passes';
import { MINUTE_MS } from '../../core/time';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { scheduleOf, plateOnPass } from '../monthly-passes/monthly-passes.service';
import { readSettings } from '../platform/settings.data';
import { stayToCheckOut } from './checkin.service';
import { reservationForPlateNow } from './checkins.data';

export async function plateAtLot(env: Bindings, db: DB, lotId: string, plate: string, now = new Date()) {
  const { noShowGraceMinutes } = await readSettings(db);
  const [inside, reservation, pass] = await Promise.all([
    stayToCheckOut(env, db, lotId, { plate }),
    reservationForPlateNow(db, lotId, plate, {
      earliestStart: new Date(now.getTime() + PASS_EARLY_ARRIVAL_MINUTES * MINUTE_MS),
      at: now,
      expiredSince: new Date(now.getTime() - noShowGraceMinutes * MINUTE_MS),
    }),
    plateOnPass(db, lotId, plate, now),
  ]);
  return {
    plate,
    // A stay its driver declared out by tap, not seen leaving: checking it out charges the time since.
    inside: inside && {
      checkinId: inside.id,
      entryTs: inside.entryTs,
      slot: inside.slot,
      declaredExitTs: inside.driverDeclaredExit ? inside.exitTs : null,
    },
    reservation: reservation && { id: reservation.id, startTs: reservation.startTs, endTs: reservation.endTs, slot: reservation.slotLabel },
    monthlyPass: pass && { id: pass.id, hours: scheduleLabel(scheduleOf(pass)), validNow: validAt(scheduleOf(pass), now.getTime()) },
  };
}
