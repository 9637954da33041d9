/**
 * People and lots of a test file's own, made through the API as the product makes them (sign-up, the
 * admin's approvals, the owner's lot and attendants), so browser test files run at the same time
 * against one app and each can run alone. The demo data stays as seeded: files only read it.
 */
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { LotCreate } from '../core/lot-form';
import { WEEKDAYS } from '../core/booking';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { baseURL, signInThroughApi, uniqueEmail } from './browser';
import { linkIn, mailTo } from './mailbox';
import { CURRENT_VERSIONS } from '../core/legal';

/** The password of every account made here. */
export const FIXTURE_PASSWORD = 'tapsilog-at-kape';

/**
 * Where fixture lots are: Fairview, far north of every demo lot and of every place another test
 * searches, so no file's lot changes what another file's search lists. Their names never say
 * "Parking" (Find Parking's cluster test searches for it).
 */
export const FIXTURE_PLACE = { name: 'Fairview', geoLat: 14.734, geoLng: 121.058 };

export const ALL_DAY = Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '00:00', close: '23:59' }]));

/** A new account signed up in `context` (which keeps its session), as a driver or an owner applicant. */
export async function signUp(
  context: BrowserContext,
  person: { firstName: string; lastName: string; role?: 'parking_user' | 'space_owner' },
) {
  const email = uniqueEmail(person.firstName);
  const res = await context.request.post(`${baseURL}/api/auth/signup`, {
    data: { role: 'parking_user', mobile: '+63 917-6543210', password: FIXTURE_PASSWORD, ...CURRENT_VERSIONS, ...person, email },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/**
 * The person opens the link of the e-mail the sign-up sent (here through the API, in `context`): a
 * verified address may add a second factor and accept an invitation.
 */
export async function verifyAddress(context: BrowserContext, email: string) {
  const token = new URL(linkIn(await mailTo(email, 'Confirm your e-mail address'), '/verify-email')).searchParams.get('token');
  const res = await context.request.post(`${baseURL}/api/auth/verify-email`, { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The demo super admin, signed in through the API in a context of its own. */
export async function demoAdmin(browser: Browser) {
  const context = await browser.newContext();
  await signInThroughApi(context, 'admin@parkada.ph', DEMO_PASSWORD);
  return context;
}

/** Finds this file's pending item in an approvals queue and decides it as the admin. */
async function decide(
  admin: BrowserContext,
  queue: 'owner-applications' | 'lot-submissions',
  match: (item: Record<string, unknown>) => boolean,
) {
  const pending = await (await admin.request.get(`${baseURL}/api/admin/${queue}?status=pending&limit=100`)).json();
  const item = (pending.items as Record<string, unknown>[]).find(match);
  expect(item, `no pending item in ${queue}`).toBeDefined();
  const res = await admin.request.post(`${baseURL}/api/admin/${queue === 'owner-applications' ? 'owners' : 'lots'}/${item!.id}/approve`, {
    data: {},
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new owner, applied at sign-up and approved by the admin; `context` holds their session. */
export async function newOwner(browser: Browser, admin: BrowserContext, name = { firstName: 'Corazon', lastName: 'Dizon' }) {
  const context = await browser.newContext();
  const email = await signUp(context, { ...name, role: 'space_owner' });
  await decide(admin, 'owner-applications', (item) => item.email === email);
  return { context, email };
}

/**
 * A lot of `owner`'s, approved by the admin: open around the clock in Fairview, overnight stays allowed,
 * unless told otherwise (so a booking made late in the Manila evening does not cross into a closed night).
 */
export async function newApprovedLot(owner: BrowserContext, admin: BrowserContext, lot: Partial<LotCreate> & { name: string }) {
  const res = await owner.request.post(`${baseURL}/api/owner/lots`, {
    data: {
      address: 'Regalado Ave, Fairview, Quezon City',
      ...FIXTURE_PLACE,
      totalSlots: 10,
      hoursJson: ALL_DAY,
      rulesJson: { maxDuration: 24, allowOvernight: true },
      ...lot,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await decide(admin, 'lot-submissions', (item) => item.lotId === id);
  return { id, name: lot.name };
}

/**
 * A new account, its address verified, that `owner` invites to the gate of their lot and that accepts;
 * sign in with its e-mail and FIXTURE_PASSWORD.
 */
async function newAttendant(browser: Browser, owner: BrowserContext, lotId: string, firstName = 'Andres') {
  const context = await browser.newContext();
  const email = await signUp(context, { firstName, lastName: 'Bonifacio' });
  await verifyAddress(context, email);
  const res = await owner.request.post(`${baseURL}/api/owner/lots/${lotId}/attendants`, { data: { email } });
  expect(res.status(), await res.text()).toBe(201);
  const { invitation } = (await res.json()) as { invitation: { id: string } };
  const accepted = await context.request.post(`${baseURL}/api/invitations/${invitation.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await context.close();
  return email;
}

/** An owner with one approved lot and an attendant at its gate, all this file's own. */
export async function ownLotWithAttendant(browser: Browser, lot: Partial<LotCreate> & { name: string }) {
  const admin = await demoAdmin(browser);
  const owner = await newOwner(browser, admin);
  const approved = await newApprovedLot(owner.context, admin, lot);
  const attendant = await newAttendant(browser, owner.context, approved.id);
  await admin.close();
  return { owner, lot: approved, attendant };
}

/** Money in the signed-in driver's wallet, through a real top-up the sandbox gateway approves. */
export async function topUpWallet(request: APIRequestContext, amountCents: number) {
  const topup = await request.post(`${baseURL}/api/wallet/topup`, {
    data: { amountCents, method: 'gcash' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect((await request.post(`${baseURL}/api/payments/sandbox/${(await topup.json()).id}/approve`)).status()).toBe(200);
}
