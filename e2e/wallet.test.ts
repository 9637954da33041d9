import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, checkScreens, reportPageOnFailure, signUpDriver, test } from './browser';
import { topUpWallet } from './fixtures';

let page: Page;

test.beforeAll(async ({ people }) => {
  page = await people.signedOut();
  await signUpDriver(page, { firstName: 'Paolo', lastName: 'Contis', mobile: '+63 917-4445555', password: 'sinigang-na-baboy' });
});
reportPageOnFailure(() => page);

const toast = (title: string) => page.getByText(title, { exact: true }).first().waitFor();

describe('wallet in the browser', () => {
  test('refuses an invalid amount', async () => {
    await page.goto(`${baseURL}/wallet`);
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('₱0.00');
    await page.getByRole('button', { name: 'Top Up', exact: true }).click();
    await page.getByLabel('Amount (₱)', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Add Money', exact: true }).click();
    await toast('Invalid Amount');
    await page.locator('#topup-amount-problem').getByText('Please enter a valid amount.', { exact: true }).waitFor();
  });

  test('tops up ₱500 through the sandbox checkout and shows the balance and the transaction', async () => {
    await page.getByRole('button', { name: '₱500', exact: true }).click();
    await page.getByLabel('GCash', { exact: true }).check();
    await page.getByRole('button', { name: 'Add Money', exact: true }).click();
    await page.getByRole('heading', { name: 'Parkada Sandbox Pay', exact: true }).waitFor();
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('₱500.00');
    expect(await page.getByText('Sandbox', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Approve payment', exact: true }).click();
    await toast('Top-up Successful');
    await page.waitForURL(`${baseURL}/wallet`);
    await page.getByTestId('wallet-balance').filter({ hasText: '₱500.00' }).waitFor();
    expect(await page.getByTestId('total-credits').textContent()).toBe('₱500.00');
    await page.getByTestId('transaction').filter({ hasText: 'Top-up via GCash' }).waitFor();
    expect(await page.getByTestId('transaction').first().textContent()).toContain('+₱500.00');
  });

  test('credits nothing when the payer declines', async () => {
    await page.getByRole('button', { name: 'Top Up', exact: true }).click();
    await page.getByLabel('Amount (₱)', { exact: true }).fill('250');
    await page.getByLabel('Maya', { exact: true }).check();
    await page.getByRole('button', { name: 'Add Money', exact: true }).click();
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await toast('Top-up Failed');
    await page.waitForURL(`${baseURL}/wallet`);
    await page.getByTestId('wallet-balance').filter({ hasText: '₱500.00' }).waitFor();
    expect(await page.getByTestId('transaction').count()).toBe(1);
  });

  test('lists the method used and opens the printable statement', async () => {
    await page.getByRole('button', { name: 'Manage', exact: true }).click();
    await page.getByTestId('payment-method').filter({ hasText: 'GCash' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Printable view', exact: true }).click();
    await page.getByRole('heading', { name: /Wallet statement/ }).waitFor();
    expect(await page.getByTestId('statement-row').count()).toBe(1);
  });

  test('refunds the unspent top-up to its GCash once the driver confirms, and shows it as a confirmation', async () => {
    await page.goto(`${baseURL}/wallet`);
    await page
      .getByTestId('transaction')
      .filter({ hasText: 'Top-up via GCash' })
      .getByRole('link', { name: 'Details and refund', exact: true })
      .click();
    await page.getByRole('button', { name: 'Refund to GCash', exact: true }).click();
    const consent = page.getByRole('alertdialog', { name: 'Refund ₱500.00 to your GCash?', exact: true });
    await consent
      .getByText('₱500.00 leaves your Parkada wallet now and goes back to the GCash that paid this top-up.', { exact: false })
      .waitFor();
    await checkScreens(page, 'topup-refund-confirm');
    await consent.getByRole('button', { name: 'Refund', exact: true }).click();
    await toast('Refund Requested');
    await page.getByTestId('topup-refund').filter({ hasText: 'Refunded' }).waitFor();
    await checkScreens(page, 'topup-refund-done');
    await page.goto(`${baseURL}/wallet`);
    await page.getByTestId('wallet-balance').filter({ hasText: '₱0.00' }).waitFor();
    await page.getByTestId('transaction').filter({ hasText: 'Refund of a ₱500.00 top-up to your GCash' }).waitFor();
  });

  test('redeems points for wallet credit, and the balance and points change', async () => {
    // Points come from parking: two days at NAIA's park-and-fly card from now (2 × its ₱900 daily maximum), past its free cancellation, so its points are redeemable.
    await topUpWallet(page.request, 200_000);
    const lots = await (await page.request.get(`${baseURL}/api/lots?q=${encodeURIComponent('NAIA Terminal 3')}`)).json();
    const lot = (Array.isArray(lots) ? lots : lots.items).find((item: { name: string }) => item.name === 'NAIA Terminal 3 Parking');
    const booked = await page.request.post(`${baseURL}/api/reservations`, {
      data: { lotId: lot.id, start: new Date().toISOString(), durationHours: 48, plate: 'RWD 1050' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await page.goto(`${baseURL}/wallet`);
    const points = Number(await page.getByTestId('reward-points').textContent());
    const balance = Number((await page.getByTestId('wallet-balance').textContent())!.replace(/[₱,]/g, ''));
    expect(points).toBeGreaterThanOrEqual(100);
    expect(points).toBeLessThan(500);

    await page.getByRole('button', { name: 'Redeem Points', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Points', exact: true });
    await dialog.getByTestId('reward').first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Redeem ₱50.00 wallet credit', exact: true }).isDisabled()).toBe(true);
    await dialog
      .getByText(`You need ${500 - points} more points for this reward.`, { exact: true })
      .first()
      .waitFor();
    await checkScreens(page, 'rewards-redeem');
    await dialog.getByRole('button', { name: 'Redeem ₱10.00 wallet credit', exact: true }).click();
    await dialog.getByText('Redeem 100 points for ₱10.00 wallet credit?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await toast('Points Redeemed');
    await page
      .getByTestId('reward-points')
      .filter({ hasText: new RegExp(`^${points - 100}$`) })
      .waitFor();
    await page
      .getByTestId('wallet-balance')
      .filter({ hasText: `₱${(balance + 10).toLocaleString('en-PH', { minimumFractionDigits: 2 })}` })
      .waitFor();
    await page.getByTestId('points-row').filter({ hasText: '-100 pts' }).waitFor();
  });
});
