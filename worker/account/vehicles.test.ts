import { describe, expect, it } from 'vitest';
import { lots, reservations } from '../db/schema';
import { newId } from '../db/ids';
import { call, db, seedOnce } from '../test/helpers';
import { addVehicle, newDriver, vehiclesOf, type Vehicle } from '../test/account-fixtures';

describe('vehicles', () => {
  it('stores plates upper case and normalised, unique per account', async () => {
    const { cookie } = await newDriver();
    const res = await addVehicle(cookie, { plate: 'nbc-1234', color: 'silver' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ plate: 'NBC 1234', color: 'silver', isDefault: true });
    const dup = await addVehicle(cookie, { plate: 'NBC1234' });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ message: 'You already have a vehicle with plate NBC 1234.' });
    // Another account may register the same plate (a shared family car).
    expect((await addVehicle((await newDriver()).cookie, { plate: 'NBC 1234' })).status).toBe(201);
  });

  it.each([
    [{ plate: 'HELLO' }, 'Enter a Philippine plate such as ABC 1234, ABC 123, AB 12345 or a conduction sticker such as A1B234.'],
    [{ plate: 'ABC 123', make: '' }, 'Make is required.'],
    [{ plate: 'ABC 123', model: '  ' }, 'Model is required.'],
    [{ plate: 'ABC 123', color: 'purple' }, 'Color must be one of: white, black, silver, gray, red, blue, green, yellow, other.'],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, message) => {
    const { cookie } = await newDriver();
    const res = await addVehicle(cookie, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    expect(await vehiclesOf(cookie)).toEqual([]);
  });

  it('keeps exactly one default: setting one unsets the others, deleting it promotes another', async () => {
    const { cookie } = await newDriver();
    const first = await (await addVehicle(cookie, { plate: 'AAA 1111' })).json<Vehicle>();
    const second = await (await addVehicle(cookie, { plate: 'BBB 2222', isDefault: true })).json<Vehicle>();
    let list = await vehiclesOf(cookie);
    expect(list.filter((v) => v.isDefault).map((v) => v.id)).toEqual([second.id]);

    const edited = await call(`/api/user/vehicles/${first.id}`, {
      method: 'PATCH',
      cookie,
      json: { plate: 'aaa 1112', make: 'Honda', model: 'City', isDefault: true },
    });
    expect(await edited.json()).toMatchObject({ plate: 'AAA 1112', make: 'Honda', isDefault: true });
    list = await vehiclesOf(cookie);
    expect(list.filter((v) => v.isDefault).map((v) => v.id)).toEqual([first.id]);

    expect((await call(`/api/user/vehicles/${first.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    list = await vehiclesOf(cookie);
    expect(list).toMatchObject([{ id: second.id, isDefault: true }]);
  });

  it('answers two simultaneous saves of one plate with one 201 and one 409, never a 500', async () => {
    const { cookie } = await newDriver();
    const statuses = (await Promise.all([1, 2, 3].map(() => addVehicle(cookie, { plate: 'RAC 3333' })))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await vehiclesOf(cookie)).toHaveLength(1);
  });

  it('refuses to delete a vehicle with an upcoming reservation, naming it', async () => {
    await seedOnce();
    const { cookie, userId } = await newDriver();
    const car = await (await addVehicle(cookie, { plate: 'CAR 4321' })).json<Vehicle>();
    const [lot] = await db().select({ id: lots.id }).from(lots).limit(1);
    const reservationId = newId();
    const start = new Date(Date.now() + 3600_000);
    await db()
      .insert(reservations)
      .values({
        id: reservationId,
        userId,
        lotId: lot.id,
        vehicleId: car.id,
        vehiclePlate: car.plate,
        status: 'CONFIRMED',
        startTs: start.toISOString(),
        endTs: new Date(start.getTime() + 2 * 3600_000).toISOString(),
        amountCents: 16000,
      });
    const res = await call(`/api/user/vehicles/${car.id}`, { method: 'DELETE', cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ reservationId, message: expect.stringContaining(reservationId.slice(0, 8).toUpperCase()) });
    expect(await vehiclesOf(cookie)).toHaveLength(1);
  });

  it('hides other drivers’ vehicles as 404', async () => {
    const owner = await newDriver();
    const car = await (await addVehicle(owner.cookie, { plate: 'OWN 1234' })).json<Vehicle>();
    const other = await newDriver();
    expect((await call(`/api/user/vehicles/${car.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    const patch = await call(`/api/user/vehicles/${car.id}`, {
      method: 'PATCH',
      cookie: other.cookie,
      json: { plate: 'OWN 1234', make: 'X', model: 'Y' },
    });
    expect(patch.status).toBe(404);
    expect(await vehiclesOf(owner.cookie)).toHaveLength(1);
  });
});
