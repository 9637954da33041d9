/**
 * A whole shift at the gate of a lot of this file's own, open around the clock: a driver's pass read by
 * a fake camera (a video of the pass's QR code, made here), a walk-in, exits by plate, an exit and an
 * entry made offline and sent when the connection returns, and the portal's figures from those records.
 * The driver sees the stay ACTIVE, then COMPLETED with its receipt.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type LiveFigures, parseLiveFigures } from '../core/live';
import { TAP_NEEDS_LOCATION } from '../core/tags';
import { baseURL, checkScreens, logOut, reportPageOnFailure, signUpDriver, test } from './browser';
import { FIXTURE_PASSWORD, FIXTURE_PLACE, ownLotWithAttendant, topUpWallet } from './fixtures';

const LOT = 'Fairview Terraces Gate Lot';
const PLATE = 'NCR 4821';
let driver: Page;
let gate: Page;
let gateContext: BrowserContext;
let ownerContext: BrowserContext;
let reservationId = '';
let lotId = '';
/** The driver's balance before the walk-in they paid with a pay code. */
let walletBefore = 0;
let driverEmail = '';
/** How often the gate fetched the plate reader's model (from the network or its service worker). */
let plateModelFetches = 0;
/** The driver's phone that tapped the lot's entrance tag, signed in. */
let tapPhone: Page;

test.beforeAll(async ({ browser, camera, people }) => {
  const { lot, attendant, owner } = await ownLotWithAttendant(browser, { name: LOT });
  ownerContext = owner.context;
  driver = await people.signedOut();
  driverEmail = await signUpDriver(driver, {
    firstName: 'Lea',
    lastName: 'Salonga',
    mobile: '+63 917-2223333',
    password: 'bibingka-at-puto',
  });
  await topUpWallet(driver.request, 100_000);
  lotId = lot.id;
  // Starts in 5 minutes: the pass opens 15 minutes before the start, so the gate accepts it now.
  const booked = await driver.request.post(`${baseURL}/api/reservations`, {
    data: { lotId, start: new Date(Date.now() + 5 * 60_000).toISOString(), durationHours: 1, plate: PLATE },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  reservationId = (await booked.json()).id;
  const pass = await driver.request.get(`${baseURL}/api/reservations/${reservationId}/pass`);
  expect(pass.status()).toBe(200);
  // The gate's camera films the pass's QR code; a later test films another code.
  camera.film((await pass.json()).token);
  gate = await camera.signedIn(attendant, FIXTURE_PASSWORD);
  gateContext = gate.context();
  gateContext.on('request', (request) => {
    if (/\/assets\/eng\.traineddata-/.test(request.url())) plateModelFetches += 1;
  });
  await gate.goto(`${baseURL}/attendant`);
});
reportPageOnFailure(() => gate);

/** The live figures messages `page`'s sockets receive from now on (core/live.ts), in order. */
function liveFiguresHeardBy(page: Page) {
  const heard: LiveFigures[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const figures = parseLiveFigures(payload);
      if (figures) heard.push(figures);
    }),
  );
  return heard;
}

/** A toast with this title (and, when given, text in its description). */
const toast = async (title: string, text?: string | RegExp) => {
  const item = gate.locator('li[data-state="open"]').filter({ has: gate.getByText(title, { exact: true }) });
  await (text ? item.filter({ hasText: text }) : item).first().waitFor();
  return (await item.first().innerText()).trim();
};
const connection = () => gate.getByTestId('connection');
const figure = (id: string) => gate.getByTestId(id).innerText();

/** The gate's screens through their own links, as the attendant moves between them (no reload). */
async function openScan() {
  await gate.getByRole('link', { name: 'Scan QR Code', exact: true }).click();
  await gate.getByRole('heading', { name: 'Scan & Check-in', exact: true }).waitFor();
}
async function openPortal() {
  await gate.getByRole('link', { name: 'Back to Dashboard', exact: true }).click();
  await gate.getByRole('heading', { name: 'Attendant Portal', exact: true }).waitFor();
}

