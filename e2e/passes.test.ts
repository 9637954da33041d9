/**
 * A monthly pass end to end: the owner puts a 24/7 pass on sale, a driver buys it on the lot page and
 * sees it with its QR and its official receipt under Passes, and the attendant lets the car in by its plate at the gate.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, reportPageOnFailure, signInThroughApi, signUpDriver, test } from './browser';
import { FIXTURE_PASSWORD, ownLotWithAttendant, topUpWallet } from './fixtures';

const LOT = 'Fairview Commuter Pass Lot';
const PLATE = 'NPS 2468';
/** The lot's car entrance, about 75 m from its pin (FIXTURE_PLACE): the pass's Directions lead there. */
const ENTRANCE = { entranceLat: 14.7345, entranceLng: 121.0585 };
let driver: Page;
let gate: Page;
let gateContext: BrowserContext;
let lotId = '';
let attendant = '';

test.beforeAll(async ({ browser, people }) => {
  const made = await ownLotWithAttendant(browser, { name: LOT, ...ENTRANCE });
  lotId = made.lot.id;
  attendant = made.attendant;
  const product = await made.owner.context.request.post(`${baseURL}/api/owner/lots/${lotId}/pass-products`, {
    data: {
      name: 'Round the clock',
      priceCents: 250_000,
      schedule: { daysMask: 0b1111111, openMinute: 0, closeMinute: 1440 },
      quantity: 3,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  driver = await people.signedOut();
  await signUpDriver(driver, { firstName: 'Nora', lastName: 'Aunor', mobile: '+63 917-8889999', password: 'sinigang-na-baboy' });
  await topUpWallet(driver.request, 300_000);
  gateContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  gate = await gateContext.newPage();
});
reportPageOnFailure(() => driver);

describe('a monthly pass', () => {
  test('is bought on the lot page and shown under Passes with its QR', async () => {
    await driver.goto(`${baseURL}/lots/${lotId}`);
    const form = driver.getByRole('form', { name: 'Round the clock', exact: true });
    await form.waitFor();
    await form.getByLabel('Plate', { exact: true }).fill(PLATE);
    await form.getByRole('button', { name: /^Buy Pass · ₱2,500\.00$/ }).click();
    await driver.waitForURL(`${baseURL}/passes`);
    const pass = driver.getByTestId('monthly-pass');
    await pass.waitFor();
    expect(await pass.innerText()).toContain(PLATE);
    expect(await pass.innerText()).toContain('24/7');
    await pass.getByTestId('monthly-pass-qr').waitFor();
    expect(await pass.getByRole('link', { name: `Directions to ${LOT} in Waze`, exact: true }).getAttribute('href')).toBe(
      `https://waze.com/ul?ll=${ENTRANCE.entranceLat},${ENTRANCE.entranceLng}&navigate=yes`,
    );
    const wallet = await (await driver.request.get(`${baseURL}/api/wallet`)).json();
    expect(wallet.balanceCents).toBe(50_000);
  });

  test('links to its official receipt, which reads what was bought and is listed in History', async () => {
    await driver.goto(`${baseURL}/passes`);
    const link = driver.getByTestId('monthly-pass').getByTestId('monthly-pass-receipt');
    const number = (await link.innerText()).replace('Receipt ', '');
    await link.click();
    await driver.waitForURL(/\/receipt\//);
    const receipt = driver.getByTestId('receipt');
    await receipt.getByRole('heading', { name: `Receipt ${number}`, exact: true }).waitFor();
    const text = await receipt.innerText();
    for (const part of [`Monthly pass: Round the clock, ${PLATE}`, LOT, '₱2,500.00', 'Parkada Wallet']) expect(text).toContain(part);
    await driver.goto(`${baseURL}/history?tab=receipts`);
    await driver.getByTestId('history-receipt').filter({ hasText: number }).filter({ hasText: 'monthly pass' }).waitFor();
  });

  test('lets the car in at the gate by its plate, on its pass', async () => {
    await signInThroughApi(gateContext, attendant, FIXTURE_PASSWORD);
    await gate.goto(`${baseURL}/attendant`);
    await gate.getByRole('link', { name: 'Scan QR Code', exact: true }).click();
    await gate.getByLabel('Plate Number', { exact: true }).fill(PLATE);
    await gate.getByRole('button', { name: 'Quick Check-in', exact: true }).click();
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    await gate
      .locator('li[data-state="open"]')
      .filter({ hasText: `Vehicle ${PLATE} processed successfully` })
      .first()
      .waitFor();
    const passes = await (await driver.request.get(`${baseURL}/api/monthly-passes`)).json();
    const activity = await (await gate.request.get(`${baseURL}/api/attendant/activity?lotId=${lotId}`)).json();
    expect(JSON.stringify(activity)).toContain(PLATE);
    expect(passes.passes[0].state).toBe('active');
  });
});
