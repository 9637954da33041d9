/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, type People, reportPageOnFailure, signUpDriver, test } from './browser';

let page: Page;

/** A demo mall whose rate card has a motorcycle class (worker/seed/demo-lots.ts). */
const MALL = 'Glorietta 4 Car Park';

const driverNamed = (firstName: string) => ({ firstName, lastName: 'Santos', mobile: '+63 917-5550000', password: 'sinigang-na-baboy' });

async function phone(people: People) {
  const phonePage = await people.signedOut();
  await phonePage.setViewportSize({ width: 375, height: 812 });
  return phonePage;
}

// Their text, not their rendered text: cards below the first screen render only when near.
const cardNames = (on: Page) => on.getByTestId('lot-card').locator('a').allTextContents();

/** The names on the cards, once they are the API's answer to `query` (the page's own search). */
async function listedNames(on: Page, query: string) {
  const expected = (await (await on.request.get(`${baseURL}/api/lots?${query}`)).json()) as { items: { name: string }[] };
  expect(expected.items.length).toBeGreaterThan(0);
  await expect.poll(() => cardNames(on)).toEqual(expected.items.map((lot) => lot.name));
  return cardNames(on);
}
const bboxOf = (on: Page) => new URL(on.url()).searchParams.get('bbox')!;

const noOverflow = (on: Page) => on.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.beforeAll(async ({ people }) => {
  page = await phone(people);
  await signUpDriver(page, driverNamed('Lara'));
});
reportPageOnFailure(() => page);

