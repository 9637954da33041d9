/** Drivers and their vehicles, as the account's tests set them up through the API. */
import { call, sessionCookie, signupBody } from './helpers';

export type Vehicle = { id: string; plate: string; isDefault: boolean; color: string | null };

/** A driver signed up afresh: their session cookie, their id, and the sign-up body (their password among it). */
export async function newDriver() {
  const body = signupBody();
  const res = await call('/api/auth/signup', { method: 'POST', json: body });
  const { user } = await res.json<{ user: { id: string } }>();
  return { cookie: sessionCookie(res), userId: user.id, body };
}

export const addVehicle = (cookie: string, body: Record<string, unknown>) =>
  call('/api/user/vehicles', { method: 'POST', json: { make: 'Toyota', model: 'Vios', ...body }, cookie });

export const vehiclesOf = async (cookie: string) => (await call('/api/user/vehicles', { cookie })).json<Vehicle[]>();
