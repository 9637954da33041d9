import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, reportPageOnFailure, signIn, signUpDriver, test } from './browser';

const person = { firstName: 'Dingdong', lastName: 'Dantes', mobile: '+63 917-3334444', password: 'adobong-manok' };
let phone: Page;
let laptop: Page;

test.beforeAll(async ({ people }) => {
  phone = await people.signedOut();
  laptop = await people.signedOut();
});
reportPageOnFailure(() => phone);

describe('sessions in the browser', () => {
  test('signs out of all devices from Settings: this browser and another one', async () => {
    const email = await signUpDriver(phone, person);
    await signIn(laptop, email, person.password);
    await laptop.getByRole('heading', { level: 1, name: 'Find Parking', exact: true }).waitFor();
    expect((await laptop.context().cookies()).map((cookie) => cookie.name)).toContain('__Host-parkada_session');

    await phone.goto(`${baseURL}/settings`);
    await phone.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await phone.getByRole('button', { name: 'Sign out of all devices', exact: true }).click();
    const dialog = phone.getByRole('alertdialog');
    await dialog.getByText('Sign out of all devices?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();

    await phone.getByRole('heading', { level: 1, name: 'Find. Reserve. Park Smart.', exact: true }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/');
    expect(await phone.getByRole('button', { name: /^Account menu \S+$/ }).count()).toBe(0);

    // The other browser's session ended too: its next page asks it to sign in.
    await laptop.goto(`${baseURL}/settings`);
    await laptop.waitForURL('**/login?redirect=*');
  });
});
