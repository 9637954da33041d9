/**
 * Merchant validations in D1 (docs/passes.md, "Merchant validations"): merchants, their codes and
 * link validations, the conditional UPDATE that redeems one, and the reads of the owner's report.
 */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { checkins, lots, merchants, validations } from '../db/schema';

export type Merchant = typeof merchants.$inferSelect;

/** The SHA-256 of a merchant link's token, hex: what the database keeps instead of the token. */
export async function linkHashOf(token: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The lot's merchants, by name, with how many of their codes are still unused. */
export const merchantsOfLot = (db: DB, lotId: string) =>
  db
    .select({
      id: merchants.id,
      lotId: merchants.lotId,
      name: merchants.name,
      perStayCapCents: merchants.perStayCapCents,
      linkActive: sql<number>`${merchants.linkHash} IS NOT NULL`.mapWith(Boolean),
      linkHours: merchants.linkHours,
      linkAmountCents: merchants.linkAmountCents,
      linkRevokedAt: merchants.linkRevokedAt,
      createdAt: merchants.createdAt,
      unusedCodes: sql<number>`(SELECT count(*) FROM validations v WHERE v.merchant_id = "merchants"."id" AND v.source = 'code' AND v.redeemed_at IS NULL)`,
    })
    .from(merchants)
    .where(eq(merchants.lotId, lotId))
    .orderBy(asc(merchants.name), asc(merchants.id));

/** A merchant with the owner of its lot (to check who may manage it). */
export async function findMerchant(db: DB, id: string) {
  const [row] = await db
    .select({ merchant: merchants, ownerId: lots.ownerId, lotName: lots.name })
    .from(merchants)
    .innerJoin(lots, eq(lots.id, merchants.lotId))
    .where(eq(merchants.id, id));
  return row ?? null;
}

/** The merchant a live link's token opens, with its lot; none once revoked or replaced. */
export async function merchantOfLink(db: DB, token: string) {
  const [row] = await db
    .select({ merchant: merchants, lotName: lots.name })
    .from(merchants)
    .innerJoin(lots, eq(lots.id, merchants.lotId))
    .where(eq(merchants.linkHash, await linkHashOf(token)));
  return row ?? null;
}

export const merchantInsert = (db: DB, row: typeof merchants.$inferInsert) => statementOf(db, db.insert(merchants).values(row));

export const merchantLinkUpdate = (
  db: DB,
  merchantId: string,
  link: Pick<Merchant, 'linkHash' | 'linkHours' | 'linkAmountCents' | 'linkRevokedAt'>,
) => statementOf(db, db.update(merchants).set(link).where(eq(merchants.id, merchantId)));

/** Inserts of a batch of codes, a few per statement (D1 binds at most 100 parameters). */
export function codeInserts(db: DB, rows: (typeof validations.$inferInsert)[]) {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += 10) statements.push(statementOf(db, db.insert(validations).values(rows.slice(i, i + 10))));
  return statements;
}

/** A printed code, with its merchant and that merchant's lot. */
export async function findCode(db: DB, code: string) {
  const [row] = await db
    .select({ validation: validations, merchantName: merchants.name, lotName: lots.name })
    .from(validations)
    .innerJoin(merchants, eq(merchants.id, validations.merchantId))
    .innerJoin(lots, eq(lots.id, validations.lotId))
    .where(eq(validations.code, code));
  return row ?? null;
}

/**
 * Redeems a validation on an open stay: only while it is unredeemed and unexpired, and the stay is
 * still inside (not checked out, not undone). Follow it with `abortUnlessChanged`: a code another
 * request redeemed a moment earlier matches nothing, and the whole batch is refused.
 */
export const redeemStatement = (db: DB, input: { id: string; checkinId: string; userId: string | null; now: Date }) =>
  statementOf(
    db,
    db
      .update(validations)
      .set({ checkinId: input.checkinId, redeemedAt: input.now.toISOString(), redeemedBy: input.userId })
      .where(
        and(
          eq(validations.id, input.id),
          isNull(validations.redeemedAt),
          gt(validations.expiresAt, input.now.toISOString()),
          sql`EXISTS (SELECT 1 FROM checkins c WHERE c.id = ${input.checkinId} AND c.exit_ts IS NULL AND c.undone_at IS NULL)`,
        ),
      ),
  );

/** A validation the merchant link gives, redeemed on the stay as it is made: only on a stay still inside, while the link works, once per stay. */
export const linkValidationInsert = (
  db: DB,
  row: { id: string; merchantId: string; lotId: string; hours: number | null; amountCents: number | null; checkinId: string; now: Date },
) =>
  db.$client
    .prepare(
      `INSERT INTO validations (id, merchant_id, lot_id, source, hours, amount_cents, expires_at, checkin_id, redeemed_at)
       SELECT ?1, ?2, ?3, 'link', ?4, ?5, ?6, ?7, ?6
        WHERE EXISTS (SELECT 1 FROM checkins c WHERE c.id = ?7 AND c.exit_ts IS NULL AND c.undone_at IS NULL)
          AND EXISTS (SELECT 1 FROM merchants m WHERE m.id = ?2 AND m.link_hash IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM validations v WHERE v.checkin_id = ?7 AND v.merchant_id = ?2 AND v.source = 'link')`,
    )
    .bind(row.id, row.merchantId, row.lotId, row.hours, row.amountCents, row.now.toISOString(), row.checkinId);

