import { env } from 'cloudflare:test';
import { newId } from '../db/ids';

/** One SQL statement run as it is: tests that write records the way an import would, not through a route. */
export const run = (query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .run();

/** An approved lot in Makati written straight into D1, its owner, and `drivers` more people. */
export async function rawLot(name: string, drivers: number) {
  const [ownerId, lotId] = [newId(), newId()];
  const people = Array.from({ length: drivers }, () => newId());
  for (const id of [ownerId, ...people])
    await run(
      `INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES (?, ?, 'x', 'Raw', 'Record')`,
      id,
      `${id}@example.ph`,
    );
  await run(
    `INSERT INTO lots (id, owner_id, name, address, city, geo_lat, geo_lng, is_approved) VALUES (?, ?, ?, 'Ayala Ave', 'Makati', 14.55, 121.02, 1)`,
    lotId,
    ownerId,
    name,
  );
  return { ownerId, lotId, drivers: people };
}
