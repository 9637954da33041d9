/**
 * An owner's waivers of a rate card's fees, kept as a JSON list on the lot's pricing row so every
 * price reads them with the card (core/lot-pricing.ts). Each write edits the list in SQL, so two
 * owners' writes never lose one.
 */
import { sql } from 'drizzle-orm';
import type { Waiver } from '../../core/rate-card';
import { sqlStatement, type DB } from '../db/client';

export const addWaiverStatement = (db: DB, lotId: string, waiver: Waiver) =>
  sqlStatement(
    db,
    sql`UPDATE pricing SET waivers_json = json_insert(coalesce(waivers_json, '[]'), '$[#]', json(${JSON.stringify(waiver)}))
         WHERE lot_id = ${lotId}`,
  );

export const removeWaiverStatement = (db: DB, lotId: string, waiverId: string) =>
  sqlStatement(
    db,
    sql`UPDATE pricing SET waivers_json = (SELECT json_group_array(json(value)) FROM json_each(waivers_json) WHERE json_extract(value, '$.id') <> ${waiverId})
         WHERE lot_id = ${lotId}`,
  );
