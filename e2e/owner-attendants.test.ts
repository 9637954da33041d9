/**
 * The owner staffs a lot's gate: a new attendant account is created from the Attendants dialog, its
 * one-time password read off the screen once, and the attendant, in a browser of their own, signs in
 * with it, must set their own password, and lands on the gate portal of that lot. A lost one-time
 * password is replaced by a new one from the same dialog. An existing driver is only invited: they
 * accept on their Notifications screen, and only then reach the gate.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage, reportPageOnFailure, checkScreens, signIn, signUpDriver, uniqueEmail } from './browser';
import { FIXTURE_PASSWORD, ownLotWithAttendant } from './fixtures';

const baseURL = inject('baseURL');
const LOT = 'Fairview Staffed Carpark';
const EMAIL = uniqueEmail('Pedro');
/** The attendant the lot already has. */
let staffed = '';
const NEW_PASSWORD = 'gate keeper 2026';
let browser: Browser;
let owner: Page;
let attendant: Page;
let oneTimePassword = '';

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newPhonePage(browser);
  attendant = await newPhonePage(browser);
  const fixture = await ownLotWithAttendant(browser, baseURL, { name: LOT });
  staffed = fixture.attendant;
  await signIn(owner, baseURL, fixture.owner.email, FIXTURE_PASSWORD);
  await owner.getByRole('button', { name: 'Account menu' }).waitFor();
});
afterAll(async () => browser?.close());
reportPageOnFailure(() => owner);
reportPageOnFailure(() => attendant);

const dialog = () => owner.getByRole('dialog', { name: `Attendants · ${LOT}` });
const openAttendants = async () => {
  await owner.goto(`${baseURL}/owner/lots`);
  await owner.getByRole('button', { name: `Attendants of ${LOT}` }).click();
  await dialog().getByTestId('lot-attendant').first().waitFor();
};

describe('attendants of a lot in the browser', () => {
  it('lists the lot’s attendant and adds a new one, whose one-time password is shown once', async () => {
    await openAttendants();
    await dialog().getByTestId('lot-attendant').filter({ hasText: staffed }).getByText('Off shift').waitFor();

    await dialog().getByLabel('Attendant Email').fill(EMAIL);
    await dialog().getByLabel('First Name').fill('Pedro');
    await dialog().getByLabel('Last Name').fill('Penduko');
    await dialog().getByRole('button', { name: 'Add Attendant' }).click();
    await owner.getByText('Attendant Added', { exact: true }).first().waitFor();
    oneTimePassword = (await dialog().getByTestId('one-time-password').textContent())!.trim();
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    await dialog()
      .getByText(/Shown only now/)
      .waitFor();
    await dialog().getByRole('button', { name: 'Copy' }).waitFor();
    await dialog().getByTestId('lot-attendant').filter({ hasText: EMAIL }).getByText('Awaiting first sign-in').waitFor();
  });

  it('saves the dialog at phone and desktop widths, light and dark', async () => {
    // The toast leaves after its five seconds, uncovering the dialog; the page is not reloaded (that would, rightly, lose the password).
    await expect.poll(() => owner.getByText('Attendant Added', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
    await dialog().getByTestId('one-time-password').waitFor();
    await checkScreens(owner, 'owner-attendants');
  });

  it('issues a new one-time password in place of the first, which then no longer signs in', async () => {
    const first = oneTimePassword;
    await dialog().getByRole('button', { name: 'New password for Pedro Penduko' }).click();
    await owner.getByText('New Password Issued', { exact: true }).first().waitFor();
    await expect.poll(async () => (await dialog().getByTestId('one-time-password').textContent())!.trim()).not.toBe(first);
    oneTimePassword = (await dialog().getByTestId('one-time-password').textContent())!.trim();
    await dialog()
      .getByTestId('lot-attendant')
      .filter({ hasText: EMAIL })
      .getByText(/One-time password works until/)
      .waitFor();

    await signIn(attendant, baseURL, EMAIL, first);
    await attendant.getByText('Incorrect e-mail or password.').first().waitFor();
  });

  it('lets the new attendant in only to set a password, then to the gate portal of the lot', async () => {
    await signIn(attendant, baseURL, EMAIL, oneTimePassword);
    await attendant.getByRole('heading', { name: 'Set your password' }).waitFor();
    // Any other screen comes back here until the password is set.
    await attendant.goto(`${baseURL}/attendant`);
    await attendant.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(new URL(attendant.url()).pathname).toBe('/change-password');

    await attendant.getByLabel('One-time Password').fill(oneTimePassword);
    await attendant.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await attendant.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await attendant.getByRole('button', { name: 'Set Password' }).click();
    // The account was made by the owner: its person accepts the Terms and the Privacy Policy themselves, once.
    await attendant.getByRole('heading', { name: 'Please accept our Terms and Privacy Policy' }).waitFor();
    await attendant.getByRole('button', { name: 'Accept' }).click();
    await attendant.getByRole('heading', { name: 'Attendant Portal' }).waitFor();
    await attendant.getByTestId('gate-lot').filter({ hasText: LOT }).waitFor();
  });

  it('shows the owner that the attendant signed in, and removes them after confirming', async () => {
    await openAttendants();
    const row = dialog().getByTestId('lot-attendant').filter({ hasText: EMAIL });
    await row.getByText('Off shift').waitFor();
    expect(await row.getByText('Awaiting first sign-in').count()).toBe(0);
    await row.getByRole('button', { name: 'Remove Pedro Penduko' }).click();
    await owner.getByRole('alertdialog').getByText(`Remove Pedro Penduko from ${LOT}?`).waitFor();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await owner.getByText('Attendant Removed', { exact: true }).first().waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('invites an existing driver, who works the gate only after accepting on their Notifications screen', async () => {
    const driver = await newPhonePage(browser);
    const email = await signUpDriver(driver, baseURL, {
      firstName: 'Maria',
      lastName: 'Clara',
      mobile: '+63 917-5550101',
      password: NEW_PASSWORD,
    });
    await openAttendants();
    await dialog().getByLabel('Attendant Email').fill(email);
    await dialog().getByRole('button', { name: 'Add Attendant' }).click();
    await owner.getByText('Invitation Sent', { exact: true }).first().waitFor();
    await dialog().getByTestId('lot-invitation').filter({ hasText: email }).waitFor();
    expect(await dialog().getByTestId('lot-attendant').filter({ hasText: email }).count()).toBe(0);

    await driver.goto(`${baseURL}/notifications`);
    const invitation = driver.getByTestId('gate-invitation').filter({ hasText: LOT });
    await invitation.getByText(/invited you on/).waitFor();
    await checkScreens(driver, 'gate-invitation');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await driver.getByText('Invitation Accepted', { exact: true }).first().waitFor();
    await invitation.waitFor({ state: 'detached' });
    await driver.goto(`${baseURL}/attendant`);
    await driver.getByTestId('gate-lot').filter({ hasText: LOT }).waitFor();

    await openAttendants();
    await dialog().getByTestId('lot-attendant').filter({ hasText: email }).waitFor();
    expect(await dialog().getByTestId('lot-invitation').count()).toBe(0);
    await driver.context().close();
  });
});
