/**
 * A driver's whole first day, through the screens only: sign up, add a car, top up, search Makati for
 * tomorrow 09:00 for 2 h, reserve, open the pass, cancel with a refund; reserve again for now at a lot
 * of this file's own, get checked in and out by its attendant (a second browser), then read the
 * receipt and the points.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { nextQuarterHour, toManilaInput } from '../core/time';
import { baseURL, reportPageOnFailure, signIn, test } from './browser';
import { FIXTURE_PASSWORD, FIXTURE_PLACE, ownLotWithAttendant } from './fixtures';

const GATE_LOT = 'Fairview Journey Carpark';
let attendant = '';
const PLATE = 'NCR 8080';
let driver: Page;
let gate: Page;

test.beforeAll(async ({ browser, people }) => {
  ({ attendant } = await ownLotWithAttendant(browser, { name: GATE_LOT }));
  driver = await people.signedOut();
  gate = await people.signedOut();
});
reportPageOnFailure(() => driver);

const toast = (page: Page, title: string) =>
  page
    .locator('li[data-state="open"]')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first()
    .waitFor();

/** Find Parking at a place and an arrival, two hours; the card of the first lot that can be reserved. */
async function searchAt(place: string, arrival: string, lot?: string) {
  await driver.goto(`${baseURL}/`);
  await driver.getByRole('heading', { name: 'Find Parking', exact: true }).waitFor();
  await driver.getByLabel('Location', { exact: true }).fill(place);
  await driver.getByRole('button', { name: 'Search', exact: true }).click();
  await driver.getByLabel('Arrival', { exact: true }).fill(arrival);
  await driver.getByLabel('Duration', { exact: true }).selectOption('2');
  const cards = driver.getByTestId('lot-card').filter({ has: driver.getByRole('button', { name: 'Reserve Now', exact: true }) });
  const card = lot ? cards.filter({ hasText: lot }) : cards;
  await card.first().waitFor();
  return card.first();
}

