import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { preferencesSchema, profileSchema } from '../../core/account';
import { vehicleSchema } from '../../core/vehicles';
import { preferences, users, vehicles } from '../db/schema';
import { newId } from '../db/ids';
import type { AppEnv } from '../env';
import { apiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { findUserById } from '../users/users.data';
import { readPreferences } from './preferences.data';
import { findOwnVehicle, listVehicles, plateTaken, setOnlyDefault, upcomingReservationFor } from './vehicles.data';
import { violates } from '../db/constraints';

const vehicleParams = z.object({ id: z.uuid('Unknown vehicle id') });
const duplicatePlate = (plate: string) => apiError(409, `You already have a vehicle with plate ${plate}.`);
/** The unique index settles a race the pre-check cannot (two saves of one plate at once): still a 409. */
async function savingPlate<T>(plate: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violates(error, 'vehicles.user_id, vehicles.plate') || violates(error, 'vehicles_user_plate_unique')) throw duplicatePlate(plate);
    throw error;
  }
}

/** The signed-in user's own profile, vehicles and preferences (spec 2.11, 7). */
export const accountRoutes = new Hono<AppEnv>()
  .patch('/user/profile', validate('json', profileSchema), async (c) => {
    const user = c.var.user!;
    await c.var.db.update(users).set(c.req.valid('json')).where(eq(users.id, user.id));
    return c.json(await findUserById(c.var.db, user.id));
  })
  .get('/user/vehicles', async (c) => c.json(await listVehicles(c.var.db, c.var.user!.id)))
  .post('/user/vehicles', validate('json', vehicleSchema), async (c) => {
    const userId = c.var.user!.id;
    const input = c.req.valid('json');
    if (await plateTaken(c.var.db, userId, input.plate)) throw duplicatePlate(input.plate);
    const id = newId();
    // The first vehicle is the default whatever was asked: there is exactly one default when there is any.
    const isFirst = (await listVehicles(c.var.db, userId)).length === 0;
    await savingPlate(input.plate, () => c.var.db.insert(vehicles).values({ id, userId, ...input, color: input.color ?? null, isDefault: false }));
    if (isFirst || input.isDefault) await setOnlyDefault(c.var.db, userId, id);
    return c.json(await findOwnVehicle(c.var.db, userId, id), 201);
  })
  .patch('/user/vehicles/:id', validate('param', vehicleParams), validate('json', vehicleSchema), async (c) => {
    const userId = c.var.user!.id;
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const current = await findOwnVehicle(c.var.db, userId, id);
    if (!current) throw notFound('Vehicle');
    if (await plateTaken(c.var.db, userId, input.plate, id)) throw duplicatePlate(input.plate);
    // Unsetting the only default is ignored: another vehicle must be made default instead.
    await savingPlate(input.plate, () => c.var.db.update(vehicles).set({ plate: input.plate, make: input.make, model: input.model, color: input.color ?? null }).where(eq(vehicles.id, id)));
    if (input.isDefault && !current.isDefault) await setOnlyDefault(c.var.db, userId, id);
    return c.json(await findOwnVehicle(c.var.db, userId, id));
  })
  .delete('/user/vehicles/:id', validate('param', vehicleParams), async (c) => {
    const userId = c.var.user!.id;
    const { id } = c.req.valid('param');
    const current = await findOwnVehicle(c.var.db, userId, id);
    if (!current) throw notFound('Vehicle');
    const booked = await upcomingReservationFor(c.var.db, id);
    if (booked) {
      throw apiError(409, `This vehicle is on reservation ${booked.id.slice(0, 8).toUpperCase()}; cancel it or wait until it ends before removing the vehicle.`, {
        reservationId: booked.id,
      });
    }
    await c.var.db.delete(vehicles).where(eq(vehicles.id, id));
    if (current.isDefault) {
      const [next] = await listVehicles(c.var.db, userId);
      if (next) await setOnlyDefault(c.var.db, userId, next.id);
    }
    return c.body(null, 204);
  })
  .get('/user/preferences', async (c) => c.json(await readPreferences(c.var.db, c.var.user!.id)))
  .patch('/user/preferences', validate('json', preferencesSchema), async (c) => {
    const userId = c.var.user!.id;
    const changes = c.req.valid('json');
    if (Object.keys(changes).length) await c.var.db.update(preferences).set(changes).where(eq(preferences.userId, userId));
    return c.json(await readPreferences(c.var.db, userId));
  });
