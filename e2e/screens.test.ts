/**
 * Every screen of the route table, for the role that sees it, opened once (a role's screens one after
 * another in one page, through the app's router) and then checked at a 375 × 812 phone and a
 * 1280 × 800 desktop, as opened and with each of its tabs, light and dark:
 * - no sideways scroll, no uncaught page error, and no request to any host but the app's own and the
 *   map tiles' (whose name resolves to nothing in the test browser, e2e/browser.ts); with
 *   `npm run screens`, screenshots saved for review in e2e/artifacts/screens;
 * - axe-core finds no WCAG 2.1 A/AA violation: all its rules in light, and in dark the rules a theme
 *   can change (colours); Tab reaches every control of the screen as loaded.
 * The owner's Reports are also read over the demo owner's 90 days of history, where tables and charts fill.
 * Then what axe cannot see: focus stays in a dialog and returns to its opener, and a toast is read out.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEFAULT_TILE_ORIGIN } from '../core/map-tiles';
import { WEEKDAYS_MASK } from '../core/monthly-passes';
import { addDays, manilaDate, MINUTE_MS } from '../core/time';
import { DEMO_HISTORY_DAYS } from '../worker/seed/demo-history';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { expectAccessible, expectColoursAccessible } from './axe';
import { baseURL, reportPageOnFailure, SAVE_SCREENSHOTS, settled, showTheme, signInThroughApi, test, THEMES } from './browser';
import { FIXTURE_PASSWORD, ownLotWithAttendant, signUp, topUpWallet } from './fixtures';
import { expectKeyboardReachable } from './keyboard';

const ARTIFACTS = join(import.meta.dirname, 'artifacts', 'screens');
const LOT = 'Fairview Screens Carpark';
if (SAVE_SCREENSHOTS) mkdirSync(ARTIFACTS, { recursive: true });
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

type Who = 'signed-out' | 'driver' | 'owner' | 'attendant' | 'admin';
const DEMO_EMAIL: Record<Exclude<Who, 'signed-out' | 'driver'>, string> = {
  owner: 'owner@parkada.ph',
  attendant: 'attendant@parkada.ph',
  admin: 'admin@parkada.ph',
};

const ids = { lot: '', reservation: '', receipt: '' };
const today = () => manilaDate(Date.now());

/** Each screen: who sees it, its path (ids known once the set-up ran) and a name for its artefact. */
const SCREENS: Array<{ who: Who; name: string; path: () => string }> = [
  { who: 'signed-out', name: 'landing', path: () => '/' },
  { who: 'signed-out', name: 'signup', path: () => '/signup' },
  { who: 'signed-out', name: 'login', path: () => '/login' },
  { who: 'signed-out', name: 'forgot-password', path: () => '/forgot-password' },
  // The pages e-mailed links open, with a link that opens nothing (what a used or expired link shows).
  { who: 'signed-out', name: 'reset-password', path: () => `/reset-password?token=${'x'.repeat(64)}` },
  { who: 'signed-out', name: 'verify-email', path: () => `/verify-email?token=${'x'.repeat(64)}` },
  { who: 'signed-out', name: 'not-found', path: () => '/no-such-page' },
  { who: 'signed-out', name: 'about', path: () => '/about' },
  { who: 'signed-out', name: 'how-it-works', path: () => '/how-it-works' },
  { who: 'signed-out', name: 'privacy', path: () => '/privacy' },
  { who: 'signed-out', name: 'terms', path: () => '/terms' },
  { who: 'driver', name: 'find-parking', path: () => '/' },
  { who: 'driver', name: 'lots', path: () => `/lots/${ids.lot}` },
  { who: 'driver', name: 'reservation', path: () => `/reservation/${ids.reservation}` },
  { who: 'driver', name: 'reservations', path: () => '/reservations' },
  { who: 'driver', name: 'wallet', path: () => '/wallet' },
  { who: 'driver', name: 'passes', path: () => '/passes' },
  { who: 'driver', name: 'wallet-statement', path: () => '/wallet/statement' },
  { who: 'driver', name: 'history', path: () => '/history' },
  { who: 'driver', name: 'checkout', path: () => '/checkout' },
  { who: 'driver', name: 'settings', path: () => '/settings' },
  { who: 'driver', name: 'notifications', path: () => '/notifications' },
  // A public page under the app's header.
  { who: 'driver', name: 'privacy-signed-in', path: () => '/privacy' },
  { who: 'driver', name: 'change-password', path: () => '/change-password' },
  { who: 'driver', name: 'receipt', path: () => `/receipt/${ids.receipt}` },
  { who: 'owner', name: 'owner-dashboard', path: () => '/owner' },
  { who: 'owner', name: 'owner-lots', path: () => '/owner/lots' },
  { who: 'owner', name: 'owner-pricing', path: () => '/owner/pricing' },
  { who: 'owner', name: 'owner-reports', path: () => '/owner/reports' },
  // Over the demo owner's history (worker/seed/demo-history.ts): a table row a day, a full heatmap, top customers.
  {
    who: 'owner',
    name: 'owner-reports-history',
    path: () => `/owner/reports?from=${addDays(today(), 1 - DEMO_HISTORY_DAYS)}&to=${today()}`,
  },
  { who: 'owner', name: 'owner-merchants', path: () => '/owner/merchants' },
  // The cashier's page of a merchant link that opens nothing (revoked): what a stale link shows.
  { who: 'signed-out', name: 'merchant-link', path: () => `/m/${'x'.repeat(43)}` },
  { who: 'attendant', name: 'attendant-portal', path: () => '/attendant' },
  { who: 'attendant', name: 'attendant-scan', path: () => '/attendant/scan' },
  { who: 'admin', name: 'admin-dashboard', path: () => '/admin' },
  { who: 'admin', name: 'admin-approvals', path: () => '/admin/approvals' },
  { who: 'admin', name: 'admin-users', path: () => '/admin/users' },
  { who: 'admin', name: 'admin-audit-logs', path: () => '/admin/audit-logs' },
  { who: 'admin', name: 'admin-settings', path: () => '/admin/settings' },
  { who: 'admin', name: 'admin-reviews', path: () => '/admin/reviews' },
];

