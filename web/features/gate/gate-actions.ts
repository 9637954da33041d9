/**
 * Letting a car in or out: sent at once when the server answers, queued on the device when it does
 * not. The check-in id is chosen here, so an entry queued offline can be checked out offline too, and
 * a new item never overtakes one already queued (an exit must not reach the server before its entry).
 */
import type { OverrideReason, PlateRead } from '../../../core/gate';
import { normalizePlate, type VehicleType } from '../../../core/vehicles';
import { connectionState } from './connection';
import { findOpenCheckin, postEntry, postExit, postValidation, Unreachable, type Checkin, type EntryBody, type ExitBody } from './gate-api';
import { forgetStay, queuedCount, rememberStay, stayOfReservation, stayOnDevice, type Stay } from './gate-store';
import { enqueue, flushQueue } from './offline-queue';
import type { ScannedPass } from './pass-check';

/** What the attendant is told: the server's answer, or that the item waits on the device. */
export type GateOutcome = { queued: false; checkin: Checkin } | { queued: true; plate: string; slot: string | null };

type Override = { override: true; overrideReason: OverrideReason };
/** A typed plate may come from the camera's read (`plateRead`, kept with the check-in). */
export type EntryInput = ({ plate: string; slot?: string; vehicleType?: VehicleType; plateRead?: PlateRead } | { pass: ScannedPass }) & {
  override?: Override;
};
export type ExitInput = ({ plate: string } | { pass: ScannedPass }) & {
  override?: Override;
  lostTicket?: boolean;
  payCode?: string;
  /** A merchant's printed validation code, redeemed on the stay just before its exit (online only). */
  validationCode?: string;
};

export class NotOnDevice extends Error {
  constructor(plate: string) {
    super(`No connection, and no vehicle with plate ${plate} was checked in on this device. Try again once online.`);
    this.name = 'NotOnDevice';
  }
}

/** Sends now only when online with nothing waiting ahead (after trying to send what waits). */
async function canSendNow() {
  if (!connectionState().online) return false;
  if ((await queuedCount()) > 0) await flushQueue();
  return connectionState().online && (await queuedCount()) === 0;
}

async function sendOrQueue(send: () => Promise<GateOutcome>, queue: () => Promise<GateOutcome>): Promise<GateOutcome> {
  if (!(await canSendNow())) return queue();
  try {
    return await send();
  } catch (error) {
    // The request may have reached the server: the queued copy carries the same key and id.
    if (error instanceof Unreachable) return queue();
    throw error;
  }
}

export async function checkIn(lotId: string, input: EntryInput): Promise<GateOutcome> {
  const pass = 'pass' in input ? input.pass : undefined;
  const plate = normalizePlate('pass' in input ? input.pass.plate : input.plate);
  const slot = ('slot' in input && input.slot) || undefined;
  const body: EntryBody = {
    id: crypto.randomUUID(),
    plate,
    slot,
    vehicleType: 'vehicleType' in input ? input.vehicleType : undefined,
    plateRead: 'plateRead' in input ? input.plateRead : undefined,
    action: input.override ? 'override' : 'checkin',
    entryTs: new Date().toISOString(),
    lotId,
    reservationId: pass?.reservationId,
    passToken: pass?.token,
    ...input.override,
  };
  const key = crypto.randomUUID();
  const stay: Stay = {
    id: body.id,
    lotId,
    plate,
    reservationId: body.reservationId ?? null,
    slot: slot ?? pass?.slot ?? null,
    entryTs: body.entryTs,
    sent: false,
  };
  return sendOrQueue(
    async () => {
      const checkin = await postEntry(body, key);
      await rememberStay({ ...stay, plate: checkin.plate, slot: checkin.slot, sent: true });
      return { queued: false, checkin };
    },
    async () => {
      await rememberStay(stay);
      await enqueue({ key, kind: 'enter', lotId, plate, queuedAt: body.entryTs, body });
      return { queued: true, plate, slot: stay.slot };
    },
  );
}

/** The open stay of the car: the server's record when it answers, else what this device let in. */
async function openStay(lotId: string, input: ExitInput): Promise<{ id: string; plate: string; slot: string | null }> {
  const plate = normalizePlate('pass' in input ? input.pass.plate : input.plate);
  const local = 'pass' in input ? await stayOfReservation(input.pass.reservationId) : await stayOnDevice(lotId, plate);
  // An entry still queued is unknown to the server: its exit must queue behind it.
  if (local && !local.sent) return { id: local.id, plate: local.plate, slot: local.slot };
  if (connectionState().online) {
    try {
      // A monthly pass's car is found by its plate (its stay names the pass, not a reservation).
      const checkin = await findOpenCheckin(
        lotId,
        'pass' in input && !input.pass.monthly ? { reservationId: input.pass.reservationId } : { plate },
      );
      return { id: checkin.id, plate: checkin.plate, slot: checkin.slot };
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
    }
  }
  if (local) return { id: local.id, plate: local.plate, slot: local.slot };
  throw new NotOnDevice(plate);
}

export async function checkOut(lotId: string, input: ExitInput): Promise<GateOutcome> {
  const stay = await openStay(lotId, input);
  const body: ExitBody = {
    plate: stay.plate,
    lotId,
    exitTs: new Date().toISOString(),
    action: input.override ? 'override' : 'checkout',
    ...input.override,
    ...(input.lostTicket ? { lostTicket: true } : {}),
    ...(input.payCode ? { payCode: input.payCode } : {}),
  };
  const key = crypto.randomUUID();
  const queue = async (): Promise<GateOutcome> => {
    await forgetStay(stay.id);
    await enqueue({ key, kind: 'exit', lotId, plate: stay.plate, queuedAt: body.exitTs, checkinId: stay.id, body });
    return { queued: true, plate: stay.plate, slot: stay.slot };
  };
  // A validation is redeemed by the server before the exit prices the stay: it cannot wait in the queue.
  if (input.validationCode) {
    if (!(await canSendNow())) throw new Error('A validation code needs a connection: check the car out without it, or wait until online.');
    await postValidation(stay.id, lotId, input.validationCode);
  }
  return sendOrQueue(async () => {
    const checkin = await postExit(stay.id, body, key);
    await forgetStay(stay.id);
    return { queued: false, checkin };
  }, queue);
}
