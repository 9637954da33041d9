import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { VehicleDetails } from '../../core/vehicles';
import type { DB } from '../db/client';
import { reservations, vehicles } from '../db/schema';

export const listVehicles = (db: DB, userId: string) =>
  db.select().from(vehicles).where(eq(vehicles.userId, userId)).orderBy(asc(vehicles.createdAt));

export async function findOwnVehicle(db: DB, userId: string, vehicleId: string) {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function plateTaken(db: DB, userId: string, plate: string, exceptId?: string) {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.userId, userId), eq(vehicles.plate, plate), exceptId ? ne(vehicles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** A reservation not yet over that uses this vehicle: such a vehicle must not disappear. */
export async function upcomingReservationFor(db: DB, vehicleId: string, now = new Date()) {
  const [row] = await db
    .select({ id: reservations.id, startTs: reservations.startTs })
    .from(reservations)
    .where(
      and(
        eq(reservations.vehicleId, vehicleId),
        inArray(reservations.status, ['CONFIRMED', 'ACTIVE']),
        gt(reservations.endTs, now.toISOString()),
      ),
    )
    .orderBy(asc(reservations.startTs))
    .limit(1);
  return row ?? null;
}

/** Makes `vehicleId` the only default of the user's vehicles. */
export const setOnlyDefault = (db: DB, userId: string, vehicleId: string) =>
  db.batch([
    db
      .update(vehicles)
      .set({ isDefault: false })
      .where(and(eq(vehicles.userId, userId), ne(vehicles.id, vehicleId))),
    db.update(vehicles).set({ isDefault: true }).where(eq(vehicles.id, vehicleId)),
  ]);

/** Stores a vehicle as not default; the service decides the default afterwards. */
export const insertVehicle = (db: DB, userId: string, id: string, input: VehicleDetails) =>
  db
    .insert(vehicles)
    .values({ id, userId, plate: input.plate, make: input.make, model: input.model, color: input.color ?? null, isDefault: false });

/** Changes what the driver can edit; the default flag has its own rule (`setOnlyDefault`). */
export const updateVehicle = (db: DB, vehicleId: string, input: VehicleDetails) =>
  db
    .update(vehicles)
    .set({ plate: input.plate, make: input.make, model: input.model, color: input.color ?? null })
    .where(eq(vehicles.id, vehicleId));

export const deleteVehicle = (db: DB, vehicleId: string) => db.delete(vehicles).where(eq(vehicles.id, vehicleId));
