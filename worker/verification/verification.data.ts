import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { VerificationType } from '../../core/verification';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { verifications } from '../db/schema';

type NewVerification = { type: VerificationType; target: string; userId?: string | null; tokenHash: string; expiresAt: string };
/** What a used link proved: its target, and the account it acts for when it carries one. */
export type TakenVerification = { target: string; userId: string | null };

/** Stores a link's hash; an earlier link of the same type to the same target stops working. */
export const saveVerification = (db: DB, { type, target, userId = null, tokenHash, expiresAt }: NewVerification) =>
  db
    .insert(verifications)
    .values({ id: newId(), type, target, userId, tokenHash, expiresAt })
    .onConflictDoUpdate({ target: [verifications.target, verifications.type], set: { userId, tokenHash, expiresAt, tries: 0 } });

/**
 * Uses up a live link in one statement: of two requests with the same token only one gets its target.
 * Null for a token never issued, already used, replaced, expired or of another type.
 */
export async function takeVerification(db: DB, type: VerificationType, tokenHash: string, now: number): Promise<TakenVerification | null> {
  const [row] = await db
    .delete(verifications)
    .where(
      and(eq(verifications.tokenHash, tokenHash), eq(verifications.type, type), gt(verifications.expiresAt, new Date(now).toISOString())),
    )
    .returning({ target: verifications.target, userId: verifications.userId });
  return row ?? null;
}

/** Forgets the expired tokens of a type whose targets are never reused (passkey sign-in challenges), so they do not pile up. */
export const deleteExpiredVerifications = (db: DB, type: VerificationType, now: number) =>
  db.delete(verifications).where(and(eq(verifications.type, type), lte(verifications.expiresAt, new Date(now).toISOString())));
/** Uses up the live code of this target and type when the hash is its own and it has tries left; one statement, so a code works once. */
export async function takeCode(
  db: DB,
  { type, target, tokenHash, now, maxTries }: { type: VerificationType; target: string; tokenHash: string; now: number; maxTries: number },
): Promise<boolean> {
  const taken = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.target, target),
        eq(verifications.type, type),
        eq(verifications.tokenHash, tokenHash),
        gt(verifications.expiresAt, new Date(now).toISOString()),
        lt(verifications.tries, maxTries),
      ),
    )
    .returning({ target: verifications.target });
  return taken.length > 0;
}

/** A wrong code typed: one try fewer for the live code of this target. */
export const countWrongCode = (db: DB, type: VerificationType, target: string) =>
  db
    .update(verifications)
    .set({ tries: sql`${verifications.tries} + 1` })
    .where(and(eq(verifications.target, target), eq(verifications.type, type)));
