import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { passkeys, recoveryCodes, sessions, totpFactors } from '../db/schema';

export const findTotp = async (db: DB, userId: string) =>
  (await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)))[0] ?? null;

/** A new pending secret, replacing a pending one; an account whose app is confirmed keeps it (null). */
export async function savePendingTotp(db: DB, userId: string, encryptedSecret: string) {
  const [row] = await db
    .insert(totpFactors)
    .values({ userId, encryptedSecret })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { encryptedSecret }, setWhere: isNull(totpFactors.confirmedAt) })
    .returning({ userId: totpFactors.userId });
  return row ?? null;
}

/** Marks the app confirmed, with the step its first code was of. */
export const confirmTotp = (db: DB, userId: string, step: number, at: string) =>
  db.update(totpFactors).set({ confirmedAt: at, lastStep: step }).where(eq(totpFactors.userId, userId));

/**
 * Records the step of a code just accepted, in one statement that refuses a step not after the last one
 * used: of two sign-ins with the same code, only one gets it.
 */
export async function spendTotpStep(db: DB, userId: string, step: number): Promise<boolean> {
  const used = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return used.length > 0;
}

export const deleteTotp = (db: DB, userId: string) => db.delete(totpFactors).where(eq(totpFactors.userId, userId));

/** Replaces every recovery code of the account with these hashes. */
export const replaceRecoveryCodes = (db: DB, userId: string, hashes: string[]) =>
  db.batch([
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ id: newId(), userId, codeHash }))),
  ]);

export const deleteRecoveryCodes = (db: DB, userId: string) => db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));

/** Every second factor of the account, its app, passkeys and recovery codes, removed in one batch. */
export const forgetSecondFactors = (db: DB, userId: string) =>
  db.batch([
    db.delete(totpFactors).where(eq(totpFactors.userId, userId)),
    db.delete(passkeys).where(eq(passkeys.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);

/** Uses up an unused recovery code in one statement: of two uses at once, only one succeeds. */
export async function spendRecoveryCode(db: DB, userId: string, codeHash: string, at: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: DB, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether the account has a confirmed app or a passkey. */
export async function hasSecondFactor(db: DB, userId: string): Promise<boolean> {
  const [totp, passkey] = await db.batch([
    db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
    db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1),
  ]);
  return totp.length > 0 || passkey.length > 0;
}

/** When the session (by its stored key) last gave the second factor. */
export async function readSecondFactorAt(db: DB, key: string): Promise<string | null> {
  const [row] = await db.select({ at: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, key));
  return row?.at ?? null;
}

export const markSecondFactorGiven = (db: DB, key: string, at: string) =>
  db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, key));
