/**
 * axe-core (WCAG 2.1 A/AA) on the screens of every role and of signed-out visitors, in the light and
 * the dark theme: none may have a violation. Then what axe cannot see: Tab reaches every control of
 * each screen, focus stays in a dialog and returns to its opener, and a toast is read out.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../worker/seed/seed';
import { expectAccessible } from './axe';
import { launchBrowser, reportPageOnFailure, settled } from './browser';
import { expectKeyboardReachable } from './keyboard';

const baseURL = inject('baseURL');
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
type Role = (typeof DEMO_ACCOUNTS)[number]['role'];

const SCREENS: { role: Role | null; paths: string[] }[] = [
  { role: null, paths: ['/', '/login', '/signup'] },
  {
    role: 'parking_user',
    paths: [
      '/',
      '/lot',
      '/reservations',
      '/wallet',
      '/wallet/statement',
      '/history',
      '/checkout',
      '/settings',
      '/notifications',
      '/change-password',
    ],
  },
  { role: 'attendant', paths: ['/attendant', '/attendant/scan'] },
  { role: 'owner_admin', paths: ['/owner/dashboard', '/owner/lots', '/owner/pricing', '/owner/reports'] },
  { role: 'super_admin', paths: ['/admin/dashboard', '/admin/approvals', '/admin/users', '/admin/audit-logs', '/admin/settings'] },
];

let browser: Browser;
/** Each test's page, for the report of a failure: the tests run at the same time. */
const pages = new Map<string, Page>();
const sessions = new Map<Role, Awaited<ReturnType<BrowserContext['storageState']>>>();
let lotPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  for (const account of DEMO_ACCOUNTS) {
    const context = await browser.newContext();
    const res = await context.request.post(`${baseURL}/api/auth/login`, { data: { email: account.email, password: DEMO_PASSWORD } });
    if (!res.ok()) throw new Error(`${account.email} could not sign in: ${res.status()}`);
    sessions.set(account.role, await context.storageState());
    if (account.role === 'parking_user') {
      const lots = await (await context.request.get(`${baseURL}/api/lots?q=Greenbelt`)).json();
      lotPath = `/lot/${(Array.isArray(lots) ? lots : lots.items)[0].id}`;
    }
    await context.close();
  }
});
afterAll(() => browser?.close());
reportPageOnFailure((test) => pages.get(test.id));

const contexts = new Map<string, Promise<BrowserContext>>();

/** One context per role and theme, shared by its screens' pages: the app's files are fetched and compiled once. */
function contextFor(role: Role | null, theme: Theme) {
  const key = `${role}:${theme}`;
  if (!contexts.has(key)) contexts.set(key, newContext(role, theme));
  return contexts.get(key)!;
}

async function newContext(role: Role | null, theme: Theme) {
  const context = await browser.newContext({
    colorScheme: theme,
    viewport: { width: 1280, height: 800 },
    storageState: role ? sessions.get(role) : undefined,
  });
  context.setDefaultTimeout(90_000);
  // Map tiles come from another host, which a test never reaches.
  await context.route(
    (url) => url.origin !== baseURL,
    (route) => route.fulfill({ status: 204 }),
  );
  return context;
}

/** A page of `role` (signed out when null) in `theme`, on `path` once it has drawn its heading. */
async function open(test: { id: string }, role: Role | null, theme: Theme, path: string): Promise<Page> {
  const page = await (await contextFor(role, theme)).newPage();
  pages.set(test.id, page);
  await page.goto(`${baseURL}${path === '/lot' ? lotPath : path}`);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await settled(page);
  return page;
}

// Each test is a page of its own: they run a few at a time.
for (const theme of THEMES) {
  describe.concurrent(`${theme} theme`, () => {
    for (const { role, paths } of SCREENS) {
      for (const path of paths) {
        it(`${path} for ${role ?? 'a visitor'} has no WCAG 2.1 A/AA violation${theme === 'light' ? ', and Tab reaches every control' : ''}`, async ({
          task,
        }) => {
          const screen = await open(task, role, theme, path);
          await expectAccessible(screen, `${path} (${theme})`);
          // The same controls in either theme: Tab is walked once, from the top of the page as loaded.
          if (theme === 'light') await expectKeyboardReachable(screen, path);
          // Each tab's panel too: only the selected one is in the page.
          const tabs = screen.getByRole('tab', { selected: false });
          for (const name of await tabs.allInnerTexts()) {
            await screen.getByRole('tab', { name, exact: true }).click();
            await screen.getByRole('tab', { name, exact: true, selected: true }).waitFor();
            await screen.waitForLoadState('networkidle');
            await settled(screen);
            await expectAccessible(screen, `${path}, tab ${name} (${theme})`);
          }
          await screen.close();
        });
      }
    }
  });
}

describe('keyboard and screen readers', () => {
  it('a dialog keeps focus inside, its error toast is read out, and Escape returns focus to its opener', async ({ task }) => {
    const screen = await open(task, 'parking_user', 'light', '/wallet');
    const opener = screen.getByRole('button', { name: 'Top Up' });
    await opener.focus();
    await screen.keyboard.press('Enter');
    const dialog = screen.getByRole('dialog', { name: 'Top Up Wallet' });
    await dialog.waitFor();
    const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
    expect(await focusInDialog()).toBe(true);
    for (let step = 0; step < 12; step++) {
      await screen.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }

    // Submitting no amount raises an error toast; Radix reads it out in an assertive live region.
    await dialog.getByLabel('Amount (₱)').focus();
    await screen.keyboard.press('Enter');
    await screen.locator('[role="status"][aria-live="assertive"]', { hasText: 'Invalid Amount' }).waitFor();

    // Escape closes the topmost layer first: the toast, then the dialog.
    await dialog.getByLabel('Amount (₱)').focus();
    await screen.keyboard.press('Escape');
    await screen.getByText('Invalid Amount').first().waitFor({ state: 'hidden' });
    await screen.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await screen.close();
  });
});
