/** The receipts a driver's and the gate's screens read (the documents are written by receipts.statements.ts). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../db/client';
import { receipts } from '../db/schema';

/**
 * The receipt a reservation's driver sees: its last one, which no later receipt replaces (a voided
 * one when the stay was refunded in full). One per reservation that ever had a receipt.
 */
export const isCurrentReceipt = () =>
  and(eq(receipts.kind, 'RECEIPT'), sql`NOT EXISTS (SELECT 1 FROM ${receipts} AS "later" WHERE "later"."replaces_id" = ${receipts.id})`);

/** The VOID that voided a receipt. */
export const voidedBy = alias(receipts, 'voided_by');

export type CurrentReceipt = { id: string; number: string; voidNumber: string | null };

/** The current receipt of each of these reservations that has one: its id, its number and the number of the VOID that voided it, if any. */
export async function currentReceiptsOf(db: DB, reservationIds: string[]): Promise<Map<string, CurrentReceipt>> {
  if (!reservationIds.length) return new Map();
  const rows = await db
    .select({ id: receipts.id, number: receipts.number, reservationId: receipts.reservationId, voidNumber: voidedBy.number })
    .from(receipts)
    .leftJoin(voidedBy, eq(voidedBy.voidsId, receipts.id))
    .where(and(inArray(receipts.reservationId, reservationIds), isCurrentReceipt()));
  return new Map(rows.map(({ reservationId, ...receipt }) => [reservationId!, receipt]));
}

/** The receipt of each of these monthly passes that has one (a pass sold before receipts were issued for passes has none). */
export async function passReceiptsOf(db: DB, passIds: string[]): Promise<Map<string, { id: string; number: string }>> {
  if (!passIds.length) return new Map();
  const rows = await db
    .select({ id: receipts.id, number: receipts.number, monthlyPassId: receipts.monthlyPassId })
    .from(receipts)
    .where(and(inArray(receipts.monthlyPassId, passIds), isCurrentReceipt()));
  return new Map(rows.map(({ monthlyPassId, ...receipt }) => [monthlyPassId!, receipt]));
}
