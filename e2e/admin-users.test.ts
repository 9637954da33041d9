import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { baseURL, checkScreens, reportPageOnFailure, signUpDriver, test } from './browser';

let admin: Page;
let driver: Page;

test.beforeAll(async ({ people }) => {
  admin = await people.signedIn('admin@parkada.ph', DEMO_PASSWORD);
  driver = await people.signedOut();
});
reportPageOnFailure(() => admin);

describe('users and the audit log in the browser', () => {
  test('suspends a driver and changes their role, and finds both in the audit log', async () => {
    const email = await signUpDriver(driver, {
      firstName: 'Teodoro',
      lastName: 'Magsaysay',
      mobile: '+63 917-3332211',
      password: 'kalesa-road-2024',
    });
    await driver.goto(`${baseURL}/wallet`);
    await driver.getByRole('heading', { name: 'Wallet', exact: true }).first().waitFor();

    await admin.goto(`${baseURL}/admin`);
    await admin.getByRole('heading', { name: 'Super Admin Dashboard', exact: true }).waitFor();
    await admin.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Users', exact: true }).click();
    await admin.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await admin.getByLabel('Search', { exact: true }).fill(email.toUpperCase());
    await admin.waitForURL((url) => url.searchParams.get('q') === email.toUpperCase());
    // The previous rows stay on screen until the search answers.
    await expect.poll(() => admin.getByTestId('user-row').count(), { timeout: 30_000 }).toBe(1);
    const row = admin.getByTestId('user-row').filter({ hasText: email });
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Suspend', exact: true }).click();
    await admin.getByText(/ Every session of theirs ends at once and signing in is refused until reactivated\.$/).waitFor();
    await admin.getByLabel('Reason (optional)', { exact: true }).fill('Chargeback fraud');
    await admin.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.getByText('User suspended', { exact: true }).first().waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Reactivate', exact: true }).waitFor();

    // The driver's session ended with the suspension.
    await driver.goto(`${baseURL}/wallet`);
    await driver.waitForURL(/\/login/);

    await row.getByRole('button', { name: 'Change role', exact: true }).click();
    expect(await admin.getByRole('button', { name: 'Confirm', exact: true }).isDisabled()).toBe(true);
    await admin.getByLabel('New role', { exact: true }).selectOption('attendant');
    await admin.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.getByText('Teodoro Magsaysay is now Attendant.', { exact: true }).first().waitFor();
    await row.getByText('Attendant', { exact: true }).waitFor();

    await admin.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await admin.getByRole('link', { name: 'View all audit logs', exact: true }).click();
    await admin.getByRole('heading', { name: 'Audit Log', exact: true }).waitFor();
    for (const [action, detail] of [
      ['SUSPEND_USER', 'reason: Chargeback fraud'],
      ['ROLE_CHANGE', 'to: attendant'],
    ]) {
      await admin.getByLabel('Action', { exact: true }).selectOption(action);
      await admin.waitForURL((url) => url.searchParams.get('action') === action);
      const entry = admin.getByTestId('audit-entry').filter({ hasText: email }).filter({ hasText: action });
      await entry.getByText(detail, { exact: true }).waitFor();
      expect(await entry.textContent()).toContain('admin@parkada.ph');
    }
    // The filter is a link: opening it afresh shows the same entries.
    await admin.goto(admin.url());
    await admin.getByTestId('audit-entry').filter({ hasText: email }).getByText('ROLE_CHANGE', { exact: true }).waitFor();
  });

  test('a driver writes to support from Help and reads the reply the admin sends from the Support inbox', async ({ people }) => {
    const writer = await people.signedOut();
    await signUpDriver(writer, { firstName: 'Lorna', lastName: 'Tolentino', mobile: '+63 917-4445566', password: 'jeepney-ride-2024' });
    await writer.goto(`${baseURL}/help`);
    await writer.getByRole('heading', { name: 'Help', exact: true }).waitFor();
    await checkScreens(writer, 'help');
    await writer.getByLabel('What is it about?', { exact: true }).selectOption('payment');
    await writer.getByLabel('Subject', { exact: true }).fill('Top-up not credited');
    await writer.getByLabel('Message', { exact: true }).fill('My GCash top-up of 500 pesos is not in my wallet.');
    await writer.getByRole('button', { name: 'Send to Support', exact: true }).click();
    await writer.getByText('Request Sent', { exact: true }).first().waitFor();
    await writer.getByRole('link', { name: 'Top-up not credited', exact: true }).waitFor();

    await admin.goto(`${baseURL}/admin`);
    await admin.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Support', exact: true }).click();
    await admin.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Top-up not credited', exact: true }).first().click();
    await admin.getByText('My GCash top-up of 500 pesos is not in my wallet.', { exact: true }).waitFor();
    await admin.getByLabel('Reply as Parkada support', { exact: true }).fill('We credited the 500 pesos to your wallet.');
    await admin.getByRole('button', { name: 'Send Reply', exact: true }).click();
    await admin.getByText('We credited the 500 pesos to your wallet.', { exact: true }).waitFor();
    await checkScreens(admin, 'admin-support-request');

    await writer.getByRole('link', { name: 'Top-up not credited', exact: true }).click();
    await writer.getByRole('heading', { name: 'Top-up not credited', exact: true }).waitFor();
    await writer.getByText('We credited the 500 pesos to your wallet.', { exact: true }).waitFor();
    await writer.getByText(/^Parkada support · /).waitFor();
    await checkScreens(writer, 'support-request');
  });
});
