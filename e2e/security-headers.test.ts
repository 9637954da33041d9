/// <reference lib="dom" />
/**
 * The app under its content security policy, as served by Workers Static Assets (`_headers`) and the
 * worker: the headers are there, and the map, the theme script and Radix's menus run without a
 * single violation in the console.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { IMMUTABLE_ASSETS } from '../core/security-headers';
import { baseURL, reportPageOnFailure, signUpDriver, test } from './browser';

let page: Page;
const violations: string[] = [];

test.beforeAll(async ({ people }) => {
  page = await people.signedOut();
  // Chromium reports every refused script, style or image as a console message naming the policy.
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await signUpDriver(page, {
    firstName: 'Dingdong',
    lastName: 'Dantes',
    mobile: '+63 917-4402440',
    password: 'sinigang-na-baboy',
  });
});
reportPageOnFailure(() => page);

describe('security headers in the browser', () => {
  test('serves the app shell, its assets and the API with the policy', async () => {
    for (const path of ['/', '/reservations']) {
      const res = await page.request.get(`${baseURL}${path}`);
      expect(res.headers()['content-type']).toContain('text/html');
      expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers()['x-content-type-options']).toBe('nosniff');
      expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers()['cache-control']).not.toContain('immutable');
    }
    // The shell names the build's files by their content's hash: a browser keeps them and never asks again.
    const entry = (await (await page.request.get(`${baseURL}/reservations`)).text()).match(/\/assets\/[\w-]+\.js/)![0];
    const asset = await page.request.get(`${baseURL}${entry}`);
    expect(asset.headers()['cache-control']).toBe(IMMUTABLE_ASSETS);
    expect(asset.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // A visitor's `/` is the prerendered landing page, chosen by the worker: the same headers.
    const landing = await fetch(`${baseURL}/`);
    expect(await landing.text()).not.toContain('type="module"');
    expect(landing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(landing.headers.get('x-frame-options')).toBe('DENY');
    expect(landing.headers.get('vary')).toContain('Cookie');
    const api = await page.request.get(`${baseURL}/api/lots`);
    expect(api.headers()['content-security-policy']).toBe((await page.request.get(`${baseURL}/`)).headers()['content-security-policy']);
    expect(api.headers()['cache-control']).toBe('no-store');
  });

  test('shows the map and opens a menu with no CSP violation', async () => {
    await page.goto(`${baseURL}/`);
    await page.getByRole('heading', { name: 'Find Parking', exact: true }).waitFor();
    await page.locator('.leaflet-container').waitFor();
    // A lot drawn on the map (Leaflet's SVG markers) means Leaflet and its stylesheet ran.
    await page.locator('.leaflet-interactive').first().waitFor();
    await page.getByRole('button', { name: /^Account menu \S+$/ }).click();
    await page.getByRole('button', { name: 'Log out', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    expect(violations).toEqual([]);
  });

  test('would have seen a violation: an injected inline script is refused and reported', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.appendChild(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  });
});
