/**
 * The signed-out `/` is the landing page prerendered at build: it loads no JavaScript at all, and its
 * links open the app and its footer's the public pages. A newer version of the Terms is accepted once. Signed in, `/` is Find Parking; signed out again, the landing page is back.
 * Signed in, every screen's page paints its first lines (the header's frame, Find Parking's heading)
 * before any script runs (worker/auth/app-pages.ts).
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { SITE_PAGES } from '../core/legal';
import { expectAccessible } from './axe';
import { baseURL, logOut, reportPageOnFailure, signInThroughApi, signUpDriver, test } from './browser';

let page: Page;

test.beforeAll(async ({ people }) => {
  page = await people.signedOut();
});
reportPageOnFailure(() => page);

/** The scripts the page fetches while `act` runs. */
async function scriptsFetchedBy(act: () => Promise<unknown>) {
  const scripts: string[] = [];
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', onRequest);
  try {
    await act();
  } finally {
    page.off('request', onRequest);
  }
  return scripts;
}

describe('the landing page', () => {
  test('loads no JavaScript for a visitor, and Sign In opens the app', async () => {
    const scripts = await scriptsFetchedBy(async () => {
      await page.goto(baseURL, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Find. Reserve. Park Smart.', exact: true }).waitFor();
    });
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await page.getByLabel('Email Address', { exact: true }).fill('driver@parkada.ph');
    await page.getByLabel('Password', { exact: true }).fill('parkada-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Find Parking', exact: true }).waitFor();
  });

  test('is Find Parking at / when signed in, and the landing page again after logging out', async () => {
    await page.goto(baseURL);
    await page.getByRole('heading', { level: 1, name: 'Find Parking', exact: true }).waitFor();

    await logOut(page);
    await page.getByRole('heading', { level: 1, name: 'Find. Reserve. Park Smart.', exact: true }).waitFor();
    const scripts = await scriptsFetchedBy(() => page.reload({ waitUntil: 'networkidle' }));
    expect(scripts).toEqual([]);
    await page.getByRole('heading', { level: 1, name: 'Find. Reserve. Park Smart.', exact: true }).waitFor();
  });

  test("paints a signed-in screen's first lines before any script runs, and checks the session beside the scripts", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    await signInThroughApi(context, 'driver@parkada.ph', 'parkada-demo');
    const shell = await context.newPage();
    await shell.goto(baseURL);
    await shell.getByRole('heading', { level: 1, name: 'Find Parking', exact: true }).waitFor();
    await shell.getByRole('banner').getByRole('link', { name: 'Parkada', exact: true }).waitFor();
    await shell.goto(`${baseURL}/reservations`);
    await shell.getByRole('status', { name: 'Loading', exact: true }).waitFor();
    await shell.getByRole('banner').getByRole('link', { name: 'Parkada', exact: true }).waitFor();
    await context.close();

    // With scripts, the page preloads the session's check and the app takes that answer: asked for once.
    const sessionChecks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') sessionChecks.push(request.url());
    });
    await signInThroughApi(page.context(), 'driver@parkada.ph', 'parkada-demo');
    await page.goto(`${baseURL}/reservations`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'My Reservations', exact: true }).waitFor();
    expect(await page.locator('link[rel="preload"][href="/api/auth/user"]').count()).toBe(1);
    expect(sessionChecks).toHaveLength(1);
    await logOut(page);
    // Logging out is a navigation of its own (/api/logout, then /): the next test's goto must not cut it.
    await page.getByRole('heading', { level: 1, name: 'Find. Reserve. Park Smart.', exact: true }).waitFor();
  });

  test('opens About Us, How It Works, the Privacy Policy and the Terms from its footer', async () => {
    for (const { to, label } of SITE_PAGES) {
      await page.goto(baseURL);
      await page.getByRole('navigation', { name: 'Quick links', exact: true }).getByRole('link', { name: label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(to);
    }
  });

  test('asks a signed-in user to accept a newer version of the Terms once, before the app', async ({ people }) => {
    const consent = await people.signedOut();
    await signUpDriver(consent, { firstName: 'Lea', lastName: 'Salonga', mobile: '+63 917-5550123', password: 'miss-saigon-89' });
    // As if a new version was published after this driver accepted: the session's first read says an older one.
    await consent.route('**/api/auth/user', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), termsVersion: '2020-01-01' } });
    });
    await consent.goto(baseURL);
    await consent.getByRole('heading', { level: 1, name: 'We updated our Terms and Privacy Policy', exact: true }).waitFor();
    await expectAccessible(consent, 'consent');
    await consent.unroute('**/api/auth/user');
    await consent.getByRole('button', { name: 'Accept', exact: true }).click();
    await consent.getByRole('heading', { level: 1, name: 'Find Parking', exact: true }).waitFor();
    await consent.reload();
    await consent.getByRole('heading', { level: 1, name: 'Find Parking', exact: true }).waitFor();
    await consent.context().close();
  });
});
