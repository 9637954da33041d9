import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './browser';

/** What a pointer can operate: links, form fields, buttons and the ARIA widgets that act as them. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="slider"]',
].join(',');

/** Widgets with one Tab stop whose members are reached with the arrow keys (WAI-ARIA roving focus). */
const ROVING_GROUPS = '[role="tablist"], [role="radiogroup"], [role="toolbar"], [role="menu"], [role="listbox"]';

/**
 * Marks every visible, enabled control with the Tab stop it belongs to (`data-tab-stop`): its own, or
 * its roving group's, or its radio set's. Returns the stops with a description of each.
 */
function markTabStops(selectors: { controls: string; groups: string }): Record<string, string> {
  const stops: Record<string, string> = {};
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(
      element.getAttribute('aria-label') ??
      element.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}"`;
  let next = 0;
  const groupIds = new Map<Element | string, string>();
  for (const element of Array.from(document.querySelectorAll<HTMLElement>(selectors.controls))) {
    const box = element.getBoundingClientRect();
    const hidden =
      box.width === 0 ||
      box.height === 0 ||
      getComputedStyle(element).visibility === 'hidden' ||
      element.closest('[inert], [aria-hidden="true"]') !== null ||
      (element as HTMLButtonElement).disabled === true ||
      element.getAttribute('aria-disabled') === 'true';
    if (hidden) continue;
    const radioName = element instanceof HTMLInputElement && element.type === 'radio' && element.name ? `radio:${element.name}` : null;
    const group = element.closest(selectors.groups) ?? radioName ?? element;
    let id = groupIds.get(group);
    if (!id) {
      id = String(next++);
      groupIds.set(group, id);
      stops[id] = describe(typeof group === 'string' ? element : group);
    }
    element.dataset.tabStop = id;
  }
  return stops;
}

const TAB = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 };

/**
 * Presses Tab `times` times: the key events Playwright's `keyboard.press` sends, but all sent at once,
 * which the page still handles one after another, in order. Pressed one by one, awaiting each, a press
 * cost about 13 ms of processor time; sent together, 3 (docs/performance.md, The suite).
 */
async function pressTab(session: CDPSession, times: number) {
  await Promise.all(
    Array.from({ length: times }, () => [
      session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...TAB }),
      session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...TAB }),
    ]).flat(),
  );
}

/** One walk: Tab from the top of the page until focus comes round again; the stops it never reached. */
async function unreachedStops(page: Page, screen: string): Promise<string[]> {
  const stops = await page.evaluate(markTabStops, { controls: CONTROLS, groups: ROVING_GROUPS });
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { tabStopsSeen: string[] }).tabStopsSeen = seen;
    document.addEventListener('focusin', (event) => {
      const stop = (event.target as Element).closest<HTMLElement>('[data-tab-stop]')?.dataset.tabStop;
      seen.push(stop ?? '');
    });
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const seen = () => page.evaluate(() => (window as unknown as { tabStopsSeen: string[] }).tabStopsSeen);
  // Tab until focus comes round to the first stop again, or the page has had two passes' worth.
  const limit = 2 * Object.keys(stops).length + 10;
  const session = await page.context().newCDPSession(page);
  try {
    for (let pressed = 0; pressed < limit; pressed += 10) {
      await pressTab(session, 10);
      const visited = await seen();
      if (visited.length > 1 && visited.indexOf(visited[0], 1) > 0) break;
    }
  } finally {
    await session.detach();
  }
  const reached = new Set(await seen());
  return Object.entries(stops)
    .filter(([id]) => !reached.has(id))
    .map(([, description]) => `${screen}: Tab never reaches ${description}`);
}

/**
 * Resolves once the page has gone half a second without a change to its elements: whatever it was
 * replacing, however long that took, is done (the quiet spans the map's 200 ms wait before it searches
 * again). A page that never stops changing (a ticking clock) is walked again after 10 s.
 */
const domQuiet = (page: Page) =>
  page.evaluate(
    ({ quiet, most }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const cap = setTimeout(done, most);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        function done() {
          clearTimeout(timer);
          clearTimeout(cap);
          observer.disconnect();
          resolve();
        }
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    { quiet: 500, most: 10_000 },
  );

/**
 * Fails unless pressing Tab from the top of the page reaches every visible control (each roving
 * widget once), so nothing on the screen needs a pointer. A screen may still be replacing what it
 * shows (Find Parking searches again when the map settles at a new width): a walk that missed controls
 * is walked once more when the page has stopped changing and settled again, and only a second miss fails.
 */
export async function expectKeyboardReachable(page: Page, screen: string) {
  if ((await unreachedStops(page, screen)).length === 0) return;
  await domQuiet(page);
  await settled(page);
  expect(await unreachedStops(page, screen)).toEqual([]);
}
