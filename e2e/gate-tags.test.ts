/**
 * The lot of this file's own followed live (e2e/gate.ts), and its tags: a booking made elsewhere shows
 * on the owner's Lot Status and on the lot page without a reload; the owner prints the entrance tag, the
 * driver taps in and out with a phone, and the gate's screen sees both at once.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { TAP_NEEDS_LOCATION } from '../core/tags';
import { baseURL, checkScreens, reportPageOnFailure, test } from './browser';
import { FIXTURE_PLACE } from './fixtures';
import { driver, driverEmail, gate, LOT, liveFiguresHeardBy, lotId, openGate, openPortal, openScan, ownerContext, toast } from './gate';

/** The driver's phone that tapped the lot's entrance tag, signed in. */
let tapPhone: Page;

test.beforeAll(async ({ browser, camera, people }) => {
  await openGate({ browser, camera, people });
  // The attendant is on the scan screen, and goes back to the portal when the tag is tapped.
  await openScan();
});
reportPageOnFailure(() => gate);

describe('a shift at the gate', () => {
  test('follows the lot live: a booking made elsewhere shows on the Lot Status and on the lot page, without a reload', async () => {
    const owner = await ownerContext.newPage();
    const ownerHeard = liveFiguresHeardBy(owner);
    await owner.goto(`${baseURL}/attendant`);
    await owner.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    const driverHeard = liveFiguresHeardBy(driver);
    await driver.goto(`${baseURL}/lots/${lotId}`);
    await driver.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    const count = async (page: Page, id: string) => Number.parseInt(await page.getByTestId(id).innerText(), 10);
    const [slotsFree, lotFree] = [await count(owner, 'free-slots'), await count(driver, 'lot-free')];
    const [ownerBefore, driverBefore] = [ownerHeard.length, driverHeard.length];
    const booked = await driver.request.post(`${baseURL}/api/reservations`, {
      data: { lotId, start: new Date(Date.now() + 60_000).toISOString(), durationHours: 1, plate: 'LIV 5150' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    // Each screen's socket brings the lot's new figures, which polling never sends; the lot page does not
    // poll while live, so what it shows came that way, however long it took on this machine.
    await expect.poll(() => [ownerHeard.length > ownerBefore, driverHeard.length > driverBefore]).toEqual([true, true]);
    await expect.poll(() => count(driver, 'lot-free')).toBe(lotFree - 1);
    await expect.poll(() => count(owner, 'free-slots')).toBe(slotsFree - 1);
    await owner.close();
  });

  test("prints the lot's entrance tag; the driver, signed out, taps it, signs in, checks in; the gate sees it at once", async ({
    people,
  }) => {
    const owner = await ownerContext.newPage();
    await owner.goto(`${baseURL}/owner/lots`);
    await owner.getByRole('button', { name: `Tags of ${LOT}`, exact: true }).click();
    await owner.getByRole('button', { name: 'New entrance tag', exact: true }).click();
    await owner.getByTestId('lot-tag').filter({ hasText: 'Entrance tag' }).waitFor();
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: /^Print Entrance tag/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parkada-tags-fairview-terraces-gate-lot\.pdf$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [tag] = await (await owner.request.get(`${baseURL}/api/owner/lots/${lotId}/tags`)).json();
    await owner.close();

    await openPortal();
    await gate.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    // The driver's phone opens the tag's URL signed out: sign-in, then back to the tag.
    const phone = await people.signedOut();
    await phone.goto(tag.url.replace(/^https?:\/\/[^/]+/, baseURL));
    await phone.waitForURL(/\/login\?redirect=/);
    await phone.getByLabel('Email Address', { exact: true }).fill(driverEmail);
    await phone.getByLabel('Password', { exact: true }).fill('bibingka-at-puto');
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The booking the previous test made, starting a minute after it: due now.
    await phone.getByRole('heading', { name: LOT, exact: true }).waitFor();
    expect(await phone.getByText('LIV 5150', { exact: true }).count()).toBe(1);
    // A tag works only from the lot: without the phone's location, the page says so and sends nothing.
    await phone.getByRole('button', { name: 'Check in', exact: true }).click();
    await phone.getByRole('alert').filter({ hasText: TAP_NEEDS_LOCATION }).waitFor();
    await phone.context().grantPermissions(['geolocation'], { origin: baseURL });
    await phone.context().setGeolocation({ latitude: FIXTURE_PLACE.geoLat, longitude: FIXTURE_PLACE.geoLng, accuracy: 25 });
    await phone.getByRole('button', { name: 'Check in', exact: true }).click();
    await phone.getByRole('heading', { name: `Checked in at ${LOT}`, exact: true }).waitFor();
    await checkScreens(phone, 'tap-checked-in');
    // The gate's screen, untouched since: the lot's live figures bring the entry.
    await gate.getByTestId('activity').filter({ hasText: 'LIV 5150' }).filter({ hasText: 'Driver tapped the tag' }).waitFor();
    tapPhone = phone;
  });

  test('the driver taps out at the exit tag: the gate shows a driver-declared exit, and checks the car out when it sees it leave', async () => {
    const exitTag = await (await ownerContext.request.post(`${baseURL}/api/owner/lots/${lotId}/tags`, { data: { kind: 'exit' } })).json();
    await tapPhone.goto(exitTag.url.replace(/^https?:\/\/[^/]+/, baseURL));
    await tapPhone.getByRole('button', { name: 'Check out', exact: true }).click();
    await tapPhone.getByRole('heading', { name: `Checked out of ${LOT}`, exact: true }).waitFor();
    await gate.getByTestId('activity').filter({ hasText: 'LIV 5150' }).filter({ hasText: 'Driver-declared exit' }).waitFor();
    await openScan();
    await gate.getByLabel('Plate Number', { exact: true }).fill('LIV 5150');
    await gate.getByTestId('plate-lookup').filter({ hasText: 'LIV 5150: Driver-declared exit at' }).waitFor();
    await gate.getByRole('button', { name: 'Quick Check-out', exact: true }).click();
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    await toast('Check-out Successful', 'Vehicle LIV 5150 processed successfully. Nothing to pay.');
    await openPortal();
    await gate.getByTestId('activity').filter({ hasText: 'Seen leaving after a driver-declared exit' }).waitFor();
  });
});