async function reserveOn(card: Awaited<ReturnType<typeof searchAt>>) {
  await card.getByRole('button', { name: 'Reserve Now', exact: true }).click();
  const dialog = driver.getByRole('dialog');
  expect(await dialog.getByLabel('Vehicle', { exact: true }).locator('option:checked').innerText()).toContain(PLATE);
  await dialog.getByRole('button', { name: /^Confirm and pay ₱/ }).click();
  await toast(driver, 'Reservation Confirmed');
  await driver.waitForURL(/\/reservation\//);
  await driver.getByTestId('reservation-status').filter({ hasText: 'CONFIRMED' }).waitFor();
}

describe("a driver's first day", () => {
  test('signs up and lands on Find Parking', async () => {
    await driver.goto(`${baseURL}/signup`);
    await driver.getByLabel('First Name', { exact: true }).fill('Nora');
    await driver.getByLabel('Last Name', { exact: true }).fill('Aunor');
    await driver.getByLabel('Email Address', { exact: true }).fill(`nora.${Date.now()}@example.ph`);
    await driver.getByLabel('Mobile Number', { exact: true }).fill('9175550101');
    await driver.getByLabel('Role', { exact: true }).selectOption('parking_user');
    await driver.getByLabel('Password', { exact: true }).fill('superstar-1953');
    await driver.getByRole('checkbox', { name: 'I agree to the Terms of Service and have read the Privacy Policy', exact: true }).check();
    await driver.getByRole('button', { name: 'Create Account', exact: true }).click();
    await driver.getByRole('heading', { name: 'Find Parking', exact: true }).waitFor();
  });

  test('adds a car as the default vehicle', async () => {
    await driver.goto(`${baseURL}/settings`);
    await driver.getByRole('tab', { name: 'Vehicles', exact: true }).click();
    await driver.getByRole('button', { name: 'Add Vehicle', exact: true }).click();
    await driver.getByLabel('Plate Number', { exact: true }).fill(PLATE);
    await driver.getByLabel('Make', { exact: true }).fill('Honda');
    await driver.getByLabel('Model', { exact: true }).fill('City');
    await driver.getByLabel('Use as my default vehicle', { exact: true }).check();
    await driver.getByRole('button', { name: 'Save Vehicle', exact: true }).click();
    await driver.getByTestId('vehicle').filter({ hasText: PLATE }).waitFor();
  });

  test('tops up ₱1,000 through the sandbox gateway', async () => {
    await driver.goto(`${baseURL}/wallet`);
    await driver.getByRole('button', { name: 'Top Up', exact: true }).click();
    await driver.getByLabel('Amount (₱)', { exact: true }).fill('1000');
    await driver.getByLabel('GCash', { exact: true }).check();
    await driver.getByRole('button', { name: 'Add Money', exact: true }).click();
    await driver.getByRole('button', { name: 'Approve payment', exact: true }).click();
    await driver.getByTestId('wallet-balance').filter({ hasText: '₱1,000.00' }).waitFor();
  });

  test('reserves in Makati for tomorrow 09:00, opens the pass, then cancels with a refund', async () => {
    const tomorrowNine = `${toManilaInput(new Date(Date.now() + 24 * 3_600_000)).slice(0, 11)}09:00`;
    const card = await searchAt('Makati', tomorrowNine);
    expect(await card.innerText()).toContain('Makati');
    await reserveOn(card);
    expect(await driver.locator('main').innerText()).toMatch(/9:00 AM – 11:00 AM/);
    await driver.getByTestId('qr-pass').waitFor();
    await driver.getByRole('button', { name: 'Cancel Reservation', exact: true }).first().click();
    await driver.getByRole('alertdialog').getByRole('button', { name: 'Cancel Reservation', exact: true }).click();
    await toast(driver, 'Reservation Cancelled');
    await driver.goto(`${baseURL}/wallet`);
    await driver.getByTestId('wallet-balance').filter({ hasText: '₱1,000.00' }).waitFor();
    await driver
      .getByTestId('transaction')
      .filter({ hasText: /^Refund: cancelled parking at/ })
      .first()
      .waitFor();
  });

  test('reserves again for now at the attendant’s lot', async () => {
    await reserveOn(await searchAt(FIXTURE_PLACE.name, toManilaInput(nextQuarterHour(new Date())), GATE_LOT));
  });

  test('is checked in and out by the attendant, who reports an issue and ends the shift', async () => {
    await signIn(gate, attendant, FIXTURE_PASSWORD);
    await gate.getByRole('heading', { name: 'Attendant Portal', exact: true }).waitFor();
    await gate.getByRole('button', { name: 'Start Shift', exact: true }).click();
    await toast(gate, 'Shift Started');
    await gate.getByRole('link', { name: 'Scan QR Code', exact: true }).click();
    for (const action of ['Quick Check-in', 'Quick Check-out'] as const) {
      await gate.getByLabel('Plate Number', { exact: true }).fill(PLATE);
      await gate.getByRole('button', { name: action, exact: true }).click();
      await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
      await toast(gate, action === 'Quick Check-in' ? 'Check-in Successful' : 'Check-out Successful');
    }
    await gate.goto(`${baseURL}/attendant`);
    await gate.getByRole('button', { name: 'Report Issue', exact: true }).click();
    await gate.getByRole('dialog').getByLabel('What happened?', { exact: true }).fill('Barrier at exit 2 sticks in the rain.');
    await gate.getByRole('dialog').getByRole('button', { name: 'Report Issue', exact: true }).click();
    await toast(gate, 'Issue Reported');
    await gate.getByRole('button', { name: 'End Shift', exact: true }).click();
    await toast(gate, 'Shift Ended');
  });

  test('reads the receipt of the stay and sees the points earned', async () => {
    await driver.goto(`${baseURL}/history`);
    const row = driver.getByTestId('history-reservation').filter({ hasText: GATE_LOT });
    await row.getByText('COMPLETED', { exact: true }).waitFor();
    await row.getByRole('link', { name: 'Receipt', exact: true }).click();
    const receipt = driver.getByTestId('receipt');
    await receipt.getByRole('heading', { name: /^Receipt [A-Z]{1,3}\d+-\d{6,}$/ }).waitFor();
    expect(await receipt.innerText()).toContain(GATE_LOT);
    await driver.goto(`${baseURL}/wallet`);
    await driver.getByTestId('points-row').first().waitFor();
    expect(await driver.getByTestId('points-row').first().innerText()).toMatch(/\+\d+ pts/);
  });

  test('rates the stay from the check-out notice, and sees the rating in search and the review on the lot page', async () => {
    await driver.goto(`${baseURL}/notifications?filter=all`);
    const notice = driver.getByTestId('notification').filter({ hasText: GATE_LOT }).filter({ hasText: 'Rate your stay' });
    await notice.getByRole('link', { name: 'Rate your stay', exact: true }).click();
    const dialog = driver.getByRole('dialog', { name: 'Rate your stay', exact: true });
    await dialog.locator('label').filter({ hasText: '4 stars' }).click();
    await dialog.getByLabel('Your review (optional)', { exact: true }).fill('Quick exit and a friendly attendant.');
    await dialog.getByRole('button', { name: 'Submit review', exact: true }).click();
    await toast(driver, 'Thank you for your review');
    const card = await searchAt(FIXTURE_PLACE.name, toManilaInput(nextQuarterHour(new Date())), GATE_LOT);
    // The search's earlier answer may show first, from the query cache, until this one arrives.
    await card.getByTestId('lot-rating').filter({ hasText: '4.0 (1 review)' }).waitFor();
    await card.getByRole('link', { name: GATE_LOT, exact: true }).click();
    const review = driver.getByTestId('lot-reviews').getByTestId('review').filter({ hasText: 'Quick exit and a friendly attendant.' });
    await review.getByText('Verified stay', { exact: true }).waitFor();
  });
});
