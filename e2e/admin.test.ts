import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { manilaDate } from '../core/time';
import { toManilaInput } from '../core/time';
import { baseURL, reportPageOnFailure, signUpDriver, test } from './browser';
import { topUpWallet } from './fixtures';
import { CURRENT_VERSIONS } from '../core/legal';
import { rateProbe } from '../core/health';

let admin: Page;
let applicant: Page;
let driver: Page;
/** The new owner's lot, unique to this run. */
const LOT = `Fairview Commons Carpark ${Date.now() % 100_000}`;
/** What the driver paid for it, as the confirm button showed it (₱…). */
let paid = '';

test.beforeAll(async ({ people }) => {
  admin = await people.signedIn('admin@parkada.ph', DEMO_PASSWORD);
  applicant = await people.signedOut();
  driver = await people.signedOut();
});
reportPageOnFailure(() => admin);

describe('approvals in the browser', () => {
  test('approves an owner application filed at sign-up; the applicant’s next page shows the owner screens', async () => {
    const name = { firstName: 'Dolores', lastName: `Ilagan${Date.now() % 100_000}` };
    const res = await applicant.request.post(`${baseURL}/api/auth/signup`, {
      data: {
        ...name,
        email: `dolores.${Date.now()}@example.ph`,
        mobile: '+63 917-4445555',
        role: 'space_owner',
        password: 'sampaguita-2024',
        ...CURRENT_VERSIONS,
      },
    });
    expect(res.status()).toBe(201);
    await applicant.goto(`${baseURL}/owner`);
    await applicant.getByRole('heading', { name: '404 Page Not Found', exact: true }).waitFor();

    await admin.goto(`${baseURL}/admin/approvals`);
    await admin.getByRole('heading', { name: 'Approvals Management', exact: true }).waitFor();
    const card = admin.getByTestId('review-card').filter({ hasText: `${name.firstName} ${name.lastName}` });
    await card.waitFor();

    // Rejecting asks for a reason before Confirm works; cancel and approve instead.
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    expect(await admin.getByRole('button', { name: 'Confirm', exact: true }).isDisabled()).toBe(true);
    await admin.getByLabel('Reason', { exact: true }).fill('   ');
    expect(await admin.getByRole('button', { name: 'Confirm', exact: true }).isDisabled()).toBe(true);
    await admin.getByRole('button', { name: 'Cancel', exact: true }).click();

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await admin.getByText(`Approve ${name.firstName} ${name.lastName}?`, { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.getByText('Owner Approved', { exact: true }).first().waitFor();
    await card.waitFor({ state: 'detached' });

    await admin.getByLabel('Status', { exact: true }).selectOption('approved');
    await admin
      .getByTestId('review-card')
      .filter({ hasText: `${name.firstName} ${name.lastName}` })
      .getByText('Approved', { exact: true })
      .waitFor();

    await admin.goto(`${baseURL}/admin`);
    await admin.getByRole('heading', { name: 'Super Admin Dashboard', exact: true }).waitFor();
    await admin.getByTestId('audit-logs').getByText('APPROVE_OWNER', { exact: true }).first().waitFor();

    await applicant.goto(`${baseURL}/owner`);
    await applicant.getByRole('heading', { name: 'Owner Dashboard', exact: true }).waitFor();
  });

  test('the new owner lists a lot, the admin approves it, the owner prices it and a driver books it; both approvals are in the audit log', async () => {
    await applicant.goto(`${baseURL}/owner/lots`);
    await applicant.getByRole('button', { name: 'Add New Lot', exact: true }).click();
    await applicant.getByLabel('Lot Name', { exact: true }).fill(LOT);
    // Far from the demo lots, so the searches of other test files running now list the same lots.
    await applicant.getByLabel('Address', { exact: true }).fill('Quirino Hwy, Fairview, Quezon City');
    await applicant.getByLabel('Latitude', { exact: true }).fill('14.7340');
    await applicant.getByLabel('Longitude', { exact: true }).fill('121.0580');
    await applicant.getByLabel('Total Slots', { exact: true }).fill('12');
    await applicant.getByRole('button', { name: 'Create Lot', exact: true }).click();
    await applicant.getByTestId('owner-lot').filter({ hasText: LOT }).filter({ hasText: 'Pending Approval' }).waitFor();

    // Drivers never see an unapproved lot.
    await signUpDriver(driver, {
      firstName: 'Vilma',
      lastName: 'Santos',
      mobile: '+63 917-6667777',
      password: 'star-for-all-seasons',
    });
    const hidden = await (await driver.request.get(`${baseURL}/api/lots?q=${encodeURIComponent(LOT)}`)).json();
    expect(hidden.items ?? hidden).toHaveLength(0);

    await admin.goto(`${baseURL}/admin/approvals?tab=lot`);
    const card = admin.getByTestId('review-card').filter({ hasText: LOT });
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await admin.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.getByText('Lot Approved', { exact: true }).first().waitFor();
    await applicant.goto(`${baseURL}/owner/lots`);
    await applicant.getByTestId('owner-lot').filter({ hasText: LOT }).filter({ hasText: 'Approved' }).waitFor();

    // The owner sets the lot's rate: ₱70 an hour, the same for every hour.
    await applicant.goto(`${baseURL}/owner/pricing`);
    await applicant.getByLabel('Lot', { exact: true }).selectOption({ label: LOT });
    await applicant.getByLabel('Base Rate (₱ per hour)', { exact: true }).fill('70');
    await applicant.getByRole('button', { name: 'Save Pricing', exact: true }).click();
    await applicant.getByText('Pricing Updated', { exact: true }).first().waitFor();

    // The driver finds the lot by name and books it for tomorrow 09:00, paid from the wallet.
    await topUpWallet(driver.request, 50_000);
    await driver.goto(`${baseURL}/`);
    await driver.getByLabel('Location', { exact: true }).fill(LOT);
    await driver.getByRole('button', { name: 'Search', exact: true }).click();
    await driver.getByLabel('Arrival', { exact: true }).fill(`${toManilaInput(new Date(Date.now() + 24 * 3_600_000)).slice(0, 11)}09:00`);
    await driver.getByLabel('Duration', { exact: true }).selectOption('2');
    const lotCard = driver.getByTestId('lot-card').filter({ hasText: LOT });
    await lotCard.getByRole('button', { name: 'Reserve Now', exact: true }).click();
    await driver.getByRole('dialog').getByLabel('Vehicle', { exact: true }).selectOption({ label: 'Another vehicle (type the plate)' });
    await driver.getByRole('dialog').getByLabel('Plate Number', { exact: true }).fill('NEW 1234');
    const pay = driver.getByRole('dialog').getByRole('button', { name: /^Confirm and pay ₱/ });
    paid = (await pay.innerText()).replace('Confirm and pay ', '').trim();
    expect(paid).toBe('₱140.00');
    await pay.click();
    await driver.waitForURL(/\/reservation\//);
    await driver.getByTestId('reservation-status').filter({ hasText: 'CONFIRMED' }).waitFor();

    await admin.goto(`${baseURL}/admin/audit-logs`);
    for (const action of ['APPROVE_OWNER', 'APPROVE_LOT'])
      await admin.getByTestId('audit-entry').filter({ hasText: action }).first().waitFor();
    // Other test files approve lots at the same time: this lot's approval is among them.
    expect(
      await admin.getByTestId('audit-entry').filter({ hasText: 'APPROVE_LOT' }).filter({ hasText: LOT }).first().innerText(),
    ).toContain(LOT);
  });
  test('the new owner sees the booking on the dashboard and in the reports and exports them; the admin reads the system health', async () => {
    await applicant.goto(`${baseURL}/owner`);
    await applicant.getByTestId('lot-performance').filter({ hasText: LOT }).getByText(paid, { exact: true }).waitFor();

    // Reports default to today; the payment was received today.
    await applicant.goto(`${baseURL}/owner/reports`);
    await applicant.getByLabel('Location', { exact: true }).selectOption({ label: LOT });
    const today = manilaDate(Date.now());
    await applicant.getByTestId('daily-row').filter({ hasText: today }).getByText(paid, { exact: true }).waitFor();
    const download = async (button: string) => {
      const [file] = await Promise.all([
        applicant.waitForEvent('download'),
        applicant.getByRole('button', { name: button, exact: true }).click(),
      ]);
      return readFile((await file.path())!);
    };
    const csv = (await download('Export CSV')).toString('utf8').trim().split('\r\n');
    expect(csv).toHaveLength(2);
    // The CSV has pesos without the sign or thousands separators.
    expect(csv[1].split(',').slice(0, 2)).toEqual([today, paid.replace(/[₱,]/g, '')]);
    expect((await download('Generate PDF')).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await admin.goto(`${baseURL}/admin`);
    const health = admin.getByTestId('system-health');
    // Each part shows its status and its measured time; a slow answer on a busy machine is a warning, by the stated threshold.
    for (const part of ['Database (D1)', 'Sessions store (KV)', 'Lot objects (Durable Objects)', 'Documents store (R2)', 'Payments']) {
      const [, status, ms] = (await health.locator('li', { hasText: part }).innerText()).match(/(healthy|warning)\s+(\d+) ms/i) ?? [];
      expect(status?.toLowerCase(), part).toBe(rateProbe(true, Number(ms)));
    }
    await admin.getByTestId('uptime').getByText(/^Up /).waitFor();
  });

  test("holds the owner's new name for the approved lot until the admin approves it under Listing Changes", async () => {
    const renamed = `${LOT} North`;
    await applicant.goto(`${baseURL}/owner/lots`);
    const card = applicant.getByTestId('owner-lot').filter({ hasText: LOT });
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    await applicant.getByLabel('Lot Name', { exact: true }).fill(renamed);
    await applicant.getByRole('button', { name: 'Save Lot', exact: true }).click();
    await applicant
      .getByText(/waits for review/)
      .first()
      .waitFor();
    await card.getByTestId('pending-listing').filter({ hasText: renamed }).waitFor();
    expect(await card.getByRole('heading').innerText()).toBe(LOT);

    await admin.goto(`${baseURL}/admin/approvals?tab=listing`);
    const change = admin.getByTestId('review-card').filter({ hasText: renamed });
    await change.getByRole('button', { name: 'Approve', exact: true }).click();
    await admin.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.getByText('Listing Change Approved', { exact: true }).first().waitFor();
    await applicant.reload();
    await applicant.getByTestId('owner-lot').getByRole('heading', { name: renamed, exact: true }).waitFor();
  });
});

describe('unlisting a lot in the browser', () => {
  test('the admin unlists the approved lot with a reason its owner reads, and drivers no longer find it until it is listed again', async () => {
    const name = `${LOT} North`;
    const found = async () => (await (await driver.request.get(`${baseURL}/api/lots?q=${encodeURIComponent(name)}`)).json()).items.length;
    expect(await found()).toBe(1);

    await admin.goto(`${baseURL}/admin/approvals?status=approved&tab=lot`);
    await admin.getByRole('button', { name: `Unlist ${name}`, exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Unlist lot', exact: true });
    // The reason is required, by the server's own rule.
    await dialog.getByRole('button', { name: 'Unlist', exact: true }).click();
    await dialog.getByText('Give a reason: the owner reads it on the lot.', { exact: true }).waitFor();
    await dialog.getByLabel('Reason', { exact: true }).fill('  Permit under review  ');
    await dialog.getByRole('button', { name: 'Unlist', exact: true }).click();
    await admin.getByText('Lot unlisted', { exact: true }).first().waitFor();
    await admin.getByRole('button', { name: `List again ${name}`, exact: true }).waitFor();
    expect(await found()).toBe(0);

    await applicant.goto(`${baseURL}/owner/lots`);
    await applicant.getByTestId('lot-unlisted').getByText('Unlisted by Parkada: Permit under review', { exact: true }).waitFor();

    await admin.getByRole('button', { name: `List again ${name}`, exact: true }).click();
    const again = admin.getByRole('dialog', { name: 'List lot again', exact: true });
    await again.getByLabel('Reason', { exact: true }).fill('Permit renewed');
    await again.getByRole('button', { name: 'List again', exact: true }).click();
    await admin.getByText('Lot listed again', { exact: true }).first().waitFor();
    expect(await found()).toBe(1);
  });
});
