import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterEach, test as base, expect, inject } from 'vitest';
import { CHROMIUM_FLAGS } from '../test-support/chromium-flags';
import { CURRENT_VERSIONS } from '../core/legal';
import { writePlateVideo, writeQrVideo } from '../test-support/fake-camera';
import { handOnPhones, type PhoneSettings, takePhone, watchPhone } from './phones';

/** The app the global set-up started (e2e/start-app.ts). */
export const baseURL = inject('baseURL');

/** This machine is slow to build pages on first load; waits are generous, never sleeps. */
const WAIT_MS = 90_000;

/** How a person's phone is set: its screen, and waits for this machine (e2e/phones.ts). */
export const PHONE: PhoneSettings = { viewport: { width: 390, height: 844 }, timeoutMs: WAIT_MS };

/** A phone-sized page in a context of its own (its own cookies): a phone an earlier file's person left, wiped (e2e/phones.ts), or a new one. */
async function newPhonePage(browser: Browser): Promise<Page> {
  const handed = await takePhone(browser, ownAddress());
  if (handed) return handed;
  const context = await browser.newContext({ viewport: PHONE.viewport });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  return watchPhone(await context.newPage());
}

let clients = 0;
/** This test worker's own block of addresses: workers run files at once, each counts its contexts. */
const workerBlock = Array.from(crypto.getRandomValues(new Uint16Array(2)), (group) => group.toString(16)).join(':');

/**
 * Every browser context is a client of its own, as each real phone is: its requests carry their own
 * address (IPv6 documentation range, in a block of the test worker's own) in CF-Connecting-IP, which the local runtime keeps when a client
 * sends it (Cloudflare's edge sets it itself). All browser tests run from one machine, and without
 * this the per-address sign-in and sign-up limits would couple unrelated tests.
 */
const ownAddress = () => ({ 'CF-Connecting-IP': `2001:db8:${workerBlock}::${(++clients).toString(16)}` });

/**
 * Every context `browser` opens is set up as a person's phone: an address of its own, reduced motion,
 * the service worker only where the file is about it, and an API client that resends a reset request.
 */
function asPhones(browser: Browser, serviceWorkers: ServiceWorkers): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) =>
    resendOnReset(
      await newContext({
        // As a person who asked their phone for less motion: screens settle at once, and the machine is
        // spared drawing transitions no assertion reads (web/styles.css, Reduced motion).
        reducedMotion: 'reduce',
        serviceWorkers,
        ...options,
        extraHTTPHeaders: { ...ownAddress(), ...options.extraHTTPHeaders },
      }),
    );
  return browser;
}

/**
 * The app's server (workerd) closes a connection idle for 5 s without saying so beforehand (no
 * `Keep-Alive: timeout` header, which Node's own servers send), and a context's API client (`request`)
 * keeps its connections open: a request written as one closes is reset before the app reads it
 * (ECONNRESET; a full run met one). A browser sends such a request again on a new connection, and so
 * does this client, once (Playwright's `maxRetries` retries that error alone).
 */
function resendOnReset(context: BrowserContext): BrowserContext {
  const fetch = context.request.fetch.bind(context.request);
  context.request.fetch = (urlOrRequest, options = {}) => fetch(urlOrRequest, { maxRetries: 1, ...options });
  return context;
}

/**
 * Which build a browser is: Chromium's headless shell, the same engine without the browser's own layer
 * and about a quarter less processor time a file, for what a page does; or the full Chrome or Chromium,
 * for what only the browser itself does (a push service's subscription, an offer to install the app,
 * the plate scenes a fake camera films, which were tuned on its rendering). Both as the global set-up found them (scripts/chromium.ts).
 */
type Build = 'headless shell' | 'full';

/**
 * The service worker runs where a file is about what it does: the full Chromium's files (Web Push,
 * the install offer, the pages kept for offline) and the gate's camera (the gate offline, `cameraIn`).
 * In the headless shell's other files a context blocks it: each install precached the app's 138 files,
 * about a core-second a context (39 a run), and no assertion there reads it (docs/performance.md, The suite).
 */
type ServiceWorkers = NonNullable<BrowserContextOptions['serviceWorkers']>;
const serviceWorkersIn = (build: Build): ServiceWorkers => (build === 'full' ? 'allow' : 'block');

/** Headless, with no background traffic (this machine has no internet). */
const chromiumOptions = (build: Build, extraArgs: string[] = []) => ({
  executablePath: inject(build === 'full' ? 'chromiumPath' : 'headlessShellPath'),
  // One renderer for a context's pages of the app, not one per page: about a tenth of a browser file's CPU.
  args: [...CHROMIUM_FLAGS, '--process-per-site', ...extraArgs],
});

