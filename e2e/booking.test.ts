/// <reference lib="dom" />
import { extendUrlOf } from '../core/push';
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { nextQuarterHour, toManilaInput } from '../core/time';
import { withPlatformSettings } from './platform-settings';
import { baseURL, checkScreens, reportPageOnFailure, signUpDriver, test } from './browser';
import { topUpWallet } from './fixtures';

const LOT = 'Rizal Park Open Parking'; // 24/7, ₱40/h
// Its car entrance, apart from its pin (14.5826, 120.9787): Directions lead there (worker/seed/demo-lots.ts).
const ENTRANCE = '14.5819,120.9779';
let page: Page;

test.beforeAll(async ({ people }) => {
  page = await people.signedOut();
  await signUpDriver(page, { firstName: 'Bea', lastName: 'Alonzo', mobile: '+63 917-7778888', password: 'halo-halo-espesyal' });
  // ₱1,000 in the wallet through the sandbox gateway.
  await topUpWallet(page.request, 100_000);
});
reportPageOnFailure(() => page);

const toast = (title: string) => page.getByText(title, { exact: true }).first().waitFor();

/** The text of the pass's QR code on `on`, read from its canvas once the worker has drawn it (the canvas says so). */
async function qrTextOf(on: Page) {
  const canvas = on.locator('[data-testid="qr-pass"][aria-busy="false"]');
  await canvas.waitFor();
  const image = await canvas.evaluate((node: HTMLCanvasElement) => {
    const data = node.getContext('2d')!.getImageData(0, 0, node.width, node.height);
    // A typed array crosses to the test as base64; an array of numbers cost seconds of processor.
    return { width: data.width, height: data.height, pixels: data.data };
  });
  const decoded = jsQR(image.pixels, image.width, image.height);
  expect(decoded).not.toBeNull();
  return decoded!.data;
}