/** How far the page scrolls sideways, and the widest elements that stick out (for the failure message). */
function sidewaysOverflow() {
  const width = document.documentElement.clientWidth;
  const culprits = Array.from(document.body.querySelectorAll('*'))
    .map((element) => ({ element, right: element.getBoundingClientRect().right }))
    .filter(({ right }) => right > width + 0.5)
    .sort((a, b) => b.right - a.right)
    .slice(0, 3)
    .map(
      ({ element, right }) =>
        `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> to ${Math.round(right)} px`,
    );
  return { by: document.documentElement.scrollWidth - width, culprits: culprits.join('; ') };
}

const contexts = new Map<Who, Promise<BrowserContext>>();

/**
 * A context per role, signed in once (the screens of a role ask for it at the same time). Nothing is
 * routed through playwright: a route turns the context's HTTP cache off, and its pages would fetch
 * the app's files again each.
 */
function contextFor(browser: Browser, who: Who) {
  if (!contexts.has(who)) contexts.set(who, signedInContext(browser, who));
  return contexts.get(who)!;
}

async function signedInContext(browser: Browser, who: Who) {
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  context.setDefaultTimeout(90_000);
  if (who === 'driver') await signUpDriverWithBooking(browser, context);
  else if (who !== 'signed-out') await signInThroughApi(context, DEMO_EMAIL[who], DEMO_PASSWORD);
  return context;
}