/** The browser of a test worker or file; `extraArgs` e.g. for a fake camera. */
async function launchBrowser(build: Build, extraArgs: string[] = [], serviceWorkers = serviceWorkersIn(build)): Promise<Browser> {
  return asPhones(await chromium.launch(chromiumOptions(build, extraArgs)), serviceWorkers);
}

/** A fixture's own browser of `build`, closed when the fixture's scope ends. */
const ownBrowser =
  (build: Build) =>
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from the pattern of its first parameter.
  async ({}, { onCleanup }: { onCleanup: (close: () => Promise<void>) => void }) => {
    const browser = await launchBrowser(build);
    onCleanup(() => browser.close());
    return browser;
  };

/**
 * A phone-sized page in a browser profile of its own on disk, as a phone's browser is: Chromium offers
 * to install an app only outside incognito, which every `browser.newContext` is. Close its context.
 */
export async function phoneWithProfile(): Promise<Page> {
  const context = resendOnReset(
    await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'parkada-profile-')), {
      ...chromiumOptions('full'),
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
      extraHTTPHeaders: ownAddress(),
    }),
  );
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  return context.pages()[0] ?? context.newPage();
}

/**
 * Signs `context` in through the API, as the sign-in form does, so that its pages open signed in: for
 * tests that are not about signing in (those fill the form, see signIn).
 */