describe('the booking loop in the browser', () => {
  let passToken = '';

  test('searches, reserves with the wallet and lands on the pass', async () => {
    await page.goto(`${baseURL}/`);
    await page.getByRole('heading', { name: 'Find Parking', exact: true }).waitFor();
    // Two hours ahead: far enough for a free cancellation.
    await page.getByLabel('Arrival', { exact: true }).fill(toManilaInput(nextQuarterHour(new Date(Date.now() + 2 * 3_600_000))));
    await page.getByLabel('Duration', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Accessible', exact: true }).click();
    await page.getByRole('button', { name: 'Clear all', exact: true }).waitFor();
    const card = page.getByTestId('lot-card').filter({ hasText: LOT });
    await card.waitFor();
    expect(await card.textContent()).toContain('₱80.00 for 2 h');
    await card.getByRole('button', { name: 'Reserve Now', exact: true }).click();
    // The Accessible filter carries into the booking: the slot must be an accessible bay.
    expect(await page.getByLabel('Accessible (PWD) bay', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Plate Number', { exact: true }).fill('nbc 1234');
    expect(await page.getByTestId('booking-total').textContent()).toBe('₱80.00');
    await page.getByRole('button', { name: 'Confirm and pay ₱80.00', exact: true }).click();
    await toast('Reservation Confirmed');
    await page.waitForURL(/\/reservation\//);
    await page.getByTestId('reservation-status').filter({ hasText: 'CONFIRMED' }).waitFor();
    expect(await page.getByText(/\bNBC 1234\b/).count()).toBeGreaterThan(0);
    // The pass's Directions lead to the lot's entrance, not its pin.
    expect(await page.getByRole('link', { name: `Directions to ${LOT} in Google Maps`, exact: true }).getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${ENTRANCE}&travelmode=driving`,
    );
  });

  test('draws a scannable QR whose signed pass verifies', async () => {
    passToken = await qrTextOf(page);
    // Verify it as a gate would, with the published public keys only, at the moment it becomes valid.
    const jwks = createLocalJWKSet(await (await fetch(`${baseURL}/api/passes/jwks`)).json());
    const { nbf } = decodeJwt(passToken);
    const { payload } = await jwtVerify(passToken, jwks, {
      algorithms: ['ES256'],
      issuer: 'parkada',
      audience: 'parkada-gate',
      currentDate: new Date(nbf! * 1000),
    });
    expect(payload).toMatchObject({ plate: 'NBC 1234' });
    const reservationId = page.url().split('/reservation/')[1];
    expect(payload.sub).toBe(reservationId);
    expect(await page.getByText(`Pass ID ${reservationId.slice(0, 8).toUpperCase()}`, { exact: true }).count()).toBe(1);

    // Save: a PNG whose QR code is the same signed pass.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(`parkada-pass-${reservationId.slice(0, 8).toUpperCase()}.png`);
    const png = readFileSync((await download.path())!).toString('base64');
    const saved = await page.evaluate(async (base64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${base64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const data = context.getImageData(0, 0, img.width, img.height);
      return { width: data.width, height: data.height, pixels: data.data };
    }, png);
    expect(jsQR(saved.pixels, saved.width, saved.height)?.data).toBe(passToken);
  });

  test('shares the pass: a companion opens it signed out, with the same pass and the plate masked, until the driver stops sharing', async ({
    people,
  }) => {
    // No share sheet on this browser: the link is copied.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await toast('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`^${baseURL}/shared/`));

    const companion = await people.signedOut();
    await companion.goto(url);
    const passId = decodeJwt(passToken).sub!.slice(0, 8).toUpperCase();
    await companion.getByRole('img', { name: `QR pass ${passId}`, exact: true }).waitFor();
    // The booker's own pass (signed again, so not the same text): the gate accepts it as theirs.
    const shared = decodeJwt(await qrTextOf(companion));
    expect(shared).toMatchObject({ sub: decodeJwt(passToken).sub, plate: 'NBC 1234', aud: 'parkada-gate' });
    await companion.getByText('NBC ••34', { exact: true }).waitFor();
    expect(await companion.getByText('NBC 1234').count()).toBe(0);
    await companion.getByRole('link', { name: `Directions to ${LOT} in Google Maps`, exact: true }).waitFor();
    await checkScreens(companion, 'shared-pass');

    await page.getByRole('button', { name: 'Stop sharing', exact: true }).click();
    await toast('Sharing stopped');
    await companion.reload();
    await companion.getByRole('heading', { name: 'Link not working', exact: true }).waitFor();
    expect(await companion.getByRole('alert').textContent()).toBe(
      'This shared pass link does not work: the booker stopped sharing it, or it is not a Parkada link.',
    );
  });

  test('cancels from My Reservations and sees the refund in the wallet', async () => {
    await page.goto(`${baseURL}/reservations`);
    await page.getByRole('tab', { name: 'Upcoming (1)', exact: true }).waitFor();
    await page.getByTestId('reservation-card').getByRole('button', { name: 'Cancel Reservation', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Reservation', exact: true }).click();
    await toast('Reservation Cancelled');
    await page.getByRole('tab', { name: 'Past (1)', exact: true }).waitFor();
    await page.goto(`${baseURL}/wallet`);
    await page.getByTestId('wallet-balance').filter({ hasText: '₱1,000.00' }).waitFor();
    await page.getByTestId('transaction').filter({ hasText: 'Refund: cancelled parking at Rizal Park Open Parking' }).waitFor();
  });

  test('finds the stay in History, exports the filtered rows and opens its receipt', async () => {
    await page.goto(`${baseURL}/history`);
    const rows = page.getByTestId('history-reservation');
    await rows.filter({ hasText: LOT }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('nbc1234');
    // Written to the URL once typing pauses; a filter changed before that would reload the list over it.
    await page.waitForURL(/[?&]q=nbc1234/);
    await page.getByRole('tab', { name: 'Reservations (1)', exact: true }).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('COMPLETED');
    await page.getByText('No reservations match these filters.', { exact: true }).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('CANCELLED');
    await page.getByLabel('Date range', { exact: true }).selectOption('week');
    await rows.filter({ hasText: 'CANCELLED' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parkada-reservations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`${LOT},NBC 1234`);
    // The booking's receipt and the VOID the full refund issued, by their official numbers.
    const [, receiptNo, voidNo] = csv[1].match(/,CANCELLED,80\.00,([A-Z]{1,3}\d+-\d{6,}),([A-Z]{1,3}\d+-\d{6,})$/) ?? [];
    expect(receiptNo).toBeTruthy();
    expect(voidNo).toBeTruthy();
    // The filters are the URL's: a reload keeps them.
    await page.reload();
    await rows.filter({ hasText: 'CANCELLED' }).waitFor();
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('nbc1234');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('CANCELLED');
    expect(await page.getByLabel('Date range', { exact: true }).inputValue()).toBe('week');

    await page.getByRole('tab', { name: 'Receipts (1)', exact: true }).click();
    const card = page.getByTestId('history-receipt');
    await card
      .filter({ hasText: `${receiptNo} · issued` })
      .filter({ hasText: `voided by ${voidNo}` })
      .waitFor();
    await card.getByRole('link', { name: 'View Receipt', exact: true }).click();
    // The receipt as issued, its number at the head, marked void by the VOID's number.
    const receipt = page.getByTestId('receipt');
    await receipt.getByRole('heading', { name: `Receipt ${receiptNo}`, exact: true }).waitFor();
    const text = await receipt.innerText();
    expect(text).toContain(LOT);
    expect(text).toMatch(/Parking · [^\n]+\s+₱80\.00/);
    expect(text).toMatch(/Total paid\s+₱80\.00/);
    expect(await receipt.getByTestId('receipt-voided').innerText()).toMatch(new RegExp(`^Void\\. Voided by ${voidNo} on .+\\.$`));
    // The VOID is a document of its own, referring to the receipt.
    await receipt.getByRole('link', { name: voidNo, exact: true }).click();
    await receipt.getByRole('heading', { name: `Void ${voidNo}`, exact: true }).waitFor();
    expect(await receipt.getByTestId('receipt-voids').innerText()).toContain(`This document voids receipt ${receiptNo}`);
    expect(await receipt.innerText()).toMatch(/Total voided\s+₱80\.00/);
  });

  // Shows the free-cancellation window: another file may be changing it for a moment.
  test('books from the lot page for a chosen arrival with Quick Reserve', () =>
    withPlatformSettings(async () => {
      await page.goto(`${baseURL}/`);
      await page.getByTestId('lot-card').filter({ hasText: LOT }).getByRole('link', { name: LOT, exact: true }).click();
      await page.getByRole('heading', { name: 'Quick Reserve', exact: true }).waitFor();
      const waze = await page.getByRole('link', { name: `Directions to ${LOT} in Waze`, exact: true }).getAttribute('href');
      expect(waze).toBe(`https://waze.com/ul?ll=${ENTRANCE}&navigate=yes`);
      const tomorrowNine = `${toManilaInput(new Date(Date.now() + 24 * 3_600_000)).slice(0, 11)}09:00`;
      await page.getByLabel('Arrival', { exact: true }).fill(tomorrowNine);
      // The demo history's weeks of stays at this lot give the arrival's hour a forecast.
      const weekday = new Date(Date.now() + 24 * 3_600_000).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'Asia/Manila' });
      await expect
        .poll(() => page.getByTestId('lot-forecast').innerText())
        .toMatch(new RegExp(`^Usually \\d+ of \\d+ free at 09:00 on ${weekday}s\\.$`));
      const fourHours = page.getByRole('button', { name: /^4 hours/ });
      await fourHours.click();
      const price = (await fourHours.textContent())!.replace('4 hours', '');
      await page.getByRole('button', { name: 'Reserve Now', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText(/9:00 AM/)
        .first()
        .waitFor();
      await dialog.getByLabel('Plate Number', { exact: true }).fill('NBC 1234');
      expect(await dialog.getByTestId('booking-total').textContent()).toBe(price);
      await dialog.getByRole('button', { name: `Confirm and pay ${price}`, exact: true }).click();
      await page.waitForURL(/\/reservation\//);
      await page.getByTestId('reservation-status').filter({ hasText: 'CONFIRMED' }).waitFor();
      expect(await page.locator('main').innerText()).toMatch(/9:00 AM – 1:00 PM/);

      // Extend by an hour: the dialog shows the re-quote before any money moves.
      await page.getByRole('button', { name: 'Extend Time', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Extend your stay', exact: true })
        .getByRole('combobox', { name: 'Add', exact: true })
        .selectOption('1');
      expect(await page.getByTestId('price-change').innerText()).toMatch(/^New total ₱[\d,.]+ · ₱[\d,.]+ more from your wallet$/);
      await page.getByRole('dialog').getByRole('button', { name: 'Extend', exact: true }).click();
      await toast('Reservation Extended');
      await page
        .getByText(/9:00 AM – 2:00 PM/)
        .first()
        .waitFor();

      // Modify states when changes close, then moves the stay.
      await page.getByRole('button', { name: 'Modify', exact: true }).click();
      expect(await page.getByTestId('changes-rule').innerText()).toContain('Changes close 15 minutes before the start');
      await page.getByRole('dialog').getByLabel('Arrival', { exact: true }).fill(tomorrowNine.replace('09:00', '10:00'));
      await page.getByRole('dialog').getByLabel('Duration', { exact: true }).selectOption('2');
      await page.getByRole('dialog').getByRole('button', { name: 'Save changes', exact: true }).click();
      await toast('Reservation Updated');
      await page
        .getByText(/10:00 AM – 12:00 PM/)
        .first()
        .waitFor();
    }));

  test('offers no Modify once a reservation is inside its no-refund window', async () => {
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const lots = await (await page.request.get(`${baseURL}/api/lots?q=${encodeURIComponent(LOT)}`)).json();
    const lotId = (Array.isArray(lots) ? lots : lots.items).find((lot: { name: string }) => lot.name === LOT).id;
    const res = await page.request.post(`${baseURL}/api/reservations`, {
      data: { lotId, start: soon, durationHours: 1, plate: 'NBC 1234' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status()).toBe(201);
    const { id } = await res.json();
    await page.goto(`${baseURL}/reservation/${id}`);
    await page.getByRole('button', { name: 'Extend Time', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Modify', exact: true }).count()).toBe(0);

    // A phone notification's "Extend 1 hour" lands here with the dialog open, priced, for the driver to confirm.
    await page.goto(`${baseURL}${extendUrlOf(id)}`);
    await page.getByRole('dialog', { name: 'Extend your stay', exact: true }).waitFor();
    expect(
      await page
        .getByRole('dialog', { name: 'Extend your stay', exact: true })
        .getByRole('combobox', { name: 'Add', exact: true })
        .inputValue(),
    ).toBe('1');
    await page
      .getByTestId('price-change')
      .filter({ hasText: /^New total ₱[\d,.]+ · ₱[\d,.]+ more from your wallet$/ })
      .waitFor();
  });

  test('quotes a mall’s rate card line by line in the booking dialog, and charges its total', async () => {
    const mall = 'SM Megamall Building B Parking'; // ₱50 for the first 3 hours, ₱20 each succeeding hour
    const lots = await (await page.request.get(`${baseURL}/api/lots?q=${encodeURIComponent(mall)}`)).json();
    await page.goto(`${baseURL}/lot/${lots.items.find((lot: { name: string }) => lot.name === mall).id}`);
    await page.getByRole('heading', { name: 'Quick Reserve', exact: true }).waitFor();
    const tomorrowTen = `${toManilaInput(new Date(Date.now() + 24 * 3_600_000)).slice(0, 11)}10:00`;
    await page.getByLabel('Arrival', { exact: true }).fill(tomorrowTen);
    await page.getByRole('button', { name: '4 hours ₱70.00', exact: true }).click();
    await page.getByRole('button', { name: 'Reserve Now', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Plate Number', { exact: true }).fill('NBC 4747');
    const breakdown = dialog.locator('dl', { has: page.getByTestId('booking-total') });
    expect(await breakdown.innerText()).toMatch(
      /^first 3 h\s+₱50\.00\s+1 h succeeding\s+₱20\.00\s+Total \(VAT ₱7\.50 included\)\s+₱70\.00\s/,
    );
    await dialog.getByRole('button', { name: 'Confirm and pay ₱70.00', exact: true }).click();
    await page.waitForURL(/\/reservation\//);
    await page.getByTestId('reservation-status').filter({ hasText: 'CONFIRMED' }).waitFor();
  });
});
