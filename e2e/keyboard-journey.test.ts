/**
 * The driver's core journey with the keyboard alone, as someone who cannot use a pointer would make
 * it: sign in, find a lot, reserve it, and cancel the reservation with its refund. Nothing is clicked;
 * the page is only given keys (Tab to move, Enter and Space to act, typing into fields). Addresses are
 * typed into the browser, which anyone can do (the search lives in the URL).
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { manilaDate } from '../core/time';
import { baseURL, reportPageOnFailure, signInThroughApi, signUpDriver, test } from './browser';
import { topUpWallet } from './fixtures';

const person = { firstName: 'Lea', lastName: 'Salonga', mobile: '+63 917-1112222', password: 'miss-saigon-1989' };
let page: Page;
let email = '';

test.beforeAll(async ({ people }) => {
  page = await people.signedOut();
  await page.setViewportSize({ width: 1280, height: 800 });
  email = await signUpDriver(page, person);
  await topUpWallet(page.request, 100_000);
  // Signed out again: the journey starts at the sign-in form.
  await page.context().clearCookies();
});
reportPageOnFailure(() => page);

/** The focused element's accessible text: its label, else its text. */
const focusedName = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    const label =
      element.getAttribute('aria-label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null);
    return (label ?? element.textContent ?? '').trim();
  });

/** Presses Tab until the focused control's name matches; fails after `limit` presses. */
async function tabTo(name: RegExp, limit = 120) {
  for (let pressed = 0; pressed < limit; pressed++) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName())) return;
  }
  throw new Error(`Tab never reached a control named ${name}`);
}

describe('the keyboard alone', () => {
  test('signs in, reserves a lot and cancels it with a refund', async () => {
    await page.goto(`${baseURL}/login`);
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await tabTo(/^Email Address$/);
    await page.keyboard.type(email);
    await tabTo(/^Password$/);
    await page.keyboard.type(person.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Find Parking', exact: true }).waitFor();

    const tomorrow = manilaDate(Date.now() + 24 * 3_600_000);
    await page.goto(`${baseURL}/?place=Makati&arrive=${tomorrow}T09:00&hours=2`);
    await page.getByTestId('lot-card').first().waitFor();
    await tabTo(/^Reserve Now$/);
    await page.keyboard.press('Enter');
    // The dialog's form, loaded on demand, before Tab: the count of presses must not race its load.
    await page.getByRole('dialog').getByLabel('Plate Number', { exact: true }).waitFor();
    await tabTo(/^Plate Number$/);
    await page.keyboard.type('LEA 1989');
    await tabTo(/^Confirm and pay ₱/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/reservation\//);
    await page.getByTestId('reservation-status').filter({ hasText: 'CONFIRMED' }).waitFor();

    await tabTo(/^Cancel Reservation$/);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Cancel this reservation?', { exact: true }).waitFor();
    await tabTo(/^Cancel Reservation$/);
    await page.keyboard.press('Enter');
    await page.getByTestId('reservation-status').filter({ hasText: 'CANCELLED' }).waitFor();
    await page.getByText('Reservation Cancelled', { exact: true }).first().waitFor();
    await page
      .getByText(/^₱[\d,.]+ refunded to your wallet\.$/)
      .first()
      .waitFor();
  });

  test("opens the header's menus, closes them with Escape back on their button, and follows a link", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${baseURL}/wallet`);
    await page.getByRole('heading', { level: 1, name: 'Wallet', exact: true }).waitFor();
    await tabTo(/^Account menu /);
    await page.keyboard.press('Enter');
    const logOut = page.getByRole('button', { name: 'Log out', exact: true });
    await logOut.waitFor();
    await page.keyboard.press('Escape');
    await logOut.waitFor({ state: 'hidden' });
    expect(await focusedName()).toMatch(/^Account menu /);

    await tabTo(/^Open menu$/);
    await page.keyboard.press('Enter');
    await tabTo(/^History$/, 10);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'History', exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Screens', exact: true }).waitFor({ state: 'hidden' });
  });

  test('opens and closes the account menu in a browser without popovers (before Chrome 114, Safari 17)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    await context.addInitScript(() => {
      delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
    });
    await signInThroughApi(context, 'driver@parkada.ph', 'parkada-demo');
    const old = await context.newPage();
    await old.goto(`${baseURL}/wallet`);
    const account = old.getByRole('button', { name: /^Account menu / });
    const logOut = old.getByRole('button', { name: 'Log out', exact: true });
    await account.waitFor();
    expect(await logOut.isVisible()).toBe(false);
    await account.click();
    await logOut.waitFor();
    expect(await account.getAttribute('aria-expanded')).toBe('true');
    await old.keyboard.press('Escape');
    await logOut.waitFor({ state: 'hidden' });
    await context.close();
  });
});