export async function signInThroughApi(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post(`${baseURL}/api/auth/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The people of a test file: each a phone-sized page in a context of their own (cookies, address). */
export type People = {
  signedOut(): Promise<Page>;
  /** Signed in through the API; the page is blank until the test opens a screen. */
  signedIn(email: string, password: string): Promise<Page>;
};

/** A gate's browser whose camera films what `film` or `filmPlate` last drew: a QR code's text, or a car's plate (test-support/fake-camera.ts). */
export type Camera = {
  film(text: string): void;
  /** Read right only in the full Chromium's camera (`testFilmingPlates`). */
  filmPlate(plate: string): Promise<void>;
  /** A desktop-sized gate page in this browser, signed in through the API; blank until a screen is opened. */
  signedIn(email: string, password: string): Promise<Page>;
};

/**
 * A gate's browser of the file's own, of `build`, whose camera films what the test last drew. The gate
 * works offline, so its pages keep the service worker in either build.
 */
const cameraIn =
  (build: Build) =>
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from the pattern of its first parameter.
  async ({}, { onCleanup }: { onCleanup: (close: () => Promise<void>) => void }): Promise<Camera> => {
    // Chromium reads the video each time the camera starts: a test draws the next code before a scan.
    const video = join(mkdtempSync(join(tmpdir(), 'parkada-camera-')), 'camera.y4m');
    writeQrVideo(video, 'nothing yet');
    const fakeCamera = [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ];
    const browser = await launchBrowser(build, fakeCamera, 'allow');
    onCleanup(() => browser.close());
    return {
      film: (text) => writeQrVideo(video, text),
      filmPlate: (plate) => writePlateVideo(browser, video, plate),
      signedIn: async (email, password) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        context.setDefaultTimeout(WAIT_MS);
        await signInThroughApi(context, email, password);
        return context.newPage();
      },
    };
  };

/**
 * The browser tests' one set-up, as vitest fixtures: `browser` is launched once per test worker
 * (`workerBrowser`) and shared by the files it runs one after another, and every context a file opened
 * in it is closed when the file ends; `people` opens the file's pages; `camera`, for the files that scan codes at the gate,
 * is a headless shell of the file's own with a fake camera. Hooks take them as
 * `test.beforeAll(async ({ people }) => …)`, tests as `test('…', async ({ people }) => …)`.
 */
export const test = base
  .extend('workerBrowser', { scope: 'worker' }, ownBrowser('headless shell'))
  .extend('browser', { scope: 'file' }, async ({ workerBrowser }, { onCleanup }) => {
    // A worker runs its files one after another: what is open when a file ends is that file's, and its
    // people's phones are wiped for the next file's (e2e/phones.ts).
    onCleanup(() => handOnPhones(workerBrowser, baseURL, PHONE));
    return workerBrowser;
  })
  .extend('people', { scope: 'file' }, async ({ browser }): Promise<People> => {
    return {
      signedOut: () => newPhonePage(browser),
      signedIn: async (email, password) => {
        const page = await newPhonePage(browser);
        await signInThroughApi(page.context(), email, password);
        return page;
      },
    };
  })
  .extend('camera', { scope: 'file' }, cameraIn('headless shell'));

/** Fills and sends the sign-in form, for tests of signing in itself. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Answered, whether signed in or refused: a navigation right after the click would cancel it.
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login'),
    page.getByRole('button', { name: 'Sign In', exact: true }).click(),
  ]);
}

/**
 * Closes the toasts on screen with their ×, as a person would who wants what is under them: on a phone
 * they sit over the header, and one stays while the pointer rests on it (Radix pauses its timer), so
 * a click on the account menu under it waited on it for good. One that goes by itself meanwhile is gone.
 */
async function closeToasts(page: Page) {
  const toasts = page.getByRole('region', { name: 'Notifications (F8)', exact: true }).getByRole('listitem');
  // A few at most are ever on screen; one that will not close is left for the click after to report.
  for (let tries = 0; tries < 5 && (await toasts.count()) > 0; tries++)
    await toasts
      .first()
      .getByRole('button', { name: 'Close', exact: true })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
}

export async function logOut(page: Page) {
  await closeToasts(page);
  await page.getByRole('button', { name: /^Account menu \S+$/ }).click();
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
}

/** When a test fails, print where the page was and what it showed, so a CI log explains the failure. */
export function reportPageOnFailure(getPage: (test: { id: string }) => Page | undefined) {
  afterEach(async ({ task }) => {
    const page = getPage(task);
    if (task.result?.state !== 'fail' || !page) return;
    const text = await page
      .locator('body')
      .innerText({ timeout: 5_000 })
      .catch((error: Error) => `(no body text: ${error.message})`);
    console.error(`Page at failure: ${page.url()}\n${text.slice(0, 2_000)}`);
  });
}

/** A fresh driver signed up through the API; the page's context keeps the session cookie. Returns the e-mail. */
export async function signUpDriver(page: Page, person: { firstName: string; lastName: string; mobile: string; password: string }) {
  const email = uniqueEmail(person.firstName);
  const res = await page.request.post(`${baseURL}/api/auth/signup`, {
    data: { ...person, ...CURRENT_VERSIONS, email, role: 'parking_user' },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** An e-mail no other test makes, even one signing up in the same millisecond. */
export function uniqueEmail(name: string) {
  return `${name.toLowerCase()}.${crypto.randomUUID().slice(0, 12)}@example.ph`;
}

/**
 * Waits until a screen has settled: no spinner, skeleton or busy region left (a screen that never
 * settles fails here), and every transition and finite animation ended (colours fade in; a transition
 * that another replaces ends too).
 */
export async function settled(page: Page) {
  // Checked every 100 ms rather than every frame: asking for each frame keeps the page drawing frames
  // while it waits, about five times the processor time (docs/performance.md, The suite).
  await page.waitForFunction(() => !document.querySelector('.animate-spin, .animate-pulse, [aria-busy="true"]'), undefined, {
    polling: 100,
    timeout: 30_000,
  });
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

export const THEMES = ['light', 'dark'] as const;

/** The theme as the app shows it: the system's preference, and the class the app sets from it on load (web/lib/theme.ts). */
export async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
}

const ARTIFACTS = join(import.meta.dirname, 'artifacts');

/**
 * Screenshots for review (`npm run screens`), not for `npm test`: encoding full pages cost the
 * suite about 20 core-seconds (docs/performance.md, The suite).
 */
export const SAVE_SCREENSHOTS = process.env.PARKADA_SCREENSHOTS === '1';
/** The themes a layout check visits: both only when their pictures are saved for review. */
const REVIEW_THEMES = SAVE_SCREENSHOTS ? THEMES : (['light'] as const);

/**
 * The page as it is now at a phone's and a desktop's width, without reloading it (state such as a
 * dialog stays): at each, nothing may scroll sideways. A theme changes colours, not layout, so the
 * widths are checked in light; with SAVE_SCREENSHOTS each width is also saved in light and dark for
 * review (e2e/artifacts/`label`-width-theme.png). The page is left light, at the width it had.
 */
export async function checkScreens(page: Page, label: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const viewport = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of REVIEW_THEMES) {
      await showTheme(page, theme);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} at ${width} px (${theme})`).toBeLessThanOrEqual(
        width,
      );
      if (SAVE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, `${label}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await showTheme(page, 'light');
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * The same fixtures, the file's pages opened in the full Chromium (a browser of the file's own), for
 * what only the browser itself does: a push service's subscription and the pushes it shows (Settings).
 */
export const testInFullChromium = test.extend('browser', { scope: 'file' }, ownBrowser('full'));

/**
 * The same fixtures, the camera a full Chromium's: the plate scenes it films were tuned on that
 * browser's rendering, and drawn by the headless shell one read short (NCR 7310 as NCR 731).
 */
export const testFilmingPlates = test.extend('camera', { scope: 'file' }, cameraIn('full'));
