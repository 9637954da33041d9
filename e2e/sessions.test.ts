import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage, reportPageOnFailure, signIn, signUpDriver } from './browser';

const baseURL = inject('baseURL');
const person = { firstName: 'Dingdong', lastName: 'Dantes', mobile: '+63 917-3334444', password: 'adobong-manok' };
let browser: Browser;
let phone: Page;
let laptop: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  phone = await newPhonePage(browser);
  laptop = await newPhonePage(browser);
});
afterAll(async () => browser?.close());
reportPageOnFailure(() => phone);

describe('sessions in the browser', () => {
  it('signs out of all devices from Settings: this browser and another one', async () => {
    const email = await signUpDriver(phone, baseURL, person);
    await signIn(laptop, baseURL, email, person.password);
    await laptop.getByRole('heading', { level: 1, name: 'Find Parking' }).waitFor();
    expect((await laptop.context().cookies()).map((cookie) => cookie.name)).toContain('__Host-parkada_session');

    await phone.goto(`${baseURL}/settings`);
    await phone.getByRole('heading', { name: 'Settings' }).waitFor();
    await phone.getByRole('button', { name: 'Sign out of all devices' }).click();
    const dialog = phone.getByRole('alertdialog');
    await dialog.getByText('Sign out of all devices?').waitFor();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();

    await phone.getByRole('heading', { level: 1, name: 'Find. Reserve. Park Smart.' }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/');
    expect(await phone.getByRole('button', { name: 'Account menu' }).count()).toBe(0);

    // The other browser's session ended too: its next page asks it to sign in.
    await laptop.goto(`${baseURL}/settings`);
    await laptop.waitForURL('**/login?redirect=*');
  });
});
