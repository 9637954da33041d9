/**
 * API keys (docs/api.md, Authentication and API keys): an account's systems (a gate's camera, a
 * merchant's point of sale) act for it with a key, within the key's scopes and never beyond the
 * account's role. The key is shown once; D1 keeps its SHA-256, which is enough for 256 random bits.
 */
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  LAST_USE_EVERY_MS,
  MAX_API_KEYS,
  scopesBeyondRole,
  type ApiScope,
} from '../../core/api-scopes';
import type { ApiKeyRequest } from '../../core/api-key-request';
import { toBase64url } from '../../core/base64url';
import { refusal, notFound } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { requireRecentSecondFactor, type RequestScope } from '../auth/auth.service';
import { commit, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { sha256Hex } from '../verification/verification.service';
import { deleteKeyStatement, findKeyByHash, findOwnKey, insertKeyWithinCap, listKeys, recordKeyUse } from './api-keys.data';

const newKey = () => API_KEY_PREFIX + toBase64url(crypto.getRandomValues(new Uint8Array(32)));
const scopesOf = (scopesJson: string) => JSON.parse(scopesJson) as ApiScope[];

/** POST /api/account/api-keys: a new key, answered once; the role bounds its scopes, and a recent second factor guards it. */
export async function createApiKey(scope: RequestScope, user: SessionUser, { name, scopes }: ApiKeyRequest, now = Date.now()) {
  const beyond = scopesBeyondRole(scopes, user.role);
  if (beyond) throw refusal('forbidden', beyond);
  await requireRecentSecondFactor(scope, user, now);
  const { db } = scope.var;
  const id = newId();
  const key = newKey();
  const row = { id, userId: user.id, name, visiblePrefix: key.slice(0, API_KEY_VISIBLE_CHARS), keyHash: await sha256Hex(key) };
  try {
    await commit(db, [
      insertKeyWithinCap(db, { ...row, scopesJson: JSON.stringify(scopes) }),
      abortUnlessChanged(db),
      auditStatement(db, user, { action: 'CREATE_API_KEY', subject: id, context: { name, scopes } }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', `An account holds at most ${MAX_API_KEYS} API keys. Revoke one first.`);
    if (violates(error, 'api_keys.user_id, api_keys.name')) throw refusal('conflict', `You already have a key named ${name}.`);
    throw error;
  }
  return { id, key };
}

/** GET /api/account/api-keys: never the key, nor its hash. */
export async function listApiKeys(db: DB, user: SessionUser) {
  const keys = await listKeys(db, user.id);
  return keys.map(({ scopesJson, ...key }) => ({ ...key, scopes: scopesOf(scopesJson) }));
}

/** DELETE /api/account/api-keys/:id: the key stops working at once; another account's key is not found. */
export async function revokeApiKey(scope: RequestScope, user: SessionUser, id: string, now = Date.now()) {
  const { db } = scope.var;
  const key = await findOwnKey(db, user.id, id);
  if (!key) throw notFound('API key');
  await requireRecentSecondFactor(scope, user, now);
  try {
    await commit(db, [
      deleteKeyStatement(db, user.id, id),
      abortUnlessChanged(db),
      auditStatement(db, user, { action: 'REVOKE_API_KEY', subject: id, context: { name: key.name } }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw notFound('API key');
    throw error;
  }
}

export type KeyHolder = { key: { id: string; name: string; scopes: ApiScope[] }; user: SessionUser };

/** The key a bearer secret is and the account it acts for; null for anything else. Its last use is written once a minute at most. */
export async function authenticateApiKey(db: DB, secret: string, now = Date.now()): Promise<KeyHolder | null> {
  if (!secret.startsWith(API_KEY_PREFIX)) return null;
  const found = await findKeyByHash(db, await sha256Hex(secret));
  if (!found) return null;
  const { key, user } = found;
  const staleBefore = new Date(now - LAST_USE_EVERY_MS).toISOString();
  if (key.lastUsedAt === null || key.lastUsedAt < staleBefore) await recordKeyUse(db, key.id, new Date(now).toISOString(), staleBefore);
  return { key: { id: key.id, name: key.name, scopes: scopesOf(key.scopesJson) }, user };
}

/**
 * Every write a key made and the API answered as done is in the audit trail under the key's name. The
 * write is done: a lost audit entry is System Health's alert, never a 500 that invites a retry.
 */
export const auditKeyWrite = (
  env: Bindings,
  db: DB,
  { user, keyName }: { user: SessionUser; keyName: string },
  request: { method: string; path: string; status: number },
) =>
  commit(db, [
    auditStatement(db, user, {
      action: 'API_KEY_WRITE',
      subject: `${request.method} ${request.path}`,
      context: { status: request.status },
    }),
  ]).catch((error) =>
    recordBackgroundFailure(
      env.DB,
      { job: 'API key write audit', subject: `${keyName}: ${request.method} ${request.path}`, error },
      Date.now(),
    ),
  );