/** A new driver with a car, money, one completed stay (checked in and out at a lot of this file's own) and one upcoming booking. */
async function signUpDriverWithBooking(browser: Browser, driver: BrowserContext) {
  const { lot, attendant, owner } = await ownLotWithAttendant(browser, { name: LOT });
  ids.lot = lot.id;
  // A monthly pass on sale (the lot page shows it), of which the driver buys one (the Passes screen shows it).
  const product = await owner.context.request.post(`${baseURL}/api/owner/lots/${lot.id}/pass-products`, {
    data: {
      name: 'Weekday commuter',
      priceCents: 50_000,
      schedule: { daysMask: WEEKDAYS_MASK, openMinute: 420, closeMinute: 1200 },
      quantity: 2,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  await signUp(driver, { firstName: 'Regine', lastName: 'Velasquez' });
  const api = driver.request;
  await topUpWallet(api, 200_000);
  expect((await api.post(`${baseURL}/api/user/vehicles`, { data: { plate: 'NCR 7001', make: 'Toyota', model: 'Vios' } })).status()).toBe(
    201,
  );
  const book = async (startInMinutes: number) => {
    const res = await api.post(`${baseURL}/api/reservations`, {
      data: { lotId: ids.lot, start: new Date(Date.now() + startInMinutes * MINUTE_MS).toISOString(), durationHours: 1, plate: 'NCR 7001' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  };
  const pass = await api.post(`${baseURL}/api/monthly-passes`, {
    data: { productId: (await product.json()).id, plate: 'NCR 7001' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(pass.status(), await pass.text()).toBe(201);
  ids.receipt = await book(5);
  ids.reservation = await book(24 * 60);

  const gate = await browser.newContext();
  await signInThroughApi(gate, attendant, FIXTURE_PASSWORD);
  const entered = await gate.request.post(`${baseURL}/api/checkins/enter`, {
    data: { lotId: ids.lot, plate: 'NCR 7001', reservationId: ids.receipt },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  const exited = await gate.request.post(`${baseURL}/api/checkins/${(await entered.json()).id}/exit`, {
    data: { lotId: ids.lot, plate: 'NCR 7001' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(exited.status(), await exited.text()).toBe(200);
  await gate.close();
}

/**
 * Visits the screen as it is, then with each of its other tabs selected (only the selected tab's panel
 * is in the page); then selects the tabs as they were, focus nowhere.
 */
async function eachTab(page: Page, visit: (tab?: string) => Promise<void>) {
  const selected = await page.getByRole('tab', { selected: true }).allInnerTexts();
  const others = await page.getByRole('tab', { selected: false }).allInnerTexts();
  await visit();
  for (const name of [...others, ...selected]) {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    if (others.includes(name)) await visit(name);
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Each test's page, for the report of a failure: the tests run at the same time. */
const pages = new Map<string, Page>();
reportPageOnFailure((test) => pages.get(test.id));

/** Each role's one page, which its screens are opened in one after another (`onRolePage`). */
const rolePages = new Map<Who, Page>();
const turns = new Map<Who, Promise<unknown>>();

/**
 * Runs `visit` on the role's page once the role's screen before it is done. A person moves between
 * screens without reloading the app, so its files are fetched and compiled, and axe put in the page,
 * once per role rather than once per screen. A visit that fails closes the page: the next screen
 * starts in a new one.
 */
function onRolePage(browser: Browser, who: Who, visit: (page: Page) => Promise<void>) {
  const turn = (turns.get(who) ?? Promise.resolve()).then(async () => {
    const page = rolePages.get(who) ?? (await (await contextFor(browser, who)).newPage());
    rolePages.set(who, page);
    try {
      await visit(page);
    } catch (error) {
      rolePages.delete(who);
      await page.close();
      throw error;
    }
  });
  turns.set(
    who,
    turn.catch(() => undefined),
  );
  return turn;
}

/**
 * Opens the screen at `path` as loaded at a phone's width in light: through the app's router when the
 * page runs the app (its router follows history.pushState as it follows its own links), else by
 * loading it (a role's first screen, the screen after the landing page, which is prerendered without
 * the app, and a screen at the path of the one before). Returns once the new screen's heading is in the page.
 */
async function open(page: Page, path: string) {
  await page.setViewportSize(VIEWPORTS[0]);
  await showTheme(page, 'light');
  const routed = await page.evaluate((to) => {
    // The app's router wraps pushState (the browser's own says "[native code]"); a new search on the
    // same path keeps the screen, and its heading, in place.
    if (history.pushState.toString().includes('[native code]') || new URL(to, location.href).pathname === location.pathname) return false;
    for (const heading of document.querySelectorAll('h1')) heading.dataset.screenBefore = '';
    const key = crypto.randomUUID().slice(0, 8);
    history.pushState({ __TSR_index: (history.state?.__TSR_index ?? 0) + 1, key, __TSR_key: key }, '', to);
    return true;
  }, path);
  if (!routed) await page.goto(`${baseURL}${path}`);
  await page.locator('h1:not([data-screen-before])').first().waitFor();
}

// A few screens at a time, one per role: the tests come in turn by role.
const roles = [...Map.groupBy(SCREENS, (screen) => screen.who).values()];
const inTurn = Array.from({ length: Math.max(...roles.map((screens) => screens.length)) }, (_, i) =>
  roles.flatMap((screens) => screens[i] ?? []),
).flat();

describe.concurrent('every screen at a phone and a desktop width, light and dark', () => {
  for (const screen of inTurn) {
    test(`${screen.name} (${screen.who}) fits, has no WCAG 2.1 A/AA violation, and Tab reaches every control`, async ({
      browser,
      task,
    }) => {
      await onRolePage(browser, screen.who, async (page) => {
        pages.set(task.id, page);
        const errors: string[] = [];
        const foreign: string[] = [];
        const onError = (error: Error) => errors.push(error.message);
        const onRequest = (request: Request) => {
          const url = new URL(request.url());
          if (url.protocol.startsWith('http') && url.origin !== baseURL && url.origin !== DEFAULT_TILE_ORIGIN) foreign.push(request.url());
        };
        page.on('pageerror', onError);
        page.on('request', onRequest);
        try {
          await open(page, screen.path());
          await page.waitForLoadState('networkidle');
          for (const viewport of VIEWPORTS) {
            await page.setViewportSize(viewport);
            await eachTab(page, async (tab) => {
              const state = `${screen.name}${tab ? `, tab ${tab},` : ''} at ${viewport.width} px`;
              for (const theme of THEMES) {
                await showTheme(page, theme);
                // Colours fade on buttons and cards: the page is read once they have.
                await settled(page);
                if (SAVE_SCREENSHOTS && !tab)
                  await page.screenshot({ path: join(ARTIFACTS, `${screen.name}-${viewport.width}-${theme}.png`), fullPage: true });
                const overflow = await page.evaluate(sidewaysOverflow);
                expect(overflow.by, `${state} (${theme}) scrolls sideways by ${overflow.by} px: ${overflow.culprits}`).toBeLessThanOrEqual(
                  0,
                );
                // axe reads the whole page in light and, in dark, what a theme changes: its colours.
                if (theme === 'light') await expectAccessible(page, `${state} (light)`);
                else await expectColoursAccessible(page, `${state} (dark)`);
                // The same controls at either width and theme: Tab is walked once, from the top of the page as loaded.
                if (!tab && theme === 'light' && viewport.width === 1280) await expectKeyboardReachable(page, screen.name);
              }
            });
          }
          expect(errors, `${screen.name}: uncaught page errors`).toEqual([]);
          expect(foreign, `${screen.name}: requests to other hosts`).toEqual([]);
        } finally {
          page.off('pageerror', onError);
          page.off('request', onRequest);
        }
      });
    });
  }
});

/** The route table's second paths of a screen: each forwards to the one screen checked above, so it is checked by where it lands. */
const ALIASES: Array<{ who: Who; from: () => string; to: () => string }> = [
  { who: 'driver', from: () => `/lot/${ids.lot}`, to: () => `/lots/${ids.lot}` },
  { who: 'owner', from: () => '/owner/dashboard', to: () => '/owner' },
  { who: 'admin', from: () => '/admin/dashboard', to: () => '/admin' },
];

describe('second paths of a screen', () => {
  test('forward to the screen itself', async ({ browser, task }) => {
    for (const alias of ALIASES) {
      const page = await (await contextFor(browser, alias.who)).newPage();
      pages.set(task.id, page);
      await page.goto(`${baseURL}${alias.from()}`);
      await page.waitForURL((url) => url.pathname === alias.to());
      await page.locator('h1').first().waitFor();
      await page.close();
    }
  });
});

describe('keyboard and screen readers', () => {
  test('a dialog keeps focus inside, its error toast is read out, and Escape returns focus to its opener', async ({ browser, task }) => {
    const screen = await (await contextFor(browser, 'driver')).newPage();
    pages.set(task.id, screen);
    await screen.setViewportSize(VIEWPORTS[1]);
    await screen.goto(`${baseURL}/wallet`);
    await screen.locator('h1').first().waitFor();
    await screen.waitForLoadState('networkidle');
    await settled(screen);
    const opener = screen.getByRole('button', { name: 'Top Up', exact: true });
    await opener.focus();
    await screen.keyboard.press('Enter');
    const dialog = screen.getByRole('dialog', { name: 'Top Up Wallet', exact: true });
    await dialog.waitFor();
    const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
    expect(await focusInDialog()).toBe(true);
    for (let step = 0; step < 12; step++) {
      await screen.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }

    // Submitting no amount raises an error toast; Radix reads it out in an assertive live region.
    await dialog.getByLabel('Amount (₱)', { exact: true }).focus();
    await screen.keyboard.press('Enter');
    await screen.locator('[role="status"][aria-live="assertive"]', { hasText: 'Invalid Amount' }).waitFor();

    // Escape closes the topmost layer first: the toast, then the dialog.
    await dialog.getByLabel('Amount (₱)', { exact: true }).focus();
    await screen.keyboard.press('Escape');
    await screen.getByText('Invalid Amount', { exact: true }).first().waitFor({ state: 'hidden' });
    await screen.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await screen.close();
  });
});
