/**
 * The rules of a driver's own account: a plate once per account, exactly one default
 * vehicle whenever there is any, and a vehicle on a reservation not yet over cannot be removed.
 */
import type { PreferenceChanges, Profile } from '../../core/account';
import { LINK_NOT_VALID, type EmailChange } from '../../core/verification';
import { passIdOf } from '../../core/booking';
import { PHONE_NOT_VALID, toE164 } from '../../core/phone';
import type { VehicleDetails } from '../../core/vehicles';
import { consumeVerificationOf } from '../verification/verification.service';
import { confirmIdentity, requireRecentSecondFactor, takeLinkRequest, userView, type RequestScope } from '../auth/auth.service';
import type { DB } from '../db/client';
import { queueEmail } from '../email/email.service';
import type { Bindings, SessionUser } from '../env';
import { violates } from '../db/constraints';
import { newId } from '../db/ids';
import { notFound, refusal } from '../../core/refusal';
import { changeEmail, findUserByEmail, findUserById, isEmailTaken, recordAcceptance, updateProfile } from '../users/users.data';
import { readPreferences, updatePreferences } from '../preferences/preferences.data';
import {
  deleteVehicle,
  findOwnVehicle,
  insertVehicle,
  listVehicles,
  plateTaken,
  setOnlyDefault,
  updateVehicle,
  upcomingReservationFor,
} from './vehicles.data';

/** The user accepts the Terms and the Privacy Policy in force (the schema let only those through); answers the user as the session now sees them. */
export const acceptTerms = async (db: DB, userId: string, accepted: { termsVersion: string; privacyVersion: string }, now = new Date()) =>
  userView(await recordAcceptance(db, userId, accepted, now.toISOString()));

const addressTaken = () => refusal('conflict', 'Another Parkada account uses this e-mail address.');

/**
 * Change e-mail (docs/account.md): an enrolled person gives the second factor again when it is over 15
 * minutes old (step-up), the password proves the owner is asking, and a link goes to the new address;
 * nothing changes until it is opened (`confirmEmailChange`).
 */
export async function requestEmailChange(scope: RequestScope, user: SessionUser, input: EmailChange, ip: string, origin: string) {
  const { env } = scope;
  const { db } = scope.var;
  await requireRecentSecondFactor(scope, user);
  await confirmIdentity(env, db, user, input.password, ip);
  if (input.newEmail === user.email) throw refusal('invalid', 'This is already your e-mail address.');
  if (await findUserByEmail(db, input.newEmail)) throw addressTaken();
  await takeLinkRequest(env, 'change-email', input.newEmail, ip);
  await queueEmail(env, user.id, origin, { kind: 'confirm-new-email', newEmail: input.newEmail });
}

/** The link sent to the new address was opened: it is the account's e-mail from now on, verified, and the old address is told. */
export async function confirmEmailChange(env: Bindings, db: DB, token: string, origin: string, now = Date.now()) {
  const { target: newEmail, userId } = await consumeVerificationOf(db, 'change-email', token, now);
  const user = userId ? await findUserById(db, userId) : null;
  if (!user || user.deletedAt) throw refusal('invalid', LINK_NOT_VALID);
  try {
    await changeEmail(db, user.id, newEmail, now);
  } catch (error) {
    if (isEmailTaken(error)) throw addressTaken();
    throw error;
  }
  await queueEmail(env, user.id, origin, { kind: 'email-changed', oldEmail: user.email, newEmail, at: new Date(now).toISOString() });
  return { email: newEmail };
}

const duplicatePlate = (plate: string) => refusal('conflict', `You already have a vehicle with plate ${plate}.`);

/** The unique index settles a race the pre-check cannot (two saves of one plate at once): still a 409. */
async function savingPlate<T>(plate: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violates(error, 'vehicles.user_id, vehicles.plate') || violates(error, 'vehicles_user_plate_unique')) throw duplicatePlate(plate);
    throw error;
  }
}

/** The profile as typed, its phone held in E.164; a number that is not one is a 400. */
export async function changeProfile(db: DB, userId: string, profile: Profile) {
  const phone = toE164(profile.phone);
  if (!phone) throw refusal('invalid', PHONE_NOT_VALID);
  await updateProfile(db, userId, { ...profile, phone });
  return findUserById(db, userId);
}

export async function addVehicle(db: DB, userId: string, input: VehicleDetails) {
  if (await plateTaken(db, userId, input.plate)) throw duplicatePlate(input.plate);
  const id = newId();
  // The first vehicle is the default whatever was asked: there is exactly one default when there is any.
  const isFirst = (await listVehicles(db, userId)).length === 0;
  await savingPlate(input.plate, () => insertVehicle(db, userId, id, input));
  if (isFirst || input.isDefault) await setOnlyDefault(db, userId, id);
  return findOwnVehicle(db, userId, id);
}

export async function editVehicle(db: DB, userId: string, id: string, input: VehicleDetails) {
  const current = await findOwnVehicle(db, userId, id);
  if (!current) throw notFound('Vehicle');
  if (await plateTaken(db, userId, input.plate, id)) throw duplicatePlate(input.plate);
  await savingPlate(input.plate, () => updateVehicle(db, id, input));
  // Unsetting the only default is ignored: another vehicle must be made default instead.
  if (input.isDefault && !current.isDefault) await setOnlyDefault(db, userId, id);
  return findOwnVehicle(db, userId, id);
}

export async function removeVehicle(db: DB, userId: string, id: string) {
  const current = await findOwnVehicle(db, userId, id);
  if (!current) throw notFound('Vehicle');
  const booked = await upcomingReservationFor(db, id);
  if (booked) {
    throw refusal(
      'conflict',
      `This vehicle is on reservation ${passIdOf(booked.id)}; cancel it or wait until it ends before removing the vehicle.`,
      {
        reservationId: booked.id,
      },
    );
  }
  await deleteVehicle(db, id);
  if (current.isDefault) {
    const [next] = await listVehicles(db, userId);
    if (next) await setOnlyDefault(db, userId, next.id);
  }
}

export async function changePreferences(db: DB, userId: string, changes: PreferenceChanges) {
  await updatePreferences(db, userId, changes);
  return readPreferences(db, userId);
}

/** A driver's saved vehicles, in the order they were saved. */
export const vehiclesOf = (db: DB, userId: string) => listVehicles(db, userId);

/** A person's notification preferences, as their settings show them. */
export const preferencesOf = (db: DB, userId: string) => readPreferences(db, userId);