/** What a validation needs of a stay (a check-in): where it is, whose it is, and whether the car is still inside. */
const stayColumns = {
  id: checkins.id,
  lotId: checkins.lotId,
  plate: checkins.plate,
  reservationId: checkins.reservationId,
  exitTs: checkins.exitTs,
  undoneAt: checkins.undoneAt,
};
export type Stay = NonNullable<Awaited<ReturnType<typeof findStay>>>;

export async function findStay(db: DB, checkinId: string) {
  const [row] = await db.select(stayColumns).from(checkins).where(eq(checkins.id, checkinId));
  return row ?? null;
}

/**
 * The stay of a car still inside a lot: by plate, by reservation, or by the Pass ID its pass shows
 * (the reservation id's first 8 characters).
 */
export async function findOpenStay(db: DB, lotId: string, by: { plate?: string } | { reservationId: string } | { passId: string }) {
  const which =
    'reservationId' in by
      ? eq(checkins.reservationId, by.reservationId)
      : 'passId' in by
        ? sql`${checkins.reservationId} LIKE ${`${by.passId.toLowerCase()}%`}`
        : eq(checkins.plate, by.plate ?? '');
  const [row] = await db
    .select(stayColumns)
    .from(checkins)
    .where(and(eq(checkins.lotId, lotId), which, isNull(checkins.exitTs), isNull(checkins.undoneAt)))
    .orderBy(desc(checkins.entryTs))
    .limit(1);
  return row ?? null;
}

/** The validations redeemed on a stay, in the order they were applied, with their merchant's name and cap. */
export const validationsOfStay = (db: DB, checkinId: string) =>
  db
    .select({
      id: validations.id,
      merchantId: validations.merchantId,
      merchantName: merchants.name,
      perStayCapCents: merchants.perStayCapCents,
      source: validations.source,
      code: validations.code,
      hours: validations.hours,
      amountCents: validations.amountCents,
      valueCents: validations.valueCents,
      redeemedAt: validations.redeemedAt,
    })
    .from(validations)
    .innerJoin(merchants, eq(merchants.id, validations.merchantId))
    .where(eq(validations.checkinId, checkinId))
    .orderBy(asc(validations.redeemedAt), sql`${validations}.rowid`);
export type StayValidation = Awaited<ReturnType<typeof validationsOfStay>>[number];

/**
 * Put in the exit's batch: aborts it (the `transition_guard` CHECK) when the stay has another number
 * of validations than the exit priced, i.e. one was applied between the price and the commit.
 */
/**
 * Validations given per merchant and Manila month at the lots of one owner (or all: null), counted
 * at the exit that valued them, for invoicing the merchants.
 */
export const redeemedPerMerchantMonth = (db: DB, ownerId: string | null, from: string, to: string) =>
  db.all<{ month: string; merchantId: string; merchantName: string; lotName: string; redeemed: number; valueCents: number }>(sql`
    SELECT substr(strftime('%Y-%m-%dT%H:%M:%fZ', v.valued_at, '+8 hours'), 1, 7) AS month, m.id AS merchantId,
           m.name AS merchantName, l.name AS lotName, count(*) AS redeemed, sum(v.value_cents) AS valueCents
      FROM validations v JOIN merchants m ON m.id = v.merchant_id JOIN lots l ON l.id = v.lot_id
     WHERE v.valued_at IS NOT NULL ${ownerId ? sql`AND l.owner_id = ${ownerId}` : sql``}
     GROUP BY month, m.id
    HAVING month >= ${from} AND month <= ${to}
     ORDER BY month, l.name, m.name`);

/** Validated value per lot and Manila month, for the statements' own line. */
export async function validatedByLotMonth(db: DB, ownerId: string | null, from: string, to: string) {
  const rows = await db.all<{ lotId: string; month: string; cents: number }>(sql`
    SELECT v.lot_id AS lotId, substr(strftime('%Y-%m-%dT%H:%M:%fZ', v.valued_at, '+8 hours'), 1, 7) AS month, sum(v.value_cents) AS cents
      FROM validations v
     WHERE v.valued_at IS NOT NULL
       AND v.lot_id IN ${ownerId ? sql`(SELECT id FROM lots WHERE owner_id = ${ownerId})` : sql`(SELECT id FROM lots)`}
     GROUP BY v.lot_id, month
    HAVING month >= ${from} AND month <= ${to}`);
  return new Map(rows.map((row) => [`${row.lotId}|${row.month}`, Number(row.cents)]));
}
