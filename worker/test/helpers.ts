import { env } from 'cloudflare:test';
import { testClient } from 'hono/testing';
import { app } from '../app';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { createSession } from '../auth/sessions.service';
import { createDb } from '../db/client';
import { DEMO_ACCOUNTS, seedDemoData } from '../seed/seed';
import { hashPassword } from '../auth/password';
import { createAccount, findUserByEmail, type NewAccount } from '../users/users.data';
import { CURRENT_VERSIONS } from '../../core/legal';
import type { Role } from '../../core/roles';

export const ORIGIN = 'https://parkada.test';
export const db = () => createDb(env.DB);

let clients = 0;
/** A client address of its own (IPv6 documentation range), so the per-address sign-in and sign-up limits never couple unrelated tests. */
const nextClientIp = () => `2001:db8::${(++clients).toString(16)}`;

/**
 * Sends a request through the real app with the real bindings (D1, KV, Durable Objects) of this test
 * file, from a fresh client address unless the headers name one (`CF-Connecting-IP`).
 */
export function call(path: string, init: RequestInit & { json?: unknown; cookie?: string; bindings?: Partial<typeof env> } = {}) {
  const { json, cookie, headers, bindings, ...rest } = init;
  const h = new Headers(headers);
  if (!h.has('CF-Connecting-IP')) h.set('CF-Connecting-IP', nextClientIp());
  if (json !== undefined) h.set('Content-Type', 'application/json');
  if (cookie) h.set('Cookie', cookie);
  return app.request(
    `${ORIGIN}${path}`,
    { ...rest, headers: h, body: json === undefined ? rest.body : JSON.stringify(json) },
    { ...env, ...bindings },
  );
}

export const sessionCookie = (res: Response) => res.headers.get('Set-Cookie')?.split(';')[0] ?? '';

/** Loads the demo data into this test file's database unless it is there already. */
export async function seedOnce() {
  if (!(await findUserByEmail(db(), DEMO_ACCOUNTS[0].email))) await seedDemoData(db());
}

/** The Cookie header of a new session of this user, begun at `now` (a test's clock). */
export async function signedInAs(userId: string, now = Date.now()): Promise<string> {
  const { sessionId } = await createSession(env.SESSIONS, db(), userId, { now });
  return `${SESSION_COOKIE}=${sessionId}`;
}

/** A fresh session cookie for the demo account of a role (the demo data must be seeded). */
export async function cookieFor(role: Role): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const user = await findUserByEmail(db(), account.email);
  return signedInAs(user!.id);
}

let counter = 0;
export const signupBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Liza',
  lastName: 'Soberano',
  email: `liza${++counter}.${crypto.randomUUID().slice(0, 6)}@example.ph`,
  mobile: '+63 917-5551234',
  role: 'parking_user',
  password: 'correct horse battery',
  ...CURRENT_VERSIONS,
  ...overrides,
});

/** A new driver signed in, made through the data layer; `api` is the typed API client acting as them. */
export async function signedInDriver() {
  const { password: _password, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'not used', signupRole: 'parking_user' });
  const cookie = await signedInAs(user.id);
  return { user, cookie, api: testClient(app, env, undefined, { headers: { Cookie: cookie } }).api };
}

/** A new account of this role with a session (no usable password: it signs in through the session only). */
export async function signedInAccount(role: Role, account: Partial<NewAccount> = {}) {
  const { password: _password, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'not used', signupRole: 'parking_user', role, ...account });
  return { user, cookie: await signedInAs(user.id) };
}

/** A new account of this role whose address is verified, with a session and the password `password`: it may add a second factor. */
export async function verifiedAccount(role: Role = 'parking_user') {
  const { password } = signupBody();
  const account = await signedInAccount(role, { passwordHash: await hashPassword(password), emailVerifiedAt: new Date().toISOString() });
  return { ...account, password };
}

/** Follows `nextCursor` from the first page to the last, returning each page's items; `between` runs after every page. */
export async function walkPages<T>(
  page: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>,
  between?: () => Promise<void>,
) {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    pages.push(next.items);
    cursor = next.nextCursor ?? undefined;
    await between?.();
  } while (cursor);
  return pages;
}

/** The first bytes of a real PDF, then filler up to `size` bytes: enough for the type check by magic bytes. */
export const pdfBytes = (size = 1024): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};

/** A multipart body with one file in the field `file`, as the sign-up screen sends an owner applicant's document. */
export function documentForm(bytes: Uint8Array<ArrayBuffer>, name = 'permit.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  return form;
}

/** A fresh Idempotency-Key header, for a write the product expects one on. */
export const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** The message of a refusal's body. */
export const messageOf = async (res: Response) => (await res.json<{ message: string }>()).message;
