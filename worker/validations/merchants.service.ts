/**
 * The owner's side of merchant validations (docs/passes.md, "Merchant validations"): merchants at a
 * lot, their single-use codes and merchant link, and the report of what they validated.
 */
import type { CodeBatchInput, MerchantInput } from '../../core/validation-request';
import { CODE_ALPHABET, type ValidationWorth } from '../../core/validations';
import { notFound, refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { newId } from '../db/ids';
import type { SessionUser } from '../env';
import { assertManagesLot } from '../lots/lots.service';
import {
  codeInserts,
  findMerchant,
  linkHashOf,
  merchantInsert,
  merchantLinkUpdate,
  merchantsOfLot,
  redeemedPerMerchantMonth,
  type Merchant,
} from './validations.data';

/** The owner's own merchant (or any, for the super admin); another owner's answers 404. */
async function managedMerchant(db: DB, user: SessionUser, merchantId: string) {
  const found = await findMerchant(db, merchantId);
  if (!found || (user.role !== 'super_admin' && found.ownerId !== user.id)) throw notFound('Merchant');
  return found.merchant;
}

/** A link token: 32 random bytes, base64url (unguessable; only its hash is kept). */
function newLinkToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A printable code, `ABCDE-23456`: 50 bits from an alphabet without look-alikes. */
function newCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const worthOf = (input: { hours?: number; amountCents?: number }): ValidationWorth => ({
  hours: input.hours ?? null,
  amountCents: input.amountCents ?? null,
});

const summaryOf = (merchant: Merchant) => ({
  id: merchant.id,
  lotId: merchant.lotId,
  name: merchant.name,
  perStayCapCents: merchant.perStayCapCents,
  linkActive: merchant.linkHash !== null,
  linkHours: merchant.linkHours,
  linkAmountCents: merchant.linkAmountCents,
  linkRevokedAt: merchant.linkRevokedAt,
  createdAt: merchant.createdAt,
  unusedCodes: 0,
});

export async function listMerchants(db: DB, user: SessionUser, lotId: string) {
  await assertManagesLot(db, user, lotId);
  return merchantsOfLot(db, lotId);
}

/** Registers a merchant; with `link`, its merchant link too, whose token is shown this once. */
export async function registerMerchant(db: DB, user: SessionUser, lotId: string, input: MerchantInput) {
  await assertManagesLot(db, user, lotId);
  const token = input.link ? newLinkToken() : null;
  const merchant: Merchant = {
    id: newId(),
    lotId,
    name: input.name,
    perStayCapCents: input.perStayCapCents,
    linkHash: token ? await linkHashOf(token) : null,
    linkHours: input.link?.hours ?? null,
    linkAmountCents: input.link?.amountCents ?? null,
    linkRevokedAt: null,
    createdAt: new Date().toISOString(),
  };
  await commit(db, [
    merchantInsert(db, merchant),
    ...(token
      ? [auditStatement(db, user, { action: 'OPEN_MERCHANT_LINK', subject: `merchant:${merchant.id}`, context: { lotId, ...input.link } })]
      : []),
  ]);
  return { merchant: summaryOf(merchant), linkToken: token };
}

/** A new merchant link (the previous one stops working): its token, shown this once. */
export async function openMerchantLink(db: DB, user: SessionUser, merchantId: string, worth: { hours?: number; amountCents?: number }) {
  const merchant = await managedMerchant(db, user, merchantId);
  const token = newLinkToken();
  const link = {
    linkHash: await linkHashOf(token),
    linkHours: worth.hours ?? null,
    linkAmountCents: worth.amountCents ?? null,
    linkRevokedAt: null,
  };
  await commit(db, [
    merchantLinkUpdate(db, merchant.id, link),
    auditStatement(db, user, {
      action: 'OPEN_MERCHANT_LINK',
      subject: `merchant:${merchant.id}`,
      context: { lotId: merchant.lotId, ...worth },
    }),
  ]);
  return { merchant: summaryOf({ ...merchant, ...link }), linkToken: token };
}

/** Revokes the merchant link: from now on it opens nothing and validates nothing. Codes already printed still work. */
export async function revokeMerchantLink(db: DB, user: SessionUser, merchantId: string, now = new Date()) {
  const merchant = await managedMerchant(db, user, merchantId);
  const link = {
    linkHash: null,
    linkHours: merchant.linkHours,
    linkAmountCents: merchant.linkAmountCents,
    linkRevokedAt: now.toISOString(),
  };
  await commit(db, [
    merchantLinkUpdate(db, merchant.id, link),
    auditStatement(db, user, { action: 'REVOKE_MERCHANT_LINK', subject: `merchant:${merchant.id}`, context: { lotId: merchant.lotId } }),
  ]);
  return summaryOf({ ...merchant, ...link });
}

/** A batch of single-use codes, for a printable sheet. */
export async function issueCodes(db: DB, user: SessionUser, merchantId: string, input: CodeBatchInput, now = new Date()) {
  const merchant = await managedMerchant(db, user, merchantId);
  if (Date.parse(input.expiresAt) <= now.getTime()) throw refusal('invalid', 'The expiry must be in the future.');
  const batchId = newId();
  const worth = worthOf(input);
  const expiresAt = new Date(input.expiresAt).toISOString();
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(newCode());
  const rows = [...codes].map((code) => ({
    id: newId(),
    merchantId,
    lotId: merchant.lotId,
    source: 'code' as const,
    code,
    batchId,
    ...worth,
    expiresAt,
  }));
  await commit(db, [
    ...codeInserts(db, rows),
    auditStatement(db, user, {
      action: 'ISSUE_VALIDATION_CODES',
      subject: `merchant:${merchantId}`,
      context: { lotId: merchant.lotId, batchId, count: input.count, ...worth, expiresAt },
    }),
  ]);
  return { batchId, merchantName: merchant.name, ...worth, expiresAt, codes: [...codes].sort() };
}

/** Validations redeemed per merchant and month at the owner's lots, with the value given (the web writes the CSV: core/validations.ts). */
export async function validationReport(db: DB, user: SessionUser, from: string, to: string) {
  if (from > to) throw refusal('invalid', 'from must not be after to.');
  return (await redeemedPerMerchantMonth(db, user.role === 'super_admin' ? null : user.id, from, to)).map((row) => ({
    ...row,
    redeemed: Number(row.redeemed),
    valueCents: Number(row.valueCents),
  }));
}
