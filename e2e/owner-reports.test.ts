import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { previousMonth } from '../core/statements';
import { addDays, eachDay, manilaDate } from '../core/time';
import { baseURL, checkScreens, reportPageOnFailure, settled, test } from './browser';

let page: Page;

test.beforeAll(async ({ people }) => {
  page = await people.signedIn('owner@parkada.ph', 'parkada-demo');
});
reportPageOnFailure(() => page);

/** Clicks a button that downloads a file; answers the file's name and bytes. */
async function download(button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

describe('owner dashboard and reports in the browser', () => {
  test('draws the revenue trend as a chart, for each range', async () => {
    await page.goto(`${baseURL}/owner`);
    await page.getByRole('heading', { name: 'Owner Dashboard', exact: true }).waitFor();
    await page.getByTestId('kpi').filter({ hasText: 'Revenue Today' }).getByTestId('kpi-figure').getByText(/₱/).first().waitFor();
    await page
      .getByRole('img', { name: /Money received per day, last 7 days/ })
      .locator('canvas')
      .waitFor();
    await page.getByRole('button', { name: 'Last 3 months', exact: true }).click();
    await page
      .getByRole('img', { name: /Money received per day, last 3 months/ })
      .locator('canvas')
      .waitFor();
    await page.getByTestId('lot-performance').first().waitFor();
    // Price changes and what followed: the demo's Eastwood City Parking has three band changes (worker/seed/demo-price-changes.ts).
    const changes = page.getByTestId('price-changes-panel');
    await changes.getByLabel('Lot for price changes', { exact: true }).selectOption({ label: 'Eastwood City Parking' });
    await changes.getByTestId('price-change').nth(2).waitFor();
    await changes
      .getByTestId('elasticity')
      .getByText(/Elasticity about|Too few price changes/)
      .waitFor();
  });

  test('exports the daily rows as CSV and the report as a PDF', async () => {
    await page.getByRole('link', { name: /View Reports/ }).click();
    await page.getByRole('heading', { name: 'Reports & Analytics', exact: true }).waitFor();
    const today = await page.getByLabel('Start Date', { exact: true }).inputValue();
    expect(await page.getByLabel('End Date', { exact: true }).inputValue()).toBe(today);
    // A week up to today: one row a day.
    const weekAgo = addDays(today, -6);
    await page.getByLabel('Start Date', { exact: true }).fill(weekAgo);
    await page.getByTestId('daily-row').nth(6).waitFor();

    const csv = await download('Export CSV');
    expect(csv.name).toBe(`parking-report-${today}.csv`);
    const lines = csv.bytes.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Revenue,Occupancy,Bookings,Avg Duration,Status');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(eachDay(weekAgo, today));

    const pdf = await download('Generate PDF');
    expect(pdf.name).toBe(`parking-report-${today}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    for (const tab of ['Revenue', 'Occupancy', 'Customers']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      expect(await page.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected')).toBe('true');
    }
    // The Customers tab's figures come from a request of their own, made when the tab opens.
    await page.getByText('Customer Segments', { exact: true }).waitFor();
    await page.getByText('New (first booking here)', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Occupancy by weekday and hour', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Occupancy', exact: true }).click();
    await page.getByRole('table', { name: 'Occupancy by weekday and hour', exact: true }).waitFor();
  });

  test('shows last month’s statement from the demo history; the super admin pays it and the owner sees it paid', async ({ people }) => {
    const month = previousMonth(manilaDate(Date.now()).slice(0, 7));
    await page.goto(`${baseURL}/owner`);
    // The dashboard drawn by the app, not the shell before it: a click on the shell's frame could be undone by the first render.
    await page.getByRole('heading', { name: 'Owner Dashboard', exact: true }).waitFor();
    // And with its figures in: each panel's placeholder is replaced by content of another height, which
    // moved the link between Playwright's aim and its click (a full run's click landed elsewhere).
    await settled(page);
    await page.getByRole('link', { name: /Statements/ }).click();
    await page.getByRole('heading', { name: 'Statements', exact: true }).waitFor();
    await page.getByLabel('Month', { exact: true }).fill(month);
    await page.getByTestId('statement-status').getByText('Closed — payout due', { exact: true }).waitFor();
    expect(await page.getByTestId('statement-lot').count()).toBeGreaterThan(1);
    const csv = await download('Export CSV');
    expect(csv.name).toBe(`parkada-statement-${month}.csv`);
    expect(csv.bytes.toString('utf8').split('\r\n')[0]).toBe(
      'Lot,Bookings,Extensions,Overstays,Walk-ins,Monthly passes,Refunds,Collected,Commission (deducted),Adjustments,Payable,Cash at the gate,Validated (invoice merchants)',
    );
    const pdf = await download('Generate PDF');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await checkScreens(page, 'owner-statement');

    const admin = await people.signedIn('admin@parkada.ph', 'parkada-demo');
    await admin.goto(`${baseURL}/admin/payouts?month=${month}`);
    await admin.getByRole('heading', { name: 'Owner Payouts', exact: true }).waitFor();
    const maria = admin.getByTestId('payout-owner').filter({ hasText: 'owner@parkada.ph' });
    await maria.getByRole('button', { name: 'Record payout', exact: true }).click();
    // A reference too short is refused by the request's schema under the field, nothing recorded.
    await admin.getByLabel('Bank or e-wallet reference', { exact: true }).fill('BDO');
    await admin.getByRole('dialog').getByRole('button', { name: 'Record payout', exact: true }).click();
    await admin.getByRole('dialog').getByText('The bank or e-wallet reference is at least 4 characters.', { exact: true }).waitFor();
    await admin.getByLabel('Bank or e-wallet reference', { exact: true }).fill('BDO-20261201-0042');
    await admin.getByRole('dialog').getByRole('button', { name: 'Record payout', exact: true }).click();
    await maria.getByText('Paid', { exact: true }).waitFor();
    await checkScreens(admin, 'admin-payouts');
    await admin.context().close();

    await page.reload();
    await page.getByTestId('statement-status').getByText('Paid', { exact: true }).waitFor();
    await page.getByText(/ · ref\. BDO-20261201-0042$/).waitFor();
  });
});
