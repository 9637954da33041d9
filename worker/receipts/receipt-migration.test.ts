/**
 * migrations/0022_receipt_numbers.sql on a database that has receipts of the old kind (one per
 * reservation, revised in place): every lot gets its series, and the receipts so far are numbered
 * 1… per lot in the order they were issued, each covering every charge and gate refund so far. It
 * ends at the current schema, as every test file does.
 */
import { applyD1Migrations, env } from 'cloudflare:test';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { receiptInitials } from '../../core/receipts';
import { receipts, receiptSeries } from '../db/schema';
import { db } from '../test/helpers';
import { migratedUpTo } from '../test/schema';

const NUMBERING = '0022_receipt_numbers';

describe(NUMBERING, () => {
  it("opens a series for every lot and numbers each lot's receipts in issue order", async () => {
    const before = await migratedUpTo(NUMBERING);
    expect(before.length).toBeLessThan(env.TEST_MIGRATIONS.length);

    const run = (sql: string) => env.DB.prepare(sql).run();
    await run(`INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ('u1', 'ana@example.ph', 'x', 'Ana', 'Cruz')`);
    // Two lots of the same initials (GP), one whose name gives none, one with an accent.
    await run(`INSERT INTO lots (id, owner_id, name, geo_lat, geo_lng, created_at) VALUES
      ('gb3', 'u1', 'Greenbelt 3 Parking', 14.5, 121, '2025-01-01T00:00:00.000Z'),
      ('gp', 'u1', 'Glorietta  Parking', 14.5, 121, '2025-01-02T00:00:00.000Z'),
      ('num', 'u1', '123', 14.5, 121, '2025-01-03T00:00:00.000Z'),
      ('lp', 'u1', 'Las Piñas Mall', 14.5, 121, '2025-01-04T00:00:00.000Z')`);
    await run(`INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES
      ('r1', 'u1', 'gb3', 'COMPLETED', '2025-02-01T01:00:00.000Z', '2025-02-01T03:00:00.000Z', 8000),
      ('r2', 'u1', 'gb3', 'COMPLETED', '2025-02-02T01:00:00.000Z', '2025-02-02T04:00:00.000Z', 12000),
      ('r3', 'u1', 'gp', 'CANCELLED', '2025-02-03T01:00:00.000Z', '2025-02-03T02:00:00.000Z', 4000)`);
    await run(`INSERT INTO charges (id, reservation_id, kind, amount_cents) VALUES
      ('c1', 'r1', 'BOOKING', 8000), ('c2', 'r2', 'BOOKING', 8000), ('c3', 'r2', 'EXTENSION', 4000),
      ('c4', 'r3', 'BOOKING', 4000), ('c5', 'r3', 'REFUND', -4000)`);
    // Issued out of order of their ids: r2's receipt is the later one.
    await run(`INSERT INTO receipts (id, user_id, reservation_id, amount_cents, vat_cents, created_at) VALUES
      ('a-late', 'u1', 'r2', 12000, 1286, '2025-02-02T00:00:00.000Z'),
      ('b-early', 'u1', 'r1', 8000, 857, '2025-02-01T00:00:00.000Z'),
      ('c-gp', 'u1', 'r3', 0, 0, '2025-02-03T00:00:00.000Z')`);

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

    const series = await db().select().from(receiptSeries).orderBy(asc(receiptSeries.prefix));
    expect(series.map(({ lotId, prefix, lastNumber }) => [lotId, prefix, lastNumber])).toEqual([
      ['gb3', 'GP1', 2],
      ['gp', 'GP2', 1],
      ['num', 'L1', 0],
      // SQL reads ASCII letters only: "Piñas" is two words there ("LPA"); a lot made now would be "LPM".
      ['lp', 'LPA1', 0],
    ]);
    expect(receiptInitials('Greenbelt 3 Parking')).toBe('GP');
    expect(receiptInitials('123')).toBe('L');

    const numbered = await db().select().from(receipts).orderBy(asc(receipts.number));
    expect(
      numbered.map(({ id, kind, lotId, seq, number, amountCents, chargeLines, replacesId, voidsId }) => ({
        id,
        kind,
        lotId,
        seq,
        number,
        amountCents,
        chargeLines,
        replacesId,
        voidsId,
      })),
    ).toEqual([
      {
        id: 'b-early',
        kind: 'RECEIPT',
        lotId: 'gb3',
        seq: 1,
        number: 'GP1-000001',
        amountCents: 8000,
        chargeLines: 1,
        replacesId: null,
        voidsId: null,
      },
      {
        id: 'a-late',
        kind: 'RECEIPT',
        lotId: 'gb3',
        seq: 2,
        number: 'GP1-000002',
        amountCents: 12000,
        chargeLines: 2,
        replacesId: null,
        voidsId: null,
      },
      {
        id: 'c-gp',
        kind: 'RECEIPT',
        lotId: 'gp',
        seq: 1,
        number: 'GP2-000001',
        amountCents: 0,
        chargeLines: 2,
        replacesId: null,
        voidsId: null,
      },
    ]);
    // From now on a document must be numbered, and the receipts are append-only.
    await expect(
      run(`INSERT INTO receipts (id, user_id, reservation_id, amount_cents) VALUES ('unnumbered', 'u1', 'r1', 8000)`),
    ).rejects.toThrow(/receipts are numbered/);
    await expect(run(`UPDATE receipts SET amount_cents = 1 WHERE id = 'a-late'`)).rejects.toThrow(/receipts are append-only/);
    await expect(run(`DELETE FROM receipts WHERE id = 'a-late'`)).rejects.toThrow(/receipts are append-only/);
  });
});
