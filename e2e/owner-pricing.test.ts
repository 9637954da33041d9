/**
 * Dynamic pricing in the browser: on a demo lot whose every slot was taken 8–10 AM on each weekday of
 * the last four weeks (written by the global set-up: e2e/past-stays.ts), the owner turns on Enable
 * AI Pricing, sees the weekday-morning raise with its reason, and applies it. Screenshots of the screen at 375 px and 1280 px, light and dark, go to e2e/artifacts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage, reportPageOnFailure, checkScreens, signIn } from './browser';
import { FULL_MORNINGS_LOT as LOT } from './past-stays';

const baseURL = inject('baseURL');
/** The owner's lot list, whatever page it asks for. */
const ownerLots = (url: URL) => url.pathname === '/api/owner/lots';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPhonePage(browser);
  await signIn(page, baseURL, 'owner@parkada.ph', 'parkada-demo');
});
afterAll(async () => browser?.close());
reportPageOnFailure(() => page);

const weekdayMornings = () =>
  page.getByTestId('dynamic-suggestion').filter({ has: page.getByText('Weekday mornings (6 AM–10 AM)', { exact: true }) });

describe('dynamic pricing in the browser', () => {
  it('turns Enable AI Pricing on and applies the weekday-morning raise', async () => {
    await page.goto(`${baseURL}/owner/pricing`);
    await page.getByRole('heading', { name: 'Pricing Management' }).waitFor();
    await page.getByLabel('Lot', { exact: true }).selectOption({ label: LOT });
    // The side panels read the records with the switch off too.
    await page.getByText('Weekday mornings (6 AM–10 AM): 100% of the slots are taken at 8 AM', { exact: false }).waitFor();
    expect(await page.getByRole('heading', { name: 'Dynamic Pricing Suggestions' }).count()).toBe(0);

    const toggle = page.getByRole('switch', { name: 'Enable AI Pricing' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByRole('heading', { name: 'Dynamic Pricing Suggestions' }).waitFor();
    const suggestion = weekdayMornings();
    await suggestion.waitFor();
    const text = await suggestion.textContent();
    expect(text).toContain('High demand');
    expect(text).toContain('₱45.00/hr');
    expect(text).toContain('100% of the 40 slots were taken on average over 20 weekdays');

    await checkScreens(page, 'owner-pricing');

    // The order CI once met: the suggestions come back before the lots, so the applied band leaves the
    // list (its item unmounts) while the apply is still settling. The toast must still be shown.
    await page.route(ownerLots, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await suggestion.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Dynamic Pricing Applied', { exact: true }).first().waitFor();
    // Applied: the band is judged again only after a whole day at its new rate.
    await weekdayMornings().waitFor({ state: 'detached' });
    await page.unroute(ownerLots);
    await page.reload();
    // The lot is the URL's: the reload keeps it chosen.
    expect(await page.getByLabel('Lot', { exact: true }).locator('option:checked').textContent()).toBe(LOT);
    expect(await page.getByRole('switch', { name: 'Enable AI Pricing' }).getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('current-performance').getByText('₱45.00').waitFor();
  });
});
