/**
 * A whole shift at the gate of a lot of this file's own, open around the clock (e2e/gate.ts): a driver's
 * pass read by a fake camera (a video of the pass's QR code, made here), a walk-in, exits by plate, an
 * exit and an entry made offline and sent when the connection returns, and the portal's figures from
 * those records. The driver sees the stay ACTIVE, then COMPLETED with its receipt; then pays a walk-in
 * with a pay code, which the lot's owner pays back.
 */
import { describe, expect } from 'vitest';
import { baseURL, checkScreens, reportPageOnFailure, test } from './browser';
import {
  connection,
  driver,
  figure,
  gate,
  gateContext,
  LOT,
  lotId,
  manualEntry,
  openGate,
  openPortal,
  openScan,
  ownerContext,
  plateModelFetches,
  toast,
} from './gate';

const PLATE = 'NCR 4821';
let reservationId = '';
/** The driver's balance before the walk-in they paid with a pay code. */
let walletBefore = 0;

test.beforeAll(async ({ browser, camera, people }) => {
  await openGate({ browser, camera, people });
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
});
reportPageOnFailure(() => gate);

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
});
