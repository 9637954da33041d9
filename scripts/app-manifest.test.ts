/**
 * The manifest's promises hold in the build's files: each icon is a PNG of its stated size under
 * public/, the start is inside the scope, and each shortcut is a screen of the app's routes.
 * (Chromium's own verdict on the built app: e2e/landing.test.ts, "the installable app".)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_MANIFEST } from './app-manifest';

const routeTree = readFileSync('web/routeTree.gen.ts', 'utf8');

/** A PNG's width × height, from its header chunk. */
function pngSize(path: string) {
  const file = readFileSync(`public${path}`);
  expect(file.subarray(1, 4).toString()).toBe('PNG');
  return `${file.readUInt32BE(16)}x${file.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('names icons of 192 and 512 pixels and a maskable one, each a PNG of its size', () => {
    const icons = APP_MANIFEST.icons ?? [];
    for (const icon of icons) expect(pngSize(icon.src)).toBe(icon.sizes);
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('starts inside its scope, standalone', () => {
    expect(APP_MANIFEST.start_url?.startsWith(APP_MANIFEST.scope ?? '')).toBe(true);
    expect(APP_MANIFEST.display).toBe('standalone');
  });

  it("opens Find Parking, My Reservations and Wallet, each a route of the app's", () => {
    const shortcuts = APP_MANIFEST.shortcuts ?? [];
    expect(shortcuts.map((shortcut) => shortcut.name)).toEqual(['Find Parking', 'My Reservations', 'Wallet']);
    const fullPaths = routeTree.slice(routeTree.indexOf('fullPaths:'), routeTree.indexOf('fileRoutesByTo'));
    for (const { url } of shortcuts) expect(fullPaths).toContain(`| '${url}'\n`);
  });
});
