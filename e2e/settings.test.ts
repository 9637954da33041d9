import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { EXTEND_ACTION, extendUrlOf, type PushPayload } from '../core/push';
import { baseURL, checkScreens, reportPageOnFailure, signUpDriver, testInFullChromium as test } from './browser';
import { topUpWallet } from './fixtures';

const PASSWORD = 'kalamansi-juice';
let page: Page;

test.beforeAll(async ({ people }) => {
  page = await people.signedOut();
  await signUpDriver(page, { firstName: 'Carla', lastName: 'Abellana', mobile: '+63 917-2223333', password: PASSWORD });
});
reportPageOnFailure(() => page);

const toast = (title: string) => page.getByText(title, { exact: true }).first().waitFor();
const vehicleRow = (plate: string) => page.getByTestId('vehicle').filter({ hasText: plate });

describe('settings and notifications in the browser', () => {
  test('edits the profile', async () => {
    await page.goto(`${baseURL}/settings`);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('First Name', { exact: true }).fill('Rica');
    await page.getByRole('button', { name: 'Save Profile', exact: true }).click();
    await toast('Profile Updated');
    await page.getByRole('button', { name: 'Account menu RA', exact: true }).waitFor();
    // Held as E.164 on the server, shown in the sign-up mask again, unverified, with Verify beside it.
    expect(await page.locator('#profile-phone').inputValue()).toBe('917-2223333');
    await page.getByRole('button', { name: 'Verify', exact: true }).waitFor();
  });

  test('adds two vehicles, switches the default and deletes one', async () => {
    await page.getByRole('tab', { name: 'Vehicles', exact: true }).click();
    const add = async (plate: string, make: string, model: string, makeDefault = false) => {
      await page.getByRole('button', { name: 'Add Vehicle', exact: true }).click();
      const save = page.getByRole('button', { name: 'Save Vehicle', exact: true });
      await page.getByLabel('Plate Number', { exact: true }).fill(plate);
      expect(await save.isDisabled()).toBe(true); // make and model still missing
      await page.getByLabel('Make', { exact: true }).fill(make);
      await page.getByLabel('Model', { exact: true }).fill(model);
      if (makeDefault) await page.getByLabel('Use as my default vehicle', { exact: true }).check();
      await save.click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    };
    await add('abc 1234', 'Toyota', 'Vios');
    // A plate that is not a Philippine plate is refused under its field, in the request schema's words.
    await page.getByRole('button', { name: 'Add Vehicle', exact: true }).click();
    await page.getByLabel('Plate Number', { exact: true }).fill('not a plate');
    await page.getByLabel('Make', { exact: true }).fill('Honda');
    await page.getByLabel('Model', { exact: true }).fill('City');
    await page.getByRole('button', { name: 'Save Vehicle', exact: true }).click();
    await page.locator('#vehicle-plate-problem').getByText('Enter a Philippine plate', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await vehicleRow('ABC 1234').filter({ hasText: 'Default' }).waitFor();
    await add('xyz-987', 'Honda', 'City', true);
    await vehicleRow('XYZ 987').filter({ hasText: 'Default' }).waitFor();
    expect(await vehicleRow('ABC 1234').textContent()).not.toContain('Default');

    await page.getByRole('button', { name: 'Delete XYZ 987', exact: true }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await vehicleRow('XYZ 987').waitFor({ state: 'detached' });
    // The remaining vehicle becomes the default.
    await vehicleRow('ABC 1234').filter({ hasText: 'Default' }).waitFor();
    expect(await page.getByTestId('vehicle').count()).toBe(1);
  });

  test('switches to the dark theme and keeps it after a reload', async () => {
    await page.getByRole('tab', { name: 'Preferences', exact: true }).click();
    await page.getByLabel('Theme', { exact: true }).selectOption('dark');
    await toast('Preferences Updated');
    await page.locator('html.dark').waitFor({ state: 'attached' });
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.locator('html.dark').waitFor({ state: 'attached' });
  });

  test('turns push on for this device and says plainly when the browser cannot subscribe', async () => {
    // Headless chromium here reaches no push service, so it refuses the subscription as a phone offline would.
    await page.context().grantPermissions(['notifications'], { origin: baseURL });
    await page.goto(`${baseURL}/settings`);
    await page.getByRole('tab', { name: 'Notifications', exact: true }).click();
    await page.getByText('Text messages are not set up on this server.', { exact: false }).waitFor();
    const status = page.getByTestId('push-device').getByRole('status');
    await status.filter({ hasText: 'This device does not get alerts yet.' }).waitFor();
    await page.getByRole('button', { name: 'Turn on for this device', exact: true }).click();
    await status.filter({ hasText: /^This browser could not subscribe to push notifications \(.+\)\.$/ }).waitFor();
    await toast('Push Not Turned On');
  });

  test('shows a reminder pushed to this device, with its Extend 1 hour action', async () => {
    const cdp = await page.context().newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }) => registrations[0] && resolve(registrations[0].registrationId),
      ),
    );
    await cdp.send('ServiceWorker.enable');
    const payload: PushPayload = {
      title: 'Your parking ends in 15 minutes',
      body: 'Greenbelt 3 Parking until 6:00 PM.',
      url: '/reservation/r-1',
      tag: 'booking-r-1',
      extendUrl: extendUrlOf('r-1'),
    };
    // What the push service hands the browser, decrypted: the worker's side is worker/push/push.test.ts.
    // Delivered once the worker is active, and again until shown (one notification per tag, so never twice).
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const registrationId = await registration;
    const deliveredAndShown = async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId, data: JSON.stringify(payload) });
      return page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
          title: note.title,
          body: note.body,
          tag: note.tag,
          actions: (note as Notification & { actions: { action: string; title: string }[] }).actions.map(({ action, title }) => ({
            action,
            title,
          })),
        })),
      );
    };
    await expect
      .poll(deliveredAndShown, { interval: 500 })
      .toEqual([
        { title: payload.title, body: payload.body, tag: payload.tag, actions: [{ action: EXTEND_ACTION, title: 'Extend 1 hour' }] },
      ]);
  });

  test('marks notifications read and the bell follows', async () => {
    await page.goto(`${baseURL}/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1, exact: true }).waitFor();
    await page.getByTestId('notification').filter({ hasText: 'Welcome to Parkada' }).waitFor();
    expect(await page.getByTestId('unread-badge').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Mark all read', exact: true }).click();
    await toast('All notifications marked as read');
    await page.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await page.getByText('You have no unread notifications.', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'All', exact: true }).click();
    await page.getByTestId('notification').filter({ hasText: 'Welcome to Parkada' }).waitFor();
  });

  test('keeps the notifications filter in the URL through a reload and Back', async () => {
    expect(new URL(page.url()).searchParams.get('filter')).toBe('all');
    await page.reload();
    expect(await page.getByRole('tab', { name: 'All', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.goto(`${baseURL}/settings`);
    await page.goBack();
    expect(await page.getByRole('tab', { name: 'All', exact: true }).getAttribute('aria-selected')).toBe('true');
  });

  test('says when a screen could not be loaded, and Try again loads it once the server answers', async () => {
    const failing = (url: URL) => url.pathname === '/api/user/vehicles';
    await page.route(failing, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down for a moment"}' }),
    );
    await page.goto(`${baseURL}/settings`);
    await page.getByRole('heading', { name: 'This screen could not be loaded', exact: true }).waitFor();
    await page.getByText('503: Down for a moment', { exact: true }).waitFor();
    await checkScreens(page, 'route-error');
    await page.unroute(failing);
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
  });

  test('downloads my data as one zip', async () => {
    await page.getByRole('tab', { name: 'Privacy', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parkada-data-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  // Last: the account is gone after it.
  test('refuses to delete the account while the wallet holds money, then deletes it and lands signed out', async () => {
    await topUpWallet(page.request, 10_000);
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'your wallet holds ₱100.00' }).waitFor();
    await dialog.getByLabel('Give up my wallet balance of ₱100.00', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await page.waitForURL(`${baseURL}/`);
    expect((await page.request.get(`${baseURL}/api/auth/user`)).status()).toBe(401);
  });
});
