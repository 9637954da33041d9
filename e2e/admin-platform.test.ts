/**
 * The admin's platform console in the browser: the dashboard's tenant and metrics panels, a setting
 * changed on the Settings screen and seen by the driver screens and the audit log, and Export Data.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { launchBrowser, newPhonePage, reportPageOnFailure, signIn } from './browser';

const baseURL = inject('baseURL');
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPhonePage(browser);
  await signIn(admin, baseURL, 'admin@parkada.ph', DEMO_PASSWORD);
  await admin.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
});
afterAll(async () => {
  // Leave the shared app with the default window for the other browser tests.
  await admin?.request.patch(`${baseURL}/api/admin/settings`, { data: { freeCancelMinutes: 15 } });
  await browser?.close();
});
reportPageOnFailure(() => admin);

const setting = (label: RegExp) => admin.getByLabel(label);

describe('platform console', () => {
  it('shows Revenue by Tenant, Top Performing Lots and Platform Metrics', async () => {
    await admin.getByTestId('revenue-by-tenant').getByText('Maria Santos').first().waitFor();
    await admin
      .getByTestId('top-lots')
      .locator('li')
      .first()
      .getByText(/% occupied \(30 days\)/)
      .waitFor();
    await admin.getByTestId('platform-metrics').getByText('Bookings today').waitFor();
    await admin
      .getByTestId('platform-metrics')
      .getByText(/^No-show rate \(30 days\)$/)
      .waitFor();
  });

  it('changes the free-cancellation window in Settings; the lot page and the audit log follow', async () => {
    await admin.getByRole('link', { name: 'Settings' }).click();
    await admin.getByRole('heading', { name: 'Platform Settings' }).waitFor();
    await admin.getByText('The defaults are in force.').waitFor();
    expect(await setting(/^Free cancellation window/).inputValue()).toBe('15');
    expect(await setting(/^Largest single top-up/).inputValue()).toBe('20000');

    // Out of bounds: the server's message, nothing saved.
    await setting(/^No-show grace/).fill('500');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await admin
      .getByText(/No-show grace \(minutes after the start\) is between 5 minutes and 120 minutes\./)
      .first()
      .waitFor();
    await setting(/^No-show grace/).fill('15');
    expect(await admin.getByRole('button', { name: 'Save Settings' }).isDisabled()).toBe(true);

    await setting(/^Free cancellation window/).fill('45');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await admin.getByText('Settings Updated', { exact: true }).first().waitFor();
    await admin.getByText(/^Last changed /).waitFor();

    const lots = await (await admin.request.get(`${baseURL}/api/lots?q=Greenbelt`)).json();
    await admin.goto(`${baseURL}/lot/${lots.items[0].id}`);
    await admin.getByText('Free cancellation up to 45 minutes before arrival').waitFor();

    await admin.goto(`${baseURL}/admin`);
    await admin.getByTestId('audit-logs').getByText('UPDATE_SETTINGS').first().waitFor();
  });

  it('exports the figures as one CSV', async () => {
    await admin.goto(`${baseURL}/admin`);
    await admin.getByTestId('top-lots').waitFor();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export Data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^parkada-platform-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Section,Item,Measure,Value');
    expect(csv.some((line) => line.startsWith('Platform,,Platform revenue (PHP),'))).toBe(true);
    expect(csv.filter((line) => line.startsWith('Top performing lots,') && line.includes(',Bookings,'))).toHaveLength(5);
  });

  it('saves the dashboard and the settings screen at phone and desktop widths, light and dark', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      await admin.emulateMedia({ colorScheme });
      for (const width of [375, 1280]) {
        await admin.setViewportSize({ width, height: 900 });
        for (const [name, path, ready] of [
          ['dashboard', '/admin', 'platform-metrics'],
          ['settings', '/admin/settings', 'settings-form'],
        ]) {
          await admin.goto(`${baseURL}${path}`);
          await admin.getByTestId(ready).waitFor();
          // Nothing scrolls sideways on a phone.
          expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await admin.screenshot({ path: join(ARTIFACTS, `admin-${name}-${width}-${colorScheme}.png`), fullPage: true });
        }
      }
    }
  });
});
