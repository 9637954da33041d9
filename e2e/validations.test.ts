/**
 * Merchant validations in the browser, at a lot of this file's own: the owner registers a merchant and
 * issues a code (its printable QR sheet is a PDF); at the exit the attendant applies the code to a
 * walk-in the driver pays with a pay code (a fake camera films it): the charge drops by the code, and
 * the stay's receipt lists the validation and its merchant. A cashier validates another car on the
 * merchant link, signed out; a driver enters a code on their checked-in stay's screen.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, checkScreens, reportPageOnFailure, signUpDriver, test } from './browser';
import { FIXTURE_PASSWORD, ownLotWithAttendant, topUpWallet } from './fixtures';

const LOT = 'Fairview Validations Carpark';
const MERCHANT = 'Fairview Bookshop';
const PLATE = 'VAL 3001';
let owner: Page;
let driver: Page;
let reservationId = '';
let gate: Page;
let code = '';
let lotId = '';

test.beforeAll(async ({ browser, camera, people }) => {
  const { lot, attendant, owner: lotOwner } = await ownLotWithAttendant(browser, { name: LOT, hourlyRate: 8_000 });
  owner = await lotOwner.context.newPage();
  lotId = lot.id;
  // The driver who pays with a pay code: the camera at the gate films it.
  driver = await people.signedOut();
  await signUpDriver(driver, { firstName: 'Nora', lastName: 'Aunor', mobile: '+63 917-7778888', password: 'sinigang-na-baboy' });
  await topUpWallet(driver.request, 50_000);
  // A reservation of theirs starting in 5 minutes, checked in below: the driver validates it on its screen.
  const booked = await driver.request.post(`${baseURL}/api/reservations`, {
    data: { lotId: lot.id, start: new Date(Date.now() + 5 * 60_000).toISOString(), durationHours: 1, plate: 'VAL 3003' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  reservationId = (await booked.json()).id;
  const payCode = await driver.request.post(`${baseURL}/api/wallet/pay-code`, { data: { lotId: lot.id, limitCents: 50_000 } });
  camera.film((await payCode.json()).token);

  gate = await camera.signedIn(attendant, FIXTURE_PASSWORD);
  for (const plate of [PLATE, 'VAL 3002', 'VAL 3003']) {
    const entered = await gate.request.post(`${baseURL}/api/checkins/enter`, {
      data: { lotId: lot.id, plate },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(entered.status(), await entered.text()).toBe(201);
  }
});
reportPageOnFailure(() => gate);

describe('merchant validations', () => {
  test('the owner registers a merchant and issues a code, with its QR sheet as a PDF', async () => {
    await owner.goto(`${baseURL}/owner/merchants`);
    await owner.getByRole('heading', { name: 'Merchant Validations', exact: true }).waitFor();
    // The lot's merchants have loaded (none yet) before the form is used.
    await owner.getByText('No merchants at this lot yet: register one to issue validations.', { exact: true }).waitFor();
    await owner.getByLabel('Merchant name', { exact: true }).fill(MERCHANT);
    const [registered] = await Promise.all([
      owner.waitForResponse((res) => res.url().endsWith('/merchants') && res.request().method() === 'POST'),
      owner.getByRole('button', { name: 'Register Merchant', exact: true }).click(),
    ]);
    expect(registered.status(), await registered.text()).toBe(201);
    const card = owner.getByTestId('merchant-card').filter({ hasText: MERCHANT });
    await card.waitFor();
    const form = card.getByRole('form', { name: `Issue codes for ${MERCHANT}`, exact: true });
    await form.getByLabel('Codes', { exact: true }).fill('1');
    await form.getByLabel('Worth', { exact: true }).selectOption('pesos');
    await form.getByLabel('Amount (₱)', { exact: true }).fill('20');
    await form.getByRole('button', { name: 'Issue Codes', exact: true }).click();
    const batch = card.getByTestId('code-batch');
    await batch.waitFor();
    code = (await batch.innerText()).match(/[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}/)![0];
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      batch.getByRole('button', { name: 'QR Sheet (PDF)', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parkada-validations-.+\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test('the attendant applies the code at the exit: the charge drops, and the receipt lists the validation and its merchant', async () => {
    await gate.goto(`${baseURL}/attendant/scan`);
    await gate.getByRole('button', { name: 'Start Scanning', exact: true }).click();
    await gate.getByTestId('pay-code-scanned').waitFor();
    await gate.getByLabel('Plate Number', { exact: true }).fill(PLATE);
    await gate.getByLabel('Validation code (optional)', { exact: true }).fill(code.toLowerCase());
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    // One hour at ₱80.00, less the merchant's ₱20.00.
    const told = gate
      .locator('li[data-state="open"]')
      .filter({ hasText: 'Check-out Successful' })
      .filter({ hasText: `₱60.00 paid from the wallet. Validated by ${MERCHANT} (₱20.00 off): ₱20.00 off.` });
    await told.first().waitFor();

    await gate
      .getByTestId('activity')
      .filter({ hasText: `Check-out · ${PLATE}` })
      .getByRole('link', { name: `Receipt ${PLATE}`, exact: true })
      .click();
    const receipt = gate.getByTestId('receipt');
    await receipt.getByRole('heading', { name: /^Receipt [A-Z]{1,3}\d+-\d{6,}$/ }).waitFor();
    expect(await receipt.getByTestId('receipt-validation').innerText()).toMatch(
      new RegExp(`Validated by ${MERCHANT} \\(₱20\\.00 off\\), not charged\\s+−₱20\\.00`),
    );
    expect(await receipt.innerText()).toMatch(/Total paid\s+₱60\.00/);
  });

  test("the merchant's cashier validates a parked car on the merchant link, without an account", async ({ browser }) => {
    const made = await owner.request.post(`${baseURL}/api/owner/lots/${lotId}/merchants`, {
      data: { name: 'Fairview Coffee', link: { hours: 1 } },
    });
    expect(made.status(), await made.text()).toBe(201);
    const cashier = await (await browser.newContext()).newPage();
    await cashier.goto(`${baseURL}/m/${(await made.json()).linkToken}`);
    await cashier.getByRole('heading', { name: 'Validate parking for Fairview Coffee', exact: true }).waitFor();
    await cashier.getByLabel("Plate number of the customer's car", { exact: true }).fill('val 3002');
    await cashier.getByRole('button', { name: 'Validate Parking', exact: true }).click();
    expect(await cashier.getByTestId('link-validated').innerText()).toMatch(/^VAL ••02 validated: 1 h free at /);
    await cashier.context().close();
  });

  test('the driver enters a code on their checked-in stay before leaving', async () => {
    const issued = await owner.request.get(`${baseURL}/api/owner/lots/${lotId}/merchants`);
    const bookshop = (await issued.json()).find((m: { name: string }) => m.name === MERCHANT);
    const made = await owner.request.post(`${baseURL}/api/owner/merchants/${bookshop.id}/codes`, {
      data: { count: 1, amountCents: 2_000, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(made.status(), await made.text()).toBe(201);
    await driver.goto(`${baseURL}/reservation/${reservationId}`);
    await driver.getByLabel('Validation code', { exact: true }).fill((await made.json()).codes[0]);
    await driver.getByRole('button', { name: 'Apply', exact: true }).click();
    await driver.getByTestId('stay-validations').getByText(`Validated by ${MERCHANT}: ₱20.00 off`, { exact: true }).waitFor();
    await checkScreens(driver, 'reservation-validated');
  });
});
