/**
 * People's phones handed on from one browser file to the next of a test worker, as a shop's demo phone
 * is wiped for the next customer, rather than closed and bought new: a new context's first screen cost
 * about 1.7 core-seconds of Chromium, mostly its renderer starting and compiling the app again, and a
 * phone wiped and signed in anew 0.7 (docs/performance.md, The suite).
 *
 * Wiped means nothing of the last person is left that a page or the app can see: the page leaves the app
 * for `about:blank` with its history reset; cookies, local and session storage, IndexedDB, Cache Storage
 * and service workers are cleared; the test's listeners are removed, the viewport, media and timeouts set
 * back; the next person gets an address of their own (e2e/browser.ts). What a wipe cannot undo (an init
 * script, a route, a permission, a fake position or connection, a DevTools session that changed more than
 * input) makes the phone unfit to hand on: it is closed, as is any context with other than one page. The
 * HTTP cache stays, with the app's files; the only private answers in it are stored images by id, which
 * each file makes its own.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** A phone as a new one is set: the viewport, and a timeout generous for this machine. */
export type PhoneSettings = { viewport: { width: number; height: number }; timeoutMs: number };

type Listener = (...args: never[]) => unknown;
/** A page or a context as an emitter of events, whatever their names. */
type Emitter = Record<'on' | 'once' | 'addListener' | 'prependListener' | 'off', (event: string, listener: Listener) => unknown>;
type Added = Array<[Emitter, string, Listener]>;

/** Phones waiting for a person, wiped, per browser. */
const idle = new WeakMap<Browser, Page[]>();
/**
 * Contexts opened as people's phones: the listeners their tests added (removed before the next person),
 * and the phone's own way to give itself the next person's headers (a test's call marks it unfit).
 */
const phones = new WeakMap<BrowserContext, { added: Added; readdress: BrowserContext['setExtraHTTPHeaders'] }>();
/** Phones a test changed in a way a wipe cannot undo. */
const unfit = new WeakSet<BrowserContext>();

const IRREVERSIBLE = [
  'addInitScript',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'exposeBinding',
  'exposeFunction',
  'grantPermissions',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
  'setExtraHTTPHeaders',
] as const;
/** DevTools calls that leave nothing behind: input, and what only reads or clears. */
const HARMLESS_DEVTOOLS = /^(Input\.|Page\.getInstallabilityErrors$|Page\.resetNavigationHistory$|Storage\.clearDataForOrigin$)/;

/** Marks `context` unfit when `method` of `target` is called. */
function markOn(target: object, context: BrowserContext, method: string) {
  const record = target as Record<string, unknown>;
  const original = record[method];
  if (typeof original !== 'function') return;
  record[method] = (...args: unknown[]) => {
    unfit.add(context);
    return original.apply(target, args);
  };
}

/** Keeps each listener a test adds to `target`, to remove it before the next person. */
function keepListeners(target: Emitter, added: Added) {
  for (const method of ['on', 'once', 'addListener', 'prependListener'] as const) {
    const original = target[method];
    target[method] = (event, listener) => {
      added.push([target, event, listener]);
      return original.call(target, event, listener);
    };
  }
}

/** Watches a new phone's page and context for what a wipe cannot undo, and for listeners. */
export function watchPhone(page: Page): Page {
  const context = page.context();
  const added: Added = [];
  phones.set(context, { added, readdress: context.setExtraHTTPHeaders.bind(context) });
  for (const method of IRREVERSIBLE) {
    markOn(context, context, method);
    markOn(page, context, method);
  }
  for (const method of ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor', 'resume'])
    markOn(context.clock, context, method);
  const newSession = context.newCDPSession.bind(context);
  context.newCDPSession = async (target) => {
    const session = await newSession(target);
    const send = session.send.bind(session) as CDPSession['send'];
    session.send = ((method: string, params?: object) => {
      if (!HARMLESS_DEVTOOLS.test(method)) unfit.add(context);
      return send(method as Parameters<CDPSession['send']>[0], params);
    }) as CDPSession['send'];
    return session;
  };
  keepListeners(page as unknown as Emitter, added);
  keepListeners(context as unknown as Emitter, added);
  return page;
}

/** A wiped phone of `browser`, if one waits, its requests sent with `headers` (the next person's address). */
export async function takePhone(browser: Browser, headers: Record<string, string>): Promise<Page | undefined> {
  const page = idle.get(browser)?.pop();
  if (page) await phones.get(page.context())!.readdress(headers);
  return page;
}

/** Wipes a phone for the next person (see above); throws when it cannot. */
async function wipe(page: Page, origin: string, settings: PhoneSettings) {
  const context = page.context();
  for (const [target, event, listener] of phones.get(context)!.added.splice(0)) target.off(event, listener);
  await page.goto('about:blank');
  const session = await context.newCDPSession(page);
  // The origin's cookies, local and session storage, IndexedDB, Cache Storage and service workers.
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await (session.send as (method: string) => Promise<unknown>)('Page.resetNavigationHistory');
  await session.detach();
  // Any other host's too.
  await context.clearCookies();
  await page.setViewportSize(settings.viewport);
  await page.emulateMedia({ colorScheme: 'light', media: null, forcedColors: null, reducedMotion: 'reduce' });
  context.setDefaultTimeout(settings.timeoutMs);
  context.setDefaultNavigationTimeout(settings.timeoutMs);
  page.setDefaultTimeout(settings.timeoutMs);
  page.setDefaultNavigationTimeout(settings.timeoutMs);
}

/**
 * At a file's end: each of `browser`'s phones still fit is wiped and waits for the next file's people;
 * every other context the file opened is closed.
 */
export async function handOnPhones(browser: Browser, origin: string, settings: PhoneSettings) {
  const waiting = idle.get(browser) ?? [];
  idle.set(browser, waiting);
  await Promise.all(
    browser.contexts().map(async (context) => {
      const pages = context.pages();
      const page = pages[0];
      if (waiting.some((phone) => phone.context() === context)) return;
      if (page && pages.length === 1 && phones.has(context) && !unfit.has(context)) {
        try {
          await wipe(page, origin, settings);
          return void waiting.push(page);
        } catch {
          // A phone that cannot be wiped is closed, as an unfit one is.
        }
      }
      await context.close();
    }),
  );
}
