/**
 * The admin's platform console in the browser: the dashboard's tenant and metrics panels, a setting
 * changed on the Settings screen and seen by the driver screens and the audit log, and Export Data.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_LOTS } from '../worker/seed/demo-lots';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { withPlatformSettings } from './platform-settings';
import { baseURL, checkScreens, type People, reportPageOnFailure, signUpDriver, test } from './browser';
import { ALL_DAY, demoAdmin, newApprovedLot, newOwner, topUpWallet } from './fixtures';

let admin: Page;

/** This file's tenant: an eight-hour stay at ₱500 an hour ranks it first among the owners of any run. */
const TENANT = { firstName: 'Imelda', lastName: `Papin${Date.now() % 100_000}` };
const TENANT_LOT = `Fairview Carpark ${Date.now() % 100_000}`;

async function tenantWithABigStay(browser: Browser, people: People) {
  const approver = await demoAdmin(browser);
  const owner = await newOwner(browser, approver, TENANT);
  const lot = await newApprovedLot(owner.context, approver, { name: TENANT_LOT, hourlyRate: 50_000, hoursJson: ALL_DAY });
  const driver = await people.signedOut();
  await signUpDriver(driver, {
    firstName: 'Pilita',
    lastName: 'Corrales',
    mobile: '+63 917-3334444',
    password: 'a-million-thanks',
  });
  await topUpWallet(driver.request, 500_000);
  const booked = await driver.request.post(`${baseURL}/api/reservations`, {
    data: { lotId: lot.id, start: new Date(Date.now() + 24 * 3_600_000).toISOString(), durationHours: 8, plate: 'IMP 1984' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await driver.context().close();
  await approver.close();
}

test.beforeAll(async ({ browser, people }) => {
  await tenantWithABigStay(browser, people);
  admin = await people.signedIn('admin@parkada.ph', DEMO_PASSWORD);
  await admin.goto(`${baseURL}/admin`);
  await admin.getByRole('heading', { name: 'Super Admin Dashboard', exact: true }).waitFor();
});
reportPageOnFailure(() => admin);

const setting = (label: RegExp) => admin.getByLabel(label, { exact: true });

describe('platform console', () => {
  test('shows Revenue by Tenant, Top Performing Lots and Platform Metrics', async () => {
    await admin.getByTestId('revenue-by-tenant').getByText(`${TENANT.firstName} ${TENANT.lastName}`, { exact: true }).first().waitFor();
    // The demo owner's lots lead, with the demo history's months of stays (README, "Demo data").
    const top = admin.getByTestId('top-lots').locator('li').first();
    await top.getByText(/% occupied \(30 days\)/).waitFor();
    const first = (await top.textContent()) ?? '';
    expect(DEMO_LOTS.map((lot) => lot.name).filter((name) => first.includes(name))).toHaveLength(1);
    await admin.getByTestId('platform-metrics').getByText('Bookings today', { exact: true }).waitFor();
    await admin
      .getByTestId('platform-metrics')
      .getByText(/^No-show rate \(30 days\)$/)
      .waitFor();
  });

  test('changes the free-cancellation window in Settings; the lot page and the audit log follow', () =>
    withPlatformSettings(async () => {
      try {
        await changeTheWindow();
      } finally {
        // Back to the default before other files may show the window again.
        await admin.request.patch(`${baseURL}/api/admin/settings`, { data: { freeCancelMinutes: 15 } });
      }
    }));

  async function changeTheWindow() {
    await admin.getByRole('link', { name: 'Settings', exact: true }).click();
    await admin.getByRole('heading', { name: 'Platform Settings', exact: true }).waitFor();
    await admin.getByText('The defaults are in force.', { exact: true }).waitFor();
    expect(await setting(/^Free cancellation window/).inputValue()).toBe('15');
    expect(await setting(/^Largest single top-up/).inputValue()).toBe('20000');

    // Out of bounds: the server's message, nothing saved.
    await setting(/^No-show grace/).fill('500');
    await admin.getByRole('button', { name: 'Save Settings', exact: true }).click();
    await admin
      .getByText(/No-show grace \(minutes after the start\) is between 5 minutes and 120 minutes\./)
      .first()
      .waitFor();
    await setting(/^No-show grace/).fill('15');
    expect(await admin.getByRole('button', { name: 'Save Settings', exact: true }).isDisabled()).toBe(true);

    await setting(/^Free cancellation window/).fill('45');
    await admin.getByRole('button', { name: 'Save Settings', exact: true }).click();
    await admin.getByText('Settings Updated', { exact: true }).first().waitFor();
    await admin.getByText(/^Last changed /).waitFor();

    const lots = await (await admin.request.get(`${baseURL}/api/lots?q=Greenbelt`)).json();
    await admin.goto(`${baseURL}/lot/${lots.items[0].id}`);
    await admin.getByText('No booking fees • Free cancellation up to 45 minutes before arrival', { exact: true }).waitFor();

    await admin.goto(`${baseURL}/admin`);
    await admin.getByTestId('audit-logs').getByText('UPDATE_SETTINGS', { exact: true }).first().waitFor();
  }

  test('exports the figures as one CSV', async () => {
    await admin.goto(`${baseURL}/admin`);
    await admin.getByTestId('top-lots').waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export Data', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parkada-platform-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Section,Item,Measure,Value');
    expect(csv.some((line) => line.startsWith('Platform,,Platform revenue (PHP),'))).toBe(true);
    expect(csv.filter((line) => line.startsWith('Top performing lots,') && line.includes(',Bookings,'))).toHaveLength(5);
  });

  test('keeps Platform Revenue on one line at 1280 px: shortened, the full amount on hover and for screen readers', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`${baseURL}/admin`);
    const figure = admin.getByTestId('kpi').filter({ hasText: 'Platform Revenue' }).getByTestId('kpi-figure');
    await figure.waitFor();
    const shown = await figure.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
      title: el.getAttribute('title'),
      text: el.textContent,
    }));
    expect(shown.height).toBeLessThan(shown.lineHeight * 1.5);
    // The demo's revenue runs to millions: shortened, with the amount in full in the title and the screen reader's text.
    expect(shown.title).toMatch(/^₱[\d,]+\.\d\d$/);
    expect(shown.text).toMatch(/^₱[\d.]+[KMB]₱[\d,]+\.\d\d$/);
    expect(shown.text?.endsWith(shown.title ?? '-')).toBe(true);
  });

  test('saves the dashboard and the settings screen at phone and desktop widths, light and dark', async () => {
    for (const [name, path, ready] of [
      ['dashboard', '/admin', 'platform-metrics'],
      ['settings', '/admin/settings', 'settings-form'],
    ]) {
      await admin.goto(`${baseURL}${path}`);
      await admin.getByTestId(ready).waitFor();
      await checkScreens(admin, `admin-${name}`);
    }
  });
});
