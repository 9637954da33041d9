/** Settings → Webhooks for an owner (docs/api.md, Webhooks): the form refuses an address that is not https, a new webhook's secret is shown once. */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, reportPageOnFailure, test } from './browser';
import { demoAdmin, newOwner } from './fixtures';

let page: Page;

// An owner of their own, with no lot: no event of another file's reaches their webhook, so nothing is posted anywhere.
test.beforeAll(async ({ browser }) => {
  const { context } = await newOwner(browser, await demoAdmin(browser), { firstName: 'Teodoro', lastName: 'Hookson' });
  page = await context.newPage();
});
reportPageOnFailure(() => page);

describe('webhooks in Settings', () => {
  test('adds a webhook: https only, its secret shown once, then deleted', async () => {
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
  });
});