async function manualEntry(plate: string, action: 'Quick Check-in' | 'Quick Check-out') {
  await gate.getByLabel('Plate Number', { exact: true }).fill(plate);
  await gate.getByRole('button', { name: action, exact: true }).click();
  await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
}

describe('a shift at the gate', () => {
  test('starts the shift from the portal', async () => {
    await gate.getByRole('heading', { name: 'Attendant Portal', exact: true }).waitFor();
    expect(await gate.getByTestId('gate-lot').innerText()).toBe(LOT);
    await connection().filter({ hasText: 'Online' }).waitFor();
    await gate.getByRole('button', { name: 'Start Shift', exact: true }).click();
    await toast('Shift Started');
    await gate.getByRole('button', { name: 'End Shift', exact: true }).waitFor();
    expect(await figure('shift-checkins')).toBe('0');
  });

  test("scans the driver's pass with the camera and checks the car in", async () => {
    await gate.getByRole('link', { name: 'Scan QR Code', exact: true }).click();
    await gate.getByRole('button', { name: 'Start Scanning', exact: true }).click();
    const scanned = gate.getByTestId('scanned-pass');
    await scanned.waitFor();
    const text = await scanned.innerText();
    expect(text).toContain(PLATE);
    expect(text).toContain(reservationId.slice(0, 8).toUpperCase());
    // The camera is released once the code is read.
    await gate.getByRole('button', { name: 'Start Scanning', exact: true }).waitFor();
    expect(await gate.locator('video').evaluate((video: HTMLVideoElement) => video.srcObject)).toBeNull();
    // A camera that sees only a QR code never loads the plate reader's model.
    expect(plateModelFetches).toBe(0);
    await scanned.getByRole('button', { name: 'Process Entry', exact: true }).click();
    expect(await toast('Check-in Successful', `Vehicle ${PLATE} processed successfully`)).toMatch(/Slot \S+/);
    await scanned.waitFor({ state: 'detached' });
  });

  test('shows the driver the stay as active, with the time left and Extend', async () => {
    await driver.goto(`${baseURL}/reservations`);
    await driver.getByRole('tab', { name: 'Active (1)', exact: true }).click();
    const card = driver.getByTestId('reservation-card').filter({ hasText: LOT });
    await card.getByText('ACTIVE', { exact: true }).waitFor();
    expect(await card.innerText()).toMatch(/Remaining\s+\d+h \d+m/);
    await card.getByRole('button', { name: 'Extend Time', exact: true }).waitFor();
  });

  test('asks for a plate, then checks a walk-in in by plate', async () => {
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    await toast('Missing Information', 'Please enter the vehicle plate number');
    await gate.locator('#gate-plate-problem').getByText('Please enter the vehicle plate number', { exact: true }).waitFor();
    // The lot takes cars and motorcycles: the desk asks which a walk-in is, a car unless told.
    expect(await gate.getByLabel('Vehicle', { exact: true }).inputValue()).toBe('car');
    expect(await gate.getByLabel('Vehicle', { exact: true }).locator('option').allInnerTexts()).toEqual(['Car', 'Motorcycle']);
    // A plate typed is looked up: the reserved car, inside since its scan; an unknown one, a walk-in.
    await gate.getByLabel('Plate Number', { exact: true }).fill(PLATE);
    await gate
      .getByTestId('plate-lookup')
      .filter({ hasText: `${PLATE}: Inside since` })
      .waitFor();
    await gate.getByLabel('Plate Number', { exact: true }).fill('wlk 1001');
    expect(await gate.getByLabel('Plate Number', { exact: true }).inputValue()).toBe('WLK 1001');
    await gate.getByTestId('plate-lookup').filter({ hasText: 'WLK 1001: no booking here now: a walk-in.' }).waitFor();
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    expect(await toast('Check-in Successful', 'Vehicle WLK 1001 processed successfully')).toMatch(/Slot \S+/);
    expect(await gate.getByLabel('Plate Number', { exact: true }).inputValue()).toBe('');
  });

  test('checks the reserved car out by plate: on time, nothing more to pay', async () => {
    await manualEntry(PLATE, 'Quick Check-out');
    await toast('Check-out Successful', `Vehicle ${PLATE} processed successfully. Nothing to pay.`);
  });

  test('keeps working offline: the exit and a new entry queue, the screen reloads from the service worker', async () => {
    // The service worker has the app's files once it is active (the portal registers it on load).
    await gate.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await gateContext.setOffline(true);
    await connection().filter({ hasText: 'Offline' }).waitFor();
    await manualEntry('WLK 1001', 'Quick Check-out');
    await toast('Check-out Successful', 'Saved on this device');
    await gate.getByTestId('queued-count').filter({ hasText: '1 queued' }).waitFor();
    await manualEntry('WLK 1002', 'Quick Check-in');
    await toast('Check-in Successful', 'Saved on this device');
    await gate.getByTestId('queued-count').filter({ hasText: '2 queued' }).waitFor();

    await gate.reload();
    await gate.getByRole('heading', { name: 'Scan & Check-in', exact: true }).waitFor();
    await connection().filter({ hasText: 'Offline' }).waitFor();
    await gate.getByTestId('queued-count').filter({ hasText: '2 queued' }).waitFor();
  });

  test('sends the queue in order once back online', async () => {
    await gateContext.setOffline(false);
    await connection().filter({ hasText: 'Online' }).waitFor();
    await gate.getByTestId('queued-count').filter({ hasText: 'nothing queued' }).waitFor();
    const scans = gate.getByTestId('activity');
    await scans.filter({ hasText: 'Check-in · WLK 1002' }).waitFor();
    await scans.filter({ hasText: 'Check-out · WLK 1001' }).waitFor();
    // The screen says what the server made of each item it sent.
    const sent = gate.getByTestId('sent-items');
    await sent.getByText(/^WLK 1002 Checked in as a walk-in, slot \S+\.$/).waitFor();
    await sent.getByText(/^WLK 1001 Checked out\. Collect ₱[\d,]+\.\d{2} in cash\.$/).waitFor();
  });

  test("shows the shift's figures from those records, and a receipt for the reserved stay", async () => {
    await gate.getByRole('link', { name: 'Back to Dashboard', exact: true }).click();
    await gate.getByRole('heading', { name: 'Attendant Portal', exact: true }).waitFor();
    const activity = gate.getByTestId('activity');
    const walkInExit = activity.filter({ hasText: 'Check-out · WLK 1001' });
    await walkInExit.waitFor();
    const charged = (await walkInExit.innerText()).match(/₱[\d,]+\.\d{2}/)![0];
    expect(await figure('shift-checkins')).toBe('3');
    expect(await figure('shift-checkouts')).toBe('2');
    expect(await figure('shift-collected')).toBe(charged);
    expect(await figure('shift-cash')).toBe(charged);
    expect(await figure('shift-wallet')).toBe('₱0.00');
    await activity.filter({ hasText: 'Check-in · WLK 1002' }).getByRole('button', { name: 'Undo WLK 1002', exact: true }).waitFor();
    // One car inside (WLK 1002); every other slot can still be sold or given to a walk-in.
    await gate.getByTestId('occupancy').filter({ hasText: /^1\// }).waitFor();
    const total = Number((await figure('occupancy')).split('/')[1]);
    expect(Number(await figure('free-slots'))).toBe(total - 1);

    await activity
      .filter({ hasText: `Check-out · ${PLATE}` })
      .getByRole('link', { name: `Receipt ${PLATE}`, exact: true })
      .click();
    await gate
      .getByTestId('receipt')
      .getByRole('heading', { name: /^Receipt [A-Z]{1,3}\d+-\d{6,}$/ })
      .waitFor();
  });

  test('saves the two screens at phone and desktop widths, light and dark', async () => {
    await gate.goto(`${baseURL}/attendant`);
    for (const [name, open] of [
      ['portal', () => gate.getByRole('heading', { name: 'Attendant Portal', exact: true }).waitFor()],
      ['scan', openScan],
    ] as const) {
      await open();
      await gate.getByTestId('connection').filter({ hasText: 'Online' }).waitFor();
      await checkScreens(gate, `gate-${name}`);
    }
  });

  test('ends the shift', async () => {
    await openPortal();
    await gate.getByRole('button', { name: 'End Shift', exact: true }).click();
    await toast('Shift Ended', /3 check-ins, 2 check-outs/);
    await gate.getByRole('button', { name: 'Start Shift', exact: true }).waitFor();
  });

  test('shows the driver the completed stay with its receipt', async () => {
    await driver.goto(`${baseURL}/history`);
    const row = driver.getByTestId('history-reservation').filter({ hasText: LOT });
    await row.getByText('COMPLETED', { exact: true }).waitFor();
    await row.getByRole('link', { name: 'Receipt', exact: true }).click();
    await driver
      .getByTestId('receipt')
      .getByRole('heading', { name: /^Receipt [A-Z]{1,3}\d+-\d{6,}$/ })
      .waitFor();
  });

  test("checks a walk-in out with the pay code the driver shows: the driver's wallet pays, and the driver sees it", async ({ camera }) => {
    await driver.goto(`${baseURL}/wallet`);
    const balance = async () => Number((await driver.getByTestId('wallet-balance').innerText()).replace(/[^\d.]/g, ''));
    const before = await balance();
    await driver.getByRole('button', { name: 'Pay at the gate', exact: true }).click();
    const dialog = driver.getByRole('dialog', { name: 'Pay with Parkada', exact: true });
    // The lot the driver parked at comes first, and the limit starts at a day's price there.
    await expect.poll(() => dialog.getByLabel('Parking lot', { exact: true }).locator('option:checked').innerText()).toBe(LOT);
    await expect.poll(() => dialog.getByLabel('Pays up to (₱)', { exact: true }).inputValue()).toMatch(/^\d+\.\d{2}$/);
    const [made] = await Promise.all([
      driver.waitForResponse((response) => new URL(response.url()).pathname === '/api/wallet/pay-code'),
      dialog.getByRole('button', { name: 'Show code', exact: true }).click(),
    ]);
    await dialog.getByTestId('pay-code').waitFor();
    expect(await dialog.getByTestId('pay-code-consent').innerText()).toMatch(new RegExp(`^Pays up to ₱[\\d,]+\\.\\d{2} at ${LOT}, until `));
    await checkScreens(driver, 'wallet-pay-code');
    // The camera films the code the driver is shown.
    camera.film((await made.json()).token);

    await openScan();
    await manualEntry('PAY 2001', 'Quick Check-in');
    await toast('Check-in Successful', 'Vehicle PAY 2001 processed successfully');
    await gate.getByRole('button', { name: 'Start Scanning', exact: true }).click();
    await gate.getByTestId('pay-code-scanned').getByText(`at ${LOT}.`, { exact: false }).waitFor();
    await gate.getByLabel('Plate Number', { exact: true }).fill('PAY 2001');
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    const told = await toast('Check-out Successful', /paid from the wallet/);
    const charged = Number(told.match(/₱([\d,]+\.\d{2}) paid from the wallet/)![1].replace(/,/g, ''));
    expect(charged).toBeGreaterThan(0);

    await driver.getByRole('dialog', { name: 'Pay with Parkada', exact: true }).getByRole('button', { name: 'Done', exact: true }).click();
    await driver.reload();
    await expect.poll(balance).toBe(before - charged);
    await driver
      .getByText(/Parking at .* walk-in/)
      .first()
      .waitFor();
    walletBefore = before;
  });

  test("lets the lot's owner pay that charge back with a reason: it returns to the driver's wallet", async () => {
    const owner = await ownerContext.newPage();
    await owner.goto(`${baseURL}/attendant`);
    const stay = owner.getByTestId('activity').filter({ hasText: 'Check-out · PAY 2001' });
    await stay.getByRole('button', { name: 'Refund PAY 2001', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Refund PAY 2001', exact: true });
    await dialog.getByLabel('Reason', { exact: true }).fill('Barrier fault: the driver waited 20 minutes');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await owner.getByText('Refund Made', { exact: true }).waitFor();
    await stay.getByText(/₱[\d,]+\.\d{2} refunded/).waitFor();
    await driver.goto(`${baseURL}/wallet`);
    await expect
      .poll(async () => Number((await driver.getByTestId('wallet-balance').innerText()).replace(/[^\d.]/g, '')))
      .toBe(walletBefore);
    await owner.close();
  });

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

  test("reads a walk-in's plate with the camera: Plate Number fills, the check-in keeps the read, the owner sees its figures", async ({
    camera,
  }) => {
    await camera.filmPlate('NCR 7310');
    await openScan();
    await gate.getByRole('button', { name: 'Start Scanning', exact: true }).click();
    await expect.poll(() => gate.getByLabel('Plate Number', { exact: true }).inputValue()).toBe('NCR 7310');
    expect(plateModelFetches).toBeGreaterThan(0);
    expect(await gate.getByTestId('plate-read').innerText()).toMatch(/^Plate read: NCR 7310 · \d+% sure/);
    await gate.getByTestId('plate-lookup').filter({ hasText: 'NCR 7310: no booking here now: a walk-in.' }).waitFor();
    await checkScreens(gate, 'gate-plate-read');
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    await toast('Check-in Successful', 'Vehicle NCR 7310 processed successfully');
    const owner = await ownerContext.newPage();
    await owner.goto(`${baseURL}/owner/reports?tab=plates&lotId=${lotId}`);
    const reads = owner.getByRole('tabpanel');
    await reads.getByText('Entries read by the camera', { exact: true }).waitFor();
    expect(await reads.innerText()).toMatch(/Entries read by the camera\s+1\b/);
    await owner.close();
  });

  test("a driver reports a blocked entrance with a photo from the lot page; the lot's attendant sees it and the photo", async () => {
    // A real 1×1 PNG: the server keeps it by its bytes, and the gate's screen must be able to draw it.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await driver.goto(`${baseURL}/lots/${lotId}`);
    await driver.getByRole('button', { name: 'Report an Issue', exact: true }).click();
    const form = driver.getByRole('dialog', { name: 'Report an Issue', exact: true });
    await form.getByLabel('What is it about?', { exact: true }).selectOption('blocked_entrance');
    await form.getByLabel('What happened?', { exact: true }).fill('A delivery van blocks the entrance ramp.');
    await form.getByLabel('Photo (optional)', { exact: true }).setInputFiles({ name: 'ramp.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: 'Send Report', exact: true }).click();
    await driver
      .getByRole('region', { name: 'Your reports', exact: true })
      .getByRole('button', { name: /^Blocked entrance report,/ })
      .waitFor();

    await gate.goto(`${baseURL}/attendant`);
    await gate
      .getByRole('button', { name: /^Blocked entrance report,\s*Open.*with a photo.*A delivery van blocks the entrance ramp\./ })
      .click();
    const report = gate.getByRole('dialog', { name: `Blocked entrance at ${LOT}`, exact: true });
    const photo = report.getByRole('img', { name: 'What the driver saw: blocked entrance', exact: true });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await checkScreens(gate, 'gate-driver-report');
    await report.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await toast('Report Acknowledged');
  });

  test('signing out on the shared gate phone leaves nothing of the gate on it', async () => {
    // The driver's report before it leaves the portal with its dialog open.
    await gate.goto(`${baseURL}/attendant`);
    await gate.getByRole('button', { name: 'Start Shift', exact: true }).waitFor();
    const kept = () =>
      gate.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const open = indexedDB.open('parkada-gate');
          open.onsuccess = () => resolve(open.result);
        });
        const stays = await new Promise<number>((resolve) => {
          const counted = db.transaction('stays').objectStore('stays').count();
          counted.onsuccess = () => resolve(counted.result);
        });
        db.close();
        return { user: localStorage.getItem('parkada.gate.user') !== null, lot: localStorage.getItem('parkada.gate.lot') !== null, stays };
      });
    expect(await kept()).toMatchObject({ user: true, lot: true });
    await logOut(gate);
    await gate.waitForURL(`${baseURL}/`);
    expect(await kept()).toEqual({ user: false, lot: false, stays: 0 });
  });
});
