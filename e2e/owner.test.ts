import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, reportPageOnFailure, test } from './browser';
import { demoAdmin, newOwner } from './fixtures';

let page: Page;

test.beforeAll(async ({ people }) => {
  page = await people.signedIn('owner@parkada.ph', 'parkada-demo');
});
reportPageOnFailure(() => page);

const toast = (title: string) => page.getByText(title, { exact: true }).first().waitFor();
const lotCard = (name: string) => page.getByTestId('owner-lot').filter({ hasText: name });

describe('owner lots in the browser', () => {
  test('the dashboard’s Add Lot and Add New Lot open the lots page with its create dialog, which clears the URL when closed', async () => {
    const addNewLot = page.getByRole('dialog', { name: 'Add New Lot', exact: true });
    for (const link of [{ name: 'Add Lot', exact: true }, { name: /^Add New Lot/ }]) {
      await page.goto(`${baseURL}/owner`);
      await page.getByRole('link', link).click();
      await addNewLot.waitFor();
      expect(new URL(page.url()).searchParams.get('new')).toBe('true');
      await page.keyboard.press('Escape');
      await addNewLot.waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');
      await page.getByRole('heading', { name: 'Manage Lots', exact: true }).waitFor();
    }
  });

  test('creates a lot, which shows Pending Approval with its real slot count', async () => {
    await page.goto(`${baseURL}/owner/lots`);
    await page.getByRole('heading', { name: 'Manage Lots', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add New Lot', exact: true }).click();
    // The spec's form defaults.
    expect(await page.getByLabel('Max Duration (hours)', { exact: true }).inputValue()).toBe('8');
    expect(await page.getByLabel('Open Time', { exact: true }).inputValue()).toBe('06:00');
    expect(await page.getByLabel('Close Time', { exact: true }).inputValue()).toBe('22:00');
    // Sent empty, the form shows the request schema's own messages under the fields (core/lot-form.ts).
    await page.getByRole('button', { name: 'Create Lot', exact: true }).click();
    await toast('Check the lot');
    const form = page.getByRole('dialog', { name: 'Add New Lot', exact: true });
    await form.getByText('Name is required', { exact: true }).waitFor();
    await form.getByText('Latitude is required', { exact: true }).waitFor();
    await page.getByLabel('Lot Name', { exact: true }).fill('Legazpi Village Carpark');
    await page.getByLabel('Address', { exact: true }).fill('Rufino St, Makati');
    await page.getByLabel('Latitude', { exact: true }).fill('14.5547');
    await page.getByLabel('Longitude', { exact: true }).fill('121.0164');
    // The pin is the entrance unless the owner moves it: unticked, the entrance starts at the pin.
    const atPin = page.getByLabel('Same as the pin', { exact: true });
    expect(await atPin.isChecked()).toBe(true);
    await atPin.uncheck();
    expect(await page.getByLabel('Entrance Latitude', { exact: true }).inputValue()).toBe('14.5547');
    await page.getByLabel('Entrance Longitude', { exact: true }).fill('121.0171');
    await page.getByLabel('Total Slots', { exact: true }).fill('42');
    await page.getByLabel('Levels', { exact: true }).fill('B1, B2');
    expect(await page.getByLabel('Hourly Rate (₱)', { exact: true }).inputValue()).toBe('80');
    await page.getByLabel('Hourly Rate (₱)', { exact: true }).fill('65');
    await page.getByRole('button', { name: 'Create Lot', exact: true }).click();
    await toast('Lot Created');
    await page.getByText('Your lot has been submitted for approval.', { exact: true }).first().waitFor();
    const card = lotCard('Legazpi Village Carpark');
    await card.filter({ hasText: 'Pending Approval' }).waitFor();
    expect(await card.textContent()).toContain('Slots42');
    expect(await card.textContent()).toContain('levels B1, B2');
    const { items } = (await (await page.request.get(`${baseURL}/api/owner/lots?limit=100`)).json()) as {
      items: { name: string; entranceLat: number | null; entranceLng: number | null }[];
    };
    expect(items.find((lot) => lot.name === 'Legazpi Village Carpark')).toMatchObject({ entranceLat: 14.5547, entranceLng: 121.0171 });
  });

  test('a rejected lot shows its reason, and is resubmitted to the admin with its history', async ({ people }) => {
    // The super admin rejects it (their screen is admin.test.ts's): through the API, to spare a page.
    const admin = await people.signedIn('admin@parkada.ph', 'parkada-demo');
    const queue = (await (await admin.request.get(`${baseURL}/api/admin/lot-submissions?status=pending&limit=100`)).json()) as {
      items: { id: string; name: string }[];
    };
    const { id } = queue.items.find((item) => item.name === 'Legazpi Village Carpark')!;
    const rejected = await admin.request.post(`${baseURL}/api/admin/lots/${id}/reject`, {
      data: { reason: 'The entrance pin is on the wrong street.' },
    });
    expect(rejected.status()).toBe(200);

    await page.goto(`${baseURL}/owner/lots`);
    const card = lotCard('Legazpi Village Carpark');
    await card.getByTestId('lot-review').getByText('Rejected', { exact: true }).waitFor();
    await card.getByTestId('lot-rejection').getByText('Reason: The entrance pin is on the wrong street.', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Resubmit Legazpi Village Carpark', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Resubmit for Review', exact: true });
    await dialog
      .getByTestId('submission-history')
      .getByText(/The entrance pin is on the wrong street\./)
      .waitFor();
    await dialog.getByLabel('Note to the reviewer (optional)', { exact: true }).fill('Moved the entrance to Rufino St.');
    await dialog.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await toast('Lot Resubmitted');
    await card.getByTestId('lot-review').getByText('Pending Approval', { exact: true }).waitFor();

    // Back in the admin's pending list, with the earlier decision beside it.
    await admin.goto(`${baseURL}/admin/approvals?tab=lot&status=pending`);
    const submitted = () => admin.getByTestId('review-card').filter({ hasText: 'Legazpi Village Carpark' });
    await submitted()
      .getByText(/after 1 earlier submission/)
      .waitFor();
    await submitted().getByRole('button', { name: 'View Details', exact: true }).click();
    await admin
      .getByRole('dialog')
      .getByTestId('submission-history')
      .getByText(/The entrance pin is on the wrong street\./)
      .waitFor();
    expect(await admin.getByRole('dialog').textContent()).toContain('Moved the entrance to Rufino St.');
  });

  test('sets progressive pricing for the new lot', async () => {
    await page.goto(`${baseURL}/owner/pricing`);
    await page.getByRole('heading', { name: 'Pricing Management', exact: true }).waitFor();
    await page.getByLabel('Lot', { exact: true }).selectOption({ label: 'Legazpi Village Carpark' });
    // The rate the lot was created with.
    expect(await page.getByLabel('Base Rate (₱ per hour)', { exact: true }).inputValue()).toBe('65');
    await page.getByRole('tab', { name: 'Progressive', exact: true }).click();
    await page.getByLabel('Base Rate (₱ per hour)', { exact: true }).fill('60');
    expect(await page.getByLabel('Tier 2 Multiplier', { exact: true }).inputValue()).toBe('0.9');
    await page.getByLabel('Tier 3 Hours', { exact: true }).fill('10');
    // The request schema's rule, shown under the field before anything is sent.
    await page.getByLabel('Tier 3 Multiplier', { exact: true }).fill('2.5');
    await page.getByRole('button', { name: 'Save Pricing', exact: true }).click();
    await page.locator('#tier-2-multiplier-problem').getByText('Rate multipliers are 0.1 to 2.0', { exact: true }).waitFor();
    await page.getByLabel('Tier 3 Multiplier', { exact: true }).fill('0.7');
    await page.getByRole('button', { name: 'Save Pricing', exact: true }).click();
    await toast('Pricing Updated');

    await page.reload();
    await page.getByLabel('Lot', { exact: true }).selectOption({ label: 'Legazpi Village Carpark' });
    expect(await page.getByRole('tab', { name: 'Progressive', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Base Rate (₱ per hour)', { exact: true }).inputValue()).toBe('60');
    expect(await page.getByLabel('Tier 3 Hours', { exact: true }).inputValue()).toBe('10');
    expect(await page.getByLabel('Tier 3 Multiplier', { exact: true }).inputValue()).toBe('0.7');
  });

  test('deactivates and reactivates a lot, then asks before deleting one nobody booked', async () => {
    await page.goto(`${baseURL}/owner/lots`);
    const card = lotCard('Legazpi Village Carpark');
    await card.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await card.filter({ hasText: 'Inactive' }).waitFor();
    await card.getByRole('button', { name: 'Activate', exact: true }).click();
    await card.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Legazpi Village Carpark', exact: true }).click();
    await page.getByText('Are you sure you want to delete this lot?', { exact: true }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await toast('Lot Deleted');
    await lotCard('Legazpi Village Carpark').waitFor({ state: 'detached' });
  });

  test('makes an API key in Settings, which is shown once, answers as the owner within its scope, and is 401 once revoked', async () => {
    await page.goto(`${baseURL}/settings?tab=api-keys`);
    await page.getByLabel('Key name', { exact: true }).fill('Barrier North');
    await page.getByRole('checkbox', { name: 'lots:read', exact: true }).check();
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    const ownLots = () => fetch(`${baseURL}/api/owner/lots`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await ownLots()).status).toBe(200);
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByTestId('new-api-key').waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'API keys', exact: true }).getByText('Barrier North', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Revoke Barrier North', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await toast('Key Revoked');
    expect((await ownLots()).status).toBe(401);
  });

  // An owner of their own, with no lot: no event of another file's reaches their webhook, so nothing is posted anywhere.
  test('adds a webhook in Settings: https only, its secret shown once, then deleted', async ({ browser }) => {
    const admin = await demoAdmin(browser);
    const { context } = await newOwner(browser, admin, { firstName: 'Teodoro', lastName: 'Hookson' });
    await admin.close();
    const page = await context.newPage();
    await page.goto(`${baseURL}/settings?tab=webhooks`);
    await page.getByRole('tab', { name: 'Webhooks', exact: true }).waitFor();
    const url = page.getByLabel('Endpoint URL', { exact: true });
    await url.fill('http://hooks.partner.example/parkada');
    await page.getByLabel('stay.started', { exact: true }).check();
    await page.getByRole('button', { name: 'Add Webhook', exact: true }).click();
    await page.getByText('The webhook URL must be an https address.', { exact: true }).waitFor();
    await url.fill('https://hooks.partner.example/parkada');
    await page.getByRole('button', { name: 'Add Webhook', exact: true }).click();
    const secret = page.getByRole('status').filter({ hasText: 'Signing secret: shown this once' });
    expect(await secret.locator('code').textContent()).toMatch(/^whsec_/);
    const webhook = page.getByTestId('webhook').filter({ hasText: 'https://hooks.partner.example/parkada' });
    await webhook.getByText('stay.started', { exact: true }).waitFor();
    await webhook.getByRole('button', { name: 'Deliveries', exact: true }).click();
    await webhook.getByText('No deliveries yet.', { exact: true }).waitFor();
    await webhook.getByRole('button', { name: 'Delete', exact: true }).click();
    await webhook.waitFor({ state: 'detached' });
    await context.close();
  });
});
