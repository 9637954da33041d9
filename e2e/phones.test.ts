/**
 * A phone handed on from one browser file's person to the next file's (e2e/phones.ts) carries nothing of
 * the last person a page or the app could see, and one changed in a way a wipe cannot undo is closed.
 */
import { expect } from 'vitest';
import { baseURL, PHONE, test } from './browser';
import { handOnPhones, takePhone, watchPhone } from './phones';

/** A file of the app's own origin that runs no script of the app: the storage below is the test's alone. */
const ORIGIN_PAGE = `${baseURL}/manifest.webmanifest`;

test('a phone handed on carries nothing of its last person, and one a wipe cannot undo is closed', async ({ browser }) => {
  const page = watchPhone(await (await browser.newContext({ viewport: PHONE.viewport })).newPage());
  const located = watchPhone(await (await browser.newContext({ viewport: PHONE.viewport })).newPage());
  await located.context().grantPermissions(['geolocation'], { origin: baseURL });

  await page.context().addCookies([
    { name: 'last_person', value: 'theirs', url: baseURL },
    { name: 'last_person', value: 'theirs', url: 'http://127.0.0.1' },
  ]);
  await page.goto(ORIGIN_PAGE);
  await page.evaluate(async () => {
    localStorage.setItem('last_person', 'theirs');
    sessionStorage.setItem('last_person', 'theirs');
    await new Promise((resolve) => Object.assign(indexedDB.open('last_person'), { onsuccess: resolve }));
  });
  await page.goto(`${ORIGIN_PAGE}?again`);
  let heard = 0;
  page.on('console', () => heard++);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });

  await handOnPhones(browser, baseURL, PHONE);
  expect(located.isClosed()).toBe(true);
  expect(await takePhone(browser, { 'CF-Connecting-IP': '2001:db8::f0' })).toBe(page);
  expect(page.url()).toBe('about:blank');
  expect(await page.context().cookies()).toEqual([]);
  expect(page.viewportSize()).toEqual(PHONE.viewport);

  await page.goto(ORIGIN_PAGE);
  const left = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).map(({ name }) => name),
    history: history.length,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
  }));
  expect(left).toEqual({ local: 0, session: 0, databases: [], history: 2, dark: false });
  // The last person's listener would hear this line before the next person's does.
  const logged = page.waitForEvent('console');
  await page.evaluate(() => console.log('the next person'));
  await logged;
  expect(heard).toBe(0);
});
