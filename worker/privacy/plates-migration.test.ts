/**
 * migrations/0044_plates_masked_everywhere.sql on a ledger whose monthly-pass sales name their car's
 * plate in full: each is masked as core/vehicles.ts's maskPlate masks it, nothing else changes, and
 * the ledger is append-only again. It ends at the current schema, as every test file does.
 */
import { applyD1Migrations, env } from 'cloudflare:test';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskPlate } from '../../core/vehicles';
import { walletTransactions } from '../db/schema';
import { db } from '../test/helpers';
import { migratedUpTo } from '../test/schema';

const MASKING = '0044_plates_masked_everywhere';
const PLATES = ['NBC 1234', 'ABC 123', 'AB 12345', 'A1B234'];

describe(MASKING, () => {
  it('masks the plate a monthly pass’s sale names in the ledger, and nothing else', async () => {
    await migratedUpTo(MASKING);
    const run = (sql: string, ...values: unknown[]) =>
      env.DB.prepare(sql)
        .bind(...values)
        .run();
    await run(`INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ('u1', 'ana@example.ph', 'x', 'Ana', 'Cruz')`);
    await run(`INSERT INTO wallets (id, user_id) VALUES ('w1', 'u1')`);
    const rows = [
      'Top-up via GCash',
      ...PLATES.map((plate) => `Monthly pass: Lot (North), 24/7, December 2026 (${plate})`),
      'Parking at Greenbelt (2 h)',
    ];
    for (const [index, description] of rows.entries())
      await run(
        `INSERT INTO wallet_transactions (id, wallet_id, type, amount_cents, description, created_at) VALUES (?, 'w1', ?, ?, ?, ?)`,
        `t${index}`,
        index === 0 ? 'TOPUP' : 'PAYMENT',
        index === 0 ? 100_000 : -1_000,
        description,
        `2026-01-0${index + 1}T00:00:00.000Z`,
      );

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

    const after = await db().select().from(walletTransactions).orderBy(asc(walletTransactions.createdAt));
    expect(after.map((row) => row.description)).toEqual([
      'Top-up via GCash',
      ...PLATES.map((plate) => `Monthly pass: Lot (North), 24/7, December 2026 (${maskPlate(plate)})`),
      'Parking at Greenbelt (2 h)',
    ]);
    await expect(run(`UPDATE wallet_transactions SET description = 'x' WHERE id = 't0'`)).rejects.toThrow(/append-only/);
  });

  it('lets a pass sold change its plate only once, to its masked form', async () => {
    const run = (sql: string) => env.DB.prepare(sql).run();
    await run(`INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ('u2', 'ben@example.ph', 'x', 'Ben', 'Cruz')`);
    await run(`INSERT INTO lots (id, owner_id, name, geo_lat, geo_lng) VALUES ('l1', 'u2', 'North', 14.5, 121)`);
    await run(`INSERT INTO pass_products (id, lot_id, name, price_cents, quantity, days_mask, open_minute, close_minute)
               VALUES ('p1', 'l1', '24/7', 300000, 5, 127, 0, 1440)`);
    await run(`INSERT INTO monthly_passes (id, product_id, lot_id, user_id, plate, period_kind, valid_from, valid_until, amount_cents, days_mask, open_minute, close_minute)
               VALUES ('m1', 'p1', 'l1', 'u2', 'NBC 1234', 'month', '2025-01-01T00:00:00.000Z', '2025-01-31T00:00:00.000Z', 300000, 127, 0, 1440)`);
    const plateTo = (plate: string) => env.DB.prepare(`UPDATE monthly_passes SET plate = ? WHERE id = 'm1'`).bind(plate).run();
    for (const other of ['XYZ 9876', 'NBC ••99']) await expect(plateTo(other)).rejects.toThrow(/kept as sold/);
    await plateTo('NBC ••34');
    await expect(plateTo('N•••••34')).rejects.toThrow(/kept as sold/);
  });
});
