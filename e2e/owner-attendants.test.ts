/**
 * The owner staffs a lot's gate: adding a new e-mail in the Attendants dialog creates the attendant
 * account and e-mails an invitation link (read here from the dev server's stored e-mail, as a newcomer
 * would); the attendant opens it in a browser of their own, sets their own password, accepts the Terms
 * and lands on the gate portal of that lot. The owner never sees a password. An existing driver is only
 * invited: they accept on their Notifications screen, and only then reach the gate.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, checkScreens, reportPageOnFailure, signUpDriver, test, uniqueEmail } from './browser';
import { FIXTURE_PASSWORD, ownLotWithAttendant, verifyAddress } from './fixtures';
import { linkIn, mailTo } from './mailbox';

const LOT = 'Fairview Staffed Carpark';
const EMAIL = uniqueEmail('Pedro');
/** The attendant the lot already has. */
let staffed = '';
const NEW_PASSWORD = 'gate keeper 2026';
let owner: Page;
let attendant: Page;

test.beforeAll(async ({ browser, people }) => {
  const fixture = await ownLotWithAttendant(browser, { name: LOT });
  staffed = fixture.attendant;
  owner = await people.signedIn(fixture.owner.email, FIXTURE_PASSWORD);
  attendant = await people.signedOut();
});
reportPageOnFailure(() => owner);
reportPageOnFailure(() => attendant);

const dialog = () => owner.getByRole('dialog', { name: `Attendants · ${LOT}`, exact: true });
const openAttendants = async () => {
  await owner.goto(`${baseURL}/owner/lots`);
  await owner.getByRole('button', { name: `Attendants of ${LOT}`, exact: true }).click();
  await dialog().getByTestId('lot-attendant').first().waitFor();
};

describe('attendants of a lot in the browser', () => {
  test('lists the lot’s attendant and adds a new one, who is e-mailed a link; no password is shown', async () => {
    await openAttendants();
    await dialog().getByTestId('lot-attendant').filter({ hasText: staffed }).getByText('Off shift', { exact: true }).waitFor();

    await dialog().getByLabel('Attendant Email', { exact: true }).fill(EMAIL);
    await dialog().getByLabel('First Name', { exact: true }).fill('Pedro');
    await dialog().getByLabel('Last Name', { exact: true }).fill('Penduko');
    await dialog().getByRole('button', { name: 'Add Attendant', exact: true }).click();
    await owner.getByText('Invitation E-mailed', { exact: true }).first().waitFor();
    await dialog()
      .getByTestId('lot-attendant')
      .filter({ hasText: EMAIL })
      .getByText('Address not confirmed yet', { exact: true })
      .waitFor();
    // Nothing to copy or read aloud: no password is shown anywhere.
    expect(await owner.getByText(/one-time password/i).count()).toBe(0);
    expect(await dialog().getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);
  });

  test('saves the dialog at phone and desktop widths, light and dark', async () => {
    await expect.poll(() => owner.getByText('Invitation E-mailed', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
    await checkScreens(owner, 'owner-attendants');
  });

  test('the e-mailed link lets the new attendant set their own password, then opens the gate portal of the lot', async () => {
    const link = linkIn(await mailTo(EMAIL, new RegExp(`invited you to work the gate of ${LOT}$`)), '/accept-invitation');
    await attendant.goto(link);
    await attendant.getByRole('heading', { name: 'Set your password', exact: true }).waitFor();
    await attendant.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await attendant.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    await attendant.getByRole('checkbox').check();
    await attendant.getByRole('button', { name: 'Set password and sign in', exact: true }).click();
    await attendant.getByRole('heading', { name: 'Attendant Portal', exact: true }).waitFor();
    await attendant.getByTestId('gate-lot').filter({ hasText: LOT }).waitFor();
    // The click proved the mailbox: no "unverified" banner.
    expect(await attendant.getByRole('region', { name: 'Unverified e-mail', exact: true }).count()).toBe(0);
  });

  test('shows the owner that the attendant signed in, and removes them after confirming', async () => {
    await openAttendants();
    const row = dialog().getByTestId('lot-attendant').filter({ hasText: EMAIL });
    await row.getByText('Off shift', { exact: true }).waitFor();
    expect(await row.getByText('Address not confirmed yet', { exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: 'Remove Pedro Penduko', exact: true }).click();
    await owner.getByRole('alertdialog').getByText(`Remove Pedro Penduko from ${LOT}?`, { exact: true }).waitFor();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await owner.getByText('Attendant Removed', { exact: true }).first().waitFor();
    await row.waitFor({ state: 'detached' });
  });

  test('invites an existing driver, who works the gate only after accepting on their Notifications screen', async ({ people }) => {
    const driver = await people.signedOut();
    const email = await signUpDriver(driver, {
      firstName: 'Maria',
      lastName: 'Clara',
      mobile: '+63 917-5550101',
      password: NEW_PASSWORD,
    });
    await openAttendants();
    await dialog().getByLabel('Attendant Email', { exact: true }).fill(email);
    await dialog().getByRole('button', { name: 'Add Attendant', exact: true }).click();
    await owner.getByText('Invitation Sent', { exact: true }).first().waitFor();
    await dialog().getByTestId('lot-invitation').filter({ hasText: email }).waitFor();
    expect(await dialog().getByTestId('lot-attendant').filter({ hasText: email }).count()).toBe(0);

    // Only a verified address may accept: the driver opens the link their sign-up e-mailed.
    await verifyAddress(driver.context(), email);
    await driver.goto(`${baseURL}/notifications`);
    const invitation = driver.getByTestId('gate-invitation').filter({ hasText: LOT });
    await invitation.getByText(/invited you on/).waitFor();
    await checkScreens(driver, 'gate-invitation');
    await invitation.getByRole('button', { name: 'Accept', exact: true }).click();
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