describe('Find Parking on a phone, with the search in the URL', () => {
  let movedURL = '';

  test('asks for the list once on arrival: the route’s prefetch and the screen share one key', async () => {
    const searches: string[] = [];
    const count = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/lots') searches.push(url.search);
    };
    page.on('request', count);
    try {
      await page.goto(`${baseURL}/?place=${encodeURIComponent('Makati CBD')}`);
      await listedNames(page, 'near=14.5547,121.0244');
      expect(searches).toHaveLength(1);
      // The nearest lot is a short walk from the searched place: the card says how long, not how far.
      expect(await page.getByTestId('lot-card').first().innerText()).toMatch(/About \d+ min walk/);
    } finally {
      page.off('request', count);
    }
  });

  test('follows the map: panning searches the new viewport, nearest its centre first', async () => {
    await page.goto(`${baseURL}/?place=${encodeURIComponent('Makati CBD')}`);
    await page.getByRole('heading', { name: 'Find Parking', exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Location', exact: true }).inputValue()).toBe('Makati CBD');
    const atMakati = await listedNames(page, 'near=14.5547,121.0244');
    expect(atMakati[0]).toMatch(/Greenbelt|Glorietta|Salcedo/);

    // Drag the map about 2.6 km east, towards Bonifacio Global City.
    // In view first: a banner above the search (an unverified address) may push the map below the fold.
    await page.locator('.leaflet-container').scrollIntoViewIfNeeded();
    const map = await page.locator('.leaflet-container').boundingBox();
    const y = map!.y + map!.height / 2;
    await page.mouse.move(map!.x + map!.width - 20, y);
    await page.mouse.down();
    await page.mouse.move(map!.x + 20, y, { steps: 12 });
    await page.mouse.up();
    await page.waitForURL(/bbox=/);
    movedURL = page.url();
    const movedNames = await listedNames(page, `bbox=${bboxOf(page)}`);
    expect(movedNames[0]).not.toBe(atMakati[0]);
    expect(movedNames.slice(0, 3).some((name) => /Bonifacio|Fort|Uptown|Market/.test(name))).toBe(true);
    expect(await noOverflow(page)).toBe(true);
  });

  test('opens a shared search link on another phone with the same results', async ({ people }) => {
    await page.getByRole('button', { name: 'Accessible', exact: true }).click();
    await page.waitForURL(/accessible=true/);
    movedURL = page.url();
    const names = await listedNames(page, `bbox=${bboxOf(page)}&accessible=true`);

    const friend = await phone(people);
    await signUpDriver(friend, driverNamed('Migs'));
    await friend.goto(movedURL);
    await friend.getByTestId('lot-card').first().waitFor();
    await expect.poll(() => cardNames(friend)).toEqual(names);
    expect(await friend.getByRole('button', { name: 'Accessible', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await noOverflow(friend)).toBe(true);
    await friend.context().close();
  });

  test('restores the previous search with the back button', async () => {
    const before = await cardNames(page);
    await page.getByRole('combobox', { name: 'Location', exact: true }).fill('Intramuros');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/place=Intramuros/);
    // Accessible is still on: Intramuros Plaza Roma has no accessible bay, Rizal Park next to it has.
    expect((await listedNames(page, 'near=14.5896,120.9747&accessible=true'))[0]).toBe('Rizal Park Open Parking');

    await page.goBack();
    await page.waitForURL(movedURL);
    // The URL changes first; the field follows it on the next render.
    await expect.poll(() => page.getByRole('combobox', { name: 'Location', exact: true }).inputValue()).toBe('Makati CBD');
    await expect.poll(() => cardNames(page)).toEqual(before);
  });

  test('orders the list Best for you, each card saying why, or cheapest first', async () => {
    await page.goto(`${baseURL}/?place=${encodeURIComponent('Makati CBD')}`);
    await page.getByTestId('lot-card').first().waitFor();
    await page.getByRole('combobox', { name: 'Sort by', exact: true }).selectOption({ label: 'Best for you' });
    await page.waitForURL(/sort=best/);
    const reasons = page.getByTestId('lot-reasons');
    await reasons.first().waitFor();
    expect(await reasons.first().textContent()).toMatch(/^Why this lot: \S/);
    expect(await noOverflow(page)).toBe(true);
    // Cheapest: the cards' prices for the window, lowest first (and no reasons).
    await page.getByRole('combobox', { name: 'Sort by', exact: true }).selectOption({ label: 'Cheapest' });
    await page.waitForURL(/sort=cheapest/);
    const prices = async () =>
      (await page.getByTestId('lot-card').allTextContents()).map((card) =>
        Number(/₱([\d,.]+) for \d+ h/.exec(card)?.[1].replace(/,/g, '')),
      );
    await expect
      .poll(async () => ((await reasons.count()) === 0 ? await prices() : []))
      .toSatisfy((listed: number[]) => listed.length > 1 && listed.every((price, i) => i === 0 || listed[i - 1] <= price));
  });

  test('groups crowded lots into clusters when zoomed out, without overflowing 375 px', async () => {
    await page.goto(`${baseURL}/?place=Parking`);
    await page.getByTestId('lot-card').first().waitFor();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    const counts = (await page.locator('.leaflet-marker-icon').allInnerTexts()).map(Number);
    expect(counts.every((count) => count >= 2)).toBe(true);
    expect(await noOverflow(page)).toBe(true);
  });

  test('searches for the vehicle chosen: Motorcycle is sent to the API and kept in the URL, Car is the default', async () => {
    await page.goto(`${baseURL}/?place=${encodeURIComponent('Makati CBD')}`);
    const vehicle = page.getByRole('group', { name: 'Vehicle', exact: true });
    expect(await vehicle.getByRole('radio', { name: 'Car', exact: true }).isChecked()).toBe(true);
    const asked = page.waitForRequest((request) => new URL(request.url()).searchParams.get('vehicleType') === 'motorcycle');
    await vehicle.getByText('Motorcycle', { exact: true }).click();
    await asked;
    expect(new URL(page.url()).searchParams.get('vehicle')).toBe('motorcycle');
    expect(await vehicle.getByRole('radio', { name: 'Motorcycle', exact: true }).isChecked()).toBe(true);
    await vehicle.getByText('Car', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('vehicle')).toBe(false);
  });

  test('quotes the vehicle searched for when booking, from its card and from the lot page the card leads to', async () => {
    // Tomorrow at 10 AM Manila, whatever the hour now: the mall is open, its motorcycles pay ₱20 for 2 hours (cars ₱50).
    const arrive = `${new Date(Date.now() + 8 * 3_600_000 + 24 * 3_600_000).toISOString().slice(0, 10)}T10:00`;
    await page.goto(`${baseURL}/?place=${encodeURIComponent('Makati CBD')}&vehicle=motorcycle&arrive=${arrive}&hours=2`);
    const card = page.getByTestId('lot-card').filter({ hasText: MALL });
    const dialog = page.getByRole('dialog', { name: `Reserve at ${MALL}`, exact: true });
    await card.getByRole('button', { name: 'Reserve Now', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('booking-total').textContent()).toBe('₱20.00');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('link', { name: MALL, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: MALL, exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('vehicle')).toBe('motorcycle');
    await page.getByLabel('Arrival', { exact: true }).fill(arrive);
    await page.getByRole('button', { name: '2 hours ₱20.00', exact: true }).click();
    await page.getByRole('button', { name: 'Reserve Now', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('booking-total').textContent()).toBe('₱20.00');
  });
});
