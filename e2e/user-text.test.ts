/**
 * What people type is shown as text, never run as markup: a lot named with an HTML payload and a
 * rejection reason carrying one, on the screens that show them to the owner, the admin and the
 * driver; a plate with markup is refused, as plates must look like Philippine plates. A payload that ran would set `window.pwned` or leave an element it made in the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DAY_MS, manilaDate } from '../core/time';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { baseURL, reportPageOnFailure, signUpDriver, test } from './browser';
import { demoAdmin, FIXTURE_PASSWORD, FIXTURE_PLACE, newOwner, topUpWallet } from './fixtures';

const run = Date.now() % 100_000;
const LOT = `<img src=x onerror="window.pwned=1">Rizal "Plaza" & Co ${run}`;
const REJECTED = `<b id="made">Bold</b> Annex ${run}`;
const REASON = `<script>window.pwned=1</script>Photos missing & blurry`;
let owner: Page;
let admin: Page;
let driver: Page;
let current: Page | undefined;

test.beforeAll(async ({ browser, people }) => {
  const approver = await demoAdmin(browser);
  const { email } = await newOwner(browser, approver);
  await approver.close();
  [owner, admin, driver] = await Promise.all([
    people.signedIn(email, FIXTURE_PASSWORD),
    people.signedIn('admin@parkada.ph', DEMO_PASSWORD),
    people.signedOut(),
  ]);
});
reportPageOnFailure(() => current);

/**
 * Shows `page` at `path`, waits for `text` as text, and checks no markup from it ran. Some screens set
 * the text inside a sentence ("Reason: …"), so it is found within one: its markup cannot come from
 * anything else on the page.
 */
async function showsAsText(page: Page, path: string, text: string) {
  current = page;
  await page.goto(`${baseURL}${path}`);
  await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor();
  expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
  expect(await page.locator('img[src="x"], #made').count()).toBe(0);
}

async function createLot(name: string) {
  const res = await owner.request.post(`${baseURL}/api/owner/lots`, {
    data: {
      name,
      address: 'Regalado Ave, Fairview, Quezon City',
      geoLat: FIXTURE_PLACE.geoLat,
      geoLng: FIXTURE_PLACE.geoLng,
      totalSlots: 10,
      hourlyRate: 5_000,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

/** The admin decides the lot's pending submission. */
async function decide(lotId: string, action: 'approve' | 'reject', reason?: string) {
  const pending = await (await admin.request.get(`${baseURL}/api/admin/lot-submissions?status=pending&limit=100`)).json();
  const submission = pending.items.find((item: { lotId: string }) => item.lotId === lotId);
  const res = await admin.request.post(`${baseURL}/api/admin/lots/${submission.id}/${action}`, { data: reason ? { reason } : {} });
  expect(res.status()).toBe(200);
}

describe('user text on screen', () => {
  test('a lot name with markup, on the owner’s and the admin’s screens', async () => {
    const lotId = await createLot(LOT);
    await showsAsText(owner, '/owner/lots', LOT);
    await showsAsText(admin, '/admin/approvals?tab=lot', LOT);
    await decide(lotId, 'approve');
    await showsAsText(owner, '/owner', LOT);
    await showsAsText(admin, '/admin/audit-logs', LOT);
  });

  test('a rejection reason with markup, in the owner’s notifications', async () => {
    const lotId = await createLot(REJECTED);
    await decide(lotId, 'reject', REASON);
    await showsAsText(owner, '/notifications', 'Photos missing & blurry');
    expect(await owner.getByText(REASON, { exact: false }).count()).toBeGreaterThan(0);
    await showsAsText(admin, '/admin/approvals?tab=lot&status=rejected', REJECTED);
  });

  test('the lot name with markup on the driver’s screens; a plate with markup is refused', async () => {
    await signUpDriver(driver, { firstName: 'Nora', lastName: 'Aunor', mobile: '+63 917-8889999', password: 'himala-1982' });
    await topUpWallet(driver.request, 50_000);
    const found = await (await driver.request.get(`${baseURL}/api/lots?q=${encodeURIComponent(`Plaza" & Co ${run}`)}`)).json();
    const lot = (found.items ?? found).find((candidate: { name: string }) => candidate.name === LOT);
    expect(lot).toBeDefined();

    await showsAsText(driver, `/?place=${encodeURIComponent(`Co ${run}`)}`, LOT);
    await showsAsText(driver, `/lot/${lot.id}`, LOT);
    // Tomorrow 10:00 in Manila, inside the lot's default hours.
    const start = `${manilaDate(Date.now() + DAY_MS)}T10:00:00+08:00`;
    const book = (plate: string) =>
      driver.request.post(`${baseURL}/api/reservations`, {
        data: { lotId: lot.id, start, durationHours: 1, plate },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
    // A plate is checked against the Philippine formats, so markup never becomes one.
    const refused = await book('<i>ABC</i>1234');
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Enter a Philippine plate');
    const booked = await book('NRA 1982');
    expect(booked.status()).toBe(201);
    await showsAsText(driver, `/reservation/${(await booked.json()).id}`, LOT);
    await showsAsText(driver, '/reservations', LOT);
  });
});
