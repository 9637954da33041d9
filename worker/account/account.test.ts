import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, consentDue, CURRENT_VERSIONS, type AcceptedVersions } from '../../core/legal';
import { lots, reservations, users } from '../db/schema';
import { newId } from '../db/ids';
import { call, db, seedOnce, sessionCookie, signupBody } from '../test/helpers';

type Vehicle = { id: string; plate: string; isDefault: boolean; color: string | null };

async function newDriver() {
  const res = await call('/api/auth/signup', { method: 'POST', json: signupBody() });
  const { user } = await res.json<{ user: { id: string } }>();
  return { cookie: sessionCookie(res), userId: user.id };
}

const addVehicle = (cookie: string, body: Record<string, unknown>) =>
  call('/api/user/vehicles', { method: 'POST', json: { make: 'Toyota', model: 'Vios', ...body }, cookie });
const vehiclesOf = async (cookie: string) => (await call('/api/user/vehicles', { cookie })).json<Vehicle[]>();

describe('profile', () => {
  it('updates names and a Philippine mobile; the e-mail cannot change', async () => {
    const { cookie } = await newDriver();
    const before = await (await call('/api/auth/user', { cookie })).json<{ email: string }>();
    const res = await call('/api/user/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'Maja', lastName: 'Salvador', phone: '+63 918-7654321', email: 'new@x.ph' },
    });
    expect(res.status).toBe(200);
    const me = await (await call('/api/auth/user', { cookie })).json();
    expect(me).toMatchObject({ firstName: 'Maja', lastName: 'Salvador', phone: '+63 918-7654321', email: before.email });
  });

  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ phone: '0917' }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.'],
    [{ phone: '+63 917-1234' }, 'Please enter a Philippine mobile number such as +63 917-1234567.'],
    [{ phone: '+63 817-1234567' }, 'Please enter a Philippine mobile number such as +63 917-1234567.'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const { cookie } = await newDriver();
    const res = await call('/api/user/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'A', lastName: 'B', phone: '+63 917-1234567', ...override },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});

describe('acceptance of the Terms and the Privacy Policy', () => {
  it('is asked of an account that accepted an older version, and recorded once it accepts the current ones', async () => {
    const { cookie, userId } = await newDriver();
    await db().update(users).set({ termsVersion: '2020-01-01', privacyVersion: null, termsAcceptedAt: null }).where(eq(users.id, userId));
    expect(consentDue(await (await call('/api/auth/user', { cookie })).json())).toBe(true);

    const accept = (json: unknown) => call('/api/account/consent', { method: 'POST', cookie, json });
    for (const [body, message] of [
      [{}, CONSENT_MESSAGES.missing],
      [{ ...CURRENT_VERSIONS, termsVersion: '2020-01-01' }, CONSENT_MESSAGES.stale],
    ] as const) {
      const refused = await accept(body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message });
    }
    expect(consentDue(await (await call('/api/auth/user', { cookie })).json())).toBe(true);

    const res = await accept(CURRENT_VERSIONS);
    expect(res.status).toBe(200);
    expect((await res.json<{ user: unknown }>()).user).toMatchObject(CURRENT_VERSIONS);
    const me = await (await call('/api/auth/user', { cookie })).json<AcceptedVersions & { termsAcceptedAt: string }>();
    expect(consentDue(me)).toBe(false);
    expect(Date.parse(me.termsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

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

describe('preferences', () => {
  it('starts with the spec defaults and saves only what a PATCH names', async () => {
    const { cookie } = await newDriver();
    expect(await (await call('/api/user/preferences', { cookie })).json()).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      smsNotifications: false,
      bookingReminders: true,
      promotionalEmails: false,
      defaultDuration: '2',
      autoExtend: false,
      theme: 'system',
    });
    const res = await call('/api/user/preferences', { method: 'PATCH', cookie, json: { theme: 'dark', defaultDuration: '4' } });
    expect(await res.json()).toMatchObject({ theme: 'dark', defaultDuration: '4', autoExtend: false });
  });

  it.each([
    [{ defaultDuration: '3' }, 'Default duration must be 1, 2, 4, 8 or 24 hours.'],
    [{ theme: 'blue' }, 'Theme must be light, dark or system.'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const { cookie } = await newDriver();
    const res = await call('/api/user/preferences', { method: 'PATCH', cookie, json: body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});
