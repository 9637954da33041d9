/**
 * The signed-out `/` is the landing page prerendered at build: it loads no JavaScript at all, and its
 * links open the app and its footer's the public pages. A newer version of the Terms is accepted once. Signed in, `/` is Find Parking; signed out again, the landing page is back.
 * Signed in, every screen's page paints its first lines (the header's frame, Find Parking's heading)
 * before any script runs (worker/auth/app-pages.ts).
 * The app installs (scripts/app-manifest.ts): Chromium finds it installable, its shortcuts open their
 * screens, the install card comes after a booking and "Not now" sticks, and the pass, the balance and
 * the map tiles seen read offline until logging out (web/features/pwa/, web/lib/map-tiles-cache.ts).
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { SITE_PAGES } from '../core/legal';
import { DEFAULT_TILE_ORIGIN } from '../core/map-tiles';
import { expectAccessible } from './axe';
import { baseURL, logOut, phoneWithProfile, reportPageOnFailure, signInThroughApi, signUpDriver, test } from './browser';
import { topUpWallet } from './fixtures';

/** A map tile as the tile server would send it: a 1×1 PNG. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A demo lot open around the clock (worker/seed/demo-lots.ts). */
const ALL_DAY_LOT = 'The Fort Strip Open Lot';

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

describe('the installable app', () => {
  let driver: Page;
  let reservation: string;
  test.beforeAll(async () => {
    driver = await phoneWithProfile();
    await signUpDriver(driver, { firstName: 'Regine', lastName: 'Velasquez', mobile: '+63 917-5550148', password: 'pangarap-ka-lamang' });
    await topUpWallet(driver.request, 100_000);
    reservation = await booking();
  });
  test.afterAll(() => driver.context().close());

  test('is installable for Chromium, and its shortcuts open Find Parking, My Reservations and the Wallet', async () => {
    await driver.goto(`${baseURL}/wallet`);
    await driver.getByRole('heading', { level: 1, name: 'Wallet', exact: true }).waitFor();
    const cdp = await driver.context().newCDPSession(driver);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const file = await driver.request.get(`${baseURL}/manifest.webmanifest`);
    expect(file.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await file.json()) as { shortcuts: { name: string; url: string }[] };
    const headings = { 'Find Parking': 'Find Parking', 'My Reservations': 'My Reservations', Wallet: 'Wallet' };
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(Object.keys(headings));
    for (const { name, url } of manifest.shortcuts) {
      await driver.goto(new URL(url, baseURL).href);
      await driver.getByRole('heading', { level: 1, name: headings[name as keyof typeof headings], exact: true }).waitFor();
    }
  });

  test("offers Install on a reservation's page, and remembers Not now", async () => {
    const offerInstall = () =>
      driver.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(offer);
      });
    await driver.goto(`${baseURL}/reservation/${reservation}`);
    await driver.getByRole('heading', { level: 2, name: 'QR Pass', exact: true }).waitFor();
    await offerInstall();
    const card = driver.getByRole('region', { name: 'Install Parkada', exact: true });
    await card.getByRole('button', { name: 'Not now', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    await driver.reload();
    await driver.getByRole('heading', { level: 2, name: 'QR Pass', exact: true }).waitFor();
    await offerInstall();
    expect(await card.count()).toBe(0);
  });

  test('keeps the pass, the balance and the map tiles seen readable offline, and forgets them on logging out', async () => {
    const pass = driver.getByRole('img', { name: /^QR pass / });
    await driver.goto(`${baseURL}/wallet`);
    // Installed by the wallet's screen; from then on it answers the page's requests and keeps them. It
    // claims only the pages open as it activates: a page whose load began while it installed (slow
    // under a full run's load) stays outside it, so the wait is for it to be active, then a new load.
    await driver.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await driver.reload();
    expect(await driver.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const balance = await driver.getByTestId('wallet-balance').textContent();
    await driver.goto(`${baseURL}/reservation/${reservation}`);
    await pass.waitFor();
    // The map around the lots, its tiles from a stand-in of the tile server while online.
    await driver
      .context()
      .route(`${DEFAULT_TILE_ORIGIN}/**`, (route) =>
        route.fulfill({ body: TILE, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' } }),
      );
    await driver.goto(`${baseURL}/`);
    await tilesDrawn();
    await driver.context().unrouteAll();

    await driver.context().setOffline(true);
    await driver.reload();
    await tilesDrawn();
    await driver.goto(`${baseURL}/reservation/${reservation}`);
    await pass.waitFor();
    await driver.goto(`${baseURL}/wallet`);
    expect(await driver.getByTestId('wallet-balance').textContent()).toBe(balance);
    await driver.context().setOffline(false);

    await logOut(driver);
    await driver.getByRole('heading', { level: 1, name: 'Find. Reserve. Park Smart.', exact: true }).waitFor();
    expect(await driver.evaluate(() => Promise.all([caches.has('parkada-own'), caches.has('parkada-map-tiles')]))).toEqual([false, false]);
  });

  /** The map of Find Parking shows tiles, every one of them an image the browser could read. */
  const tilesDrawn = () =>
    driver.waitForFunction(() => {
      const tiles = [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
      return tiles.length > 0 && tiles.every((tile) => tile.complete && tile.naturalWidth > 0);
    });

  /** A first booking, tomorrow at a demo lot open all day. */
  async function booking() {
    const lots = await (await driver.request.get(`${baseURL}/api/lots?q=${encodeURIComponent(ALL_DAY_LOT)}`)).json();
    const booked = await driver.request.post(`${baseURL}/api/reservations`, {
      data: { lotId: lots.items[0].id, start: new Date(Date.now() + 24 * 3_600_000).toISOString(), durationHours: 2, plate: 'NBC 1234' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return ((await booked.json()) as { id: string }).id;
  }
});
