import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect } from 'vitest';
import { TOTP_PERIOD_SECONDS } from '../core/second-factor';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../worker/seed/seed';
import { baseURL, logOut, signIn, test } from './browser';
import { FIXTURE_PASSWORD, signUp, verifyAddress } from './fixtures';
import { linkIn, mailTo } from './mailbox';

let page: Page;

// Each test is a new person on the file's one browser context: its cookies, storage and service
// workers are cleared before each test, its cache of the app's files kept (a new context per test
// fetched and compiled them again each time). One client address for the file: its 5 sign-ups and 3
// wrong passwords are within the per-address limits (worker/auth/rate-limit.ts).
test.beforeAll(async ({ people }) => {
  page = await people.signedOut();
});
beforeEach(async () => {
  await page.goto('about:blank');
  await page.context().clearCookies();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: baseURL, storageTypes: 'all' });
  await cdp.detach();
});

const heading = (text: string) => page.getByRole('heading', { level: 1, name: text, exact: true });
const pathname = () => new URL(page.url()).pathname;

describe('accounts in the browser', () => {
  test('signs up a driver, logs out, and signs back in', async () => {
    await page.goto(baseURL);
    await heading('Find. Reserve. Park Smart.').waitFor();
    await page.getByRole('link', { name: 'Get Started', exact: true }).first().click();
    await page.waitForURL('**/signup');

    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Missing Required Fields', { exact: true }).waitFor();
    // Each field says what it needs, in the words the server would answer with (core/signup.ts).
    await page.locator('#firstName-problem').getByText('Please fill in: First Name', { exact: true }).waitFor();

    const email = `rico.${Date.now()}@example.ph`;
    await page.getByLabel('First Name', { exact: true }).fill('Rico');
    await page.getByLabel('Last Name', { exact: true }).fill('Blanco');
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Mobile Number', { exact: true }).fill('9171234567');
    expect(await page.getByLabel('Mobile Number', { exact: true }).inputValue()).toBe('917-1234567');
    await page.getByLabel('Role', { exact: true }).selectOption('parking_user');
    await page.getByLabel('Password', { exact: true }).fill('sampaguita-2024');
    // The Terms and the Privacy Policy must be accepted (docs/privacy.md).
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Terms Not Accepted', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service and have read the Privacy Policy', exact: true }).check();
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await heading('Find Parking').waitFor();
    expect(pathname()).toBe('/');
    await page.getByRole('button', { name: 'Account menu RB', exact: true }).waitFor();
    // The welcome notification is real, so the bell counts it.
    expect(await page.getByTestId('unread-badge').textContent()).toBe('1');

    await logOut(page);
    await heading('Find. Reserve. Park Smart.').waitFor();
    await page.goto(`${baseURL}/wallet`);
    await page.waitForURL('**/login?redirect=*');

    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('401: Incorrect e-mail or password.', { exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('sampaguita-2024');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await heading('Wallet').waitFor();
  });

  test('verifies the address through the link of the e-mail the sign-up sent, and the banner goes', async () => {
    const email = await signUp(page.context(), { firstName: 'Vilma', lastName: 'Santos' });
    await page.goto(baseURL);
    const banner = page.getByRole('region', { name: 'Unverified e-mail', exact: true });
    await banner.waitFor();
    await page.goto(linkIn(await mailTo(email, 'Confirm your e-mail address'), '/verify-email'));
    await page.getByRole('status').getByText('Your e-mail address is confirmed.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Continue to Parkada', exact: true }).click();
    await heading('Find Parking').waitFor();
    expect(await banner.count()).toBe(0);
  });

  test('resets a forgotten password through the e-mailed link, then signs in with the new one', async () => {
    const email = await signUp(page.context(), { firstName: 'Nora', lastName: 'Aunor' });
    await page.goto(baseURL);
    await page.getByRole('region', { name: 'Unverified e-mail', exact: true }).waitFor();
    await logOut(page);
    await heading('Find. Reserve. Park Smart.').waitFor();

    await page.goto(`${baseURL}/login`);
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await heading('Forgot password?').waitFor();
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await page.getByText('If an account uses this address, we have sent it a link', { exact: false }).waitFor();

    const link = linkIn(await mailTo(email, 'Set a new Parkada password'), '/reset-password');
    await page.goto(link);
    await heading('Set a new password').waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('kalamansi-juice');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('kalamansi-juice');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('401: Incorrect e-mail or password.', { exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('kalamansi-juice');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await heading('Find Parking').waitFor();
    // The click proved the mailbox: the address is verified, and the banner is gone.
    expect(await page.getByRole('region', { name: 'Unverified e-mail', exact: true }).count()).toBe(0);
  });

  test('enrols an authenticator app with the password, then signs in with its code', async () => {
    const email = await signUp(page.context(), { firstName: 'Sharon', lastName: 'Cuneta' });
    await verifyAddress(page.context(), email);
    await page.goto(`${baseURL}/settings?tab=security`);
    await page.getByRole('button', { name: 'Set up authenticator app', exact: true }).click();
    // The first factor asks for the password: a session alone adds none.
    const confirm = page.getByRole('dialog', { name: 'Confirm your password', exact: true });
    await confirm.getByLabel('Password', { exact: true }).fill('not my password');
    await confirm.getByRole('button', { name: 'Continue', exact: true }).click();
    await confirm.getByRole('alert').getByText('Your password is incorrect.', { exact: true }).waitFor();
    await confirm.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await confirm.getByRole('button', { name: 'Continue', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    // The phone in the test's hand. The server takes the step before or after its own (TOTP_WINDOW_STEPS),
    // and each step once: enrolled with this step's code, the account signs in below with the next
    // step's, which is new and in the window however long the steps in between take (under 30 s).
    const app = new TOTP({ secret: Secret.fromBase32(secret) });
    await page.getByLabel('Code from the app', { exact: true }).fill(app.generate());
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I saved them', exact: true }).click();
    await page.getByText('Your authenticator app is set up.', { exact: false }).waitFor();

    await logOut(page);
    await heading('Find. Reserve. Park Smart.').waitFor();
    await signIn(page, email, FIXTURE_PASSWORD);
    // The password alone gives no session: the screen asks for the code.
    await page
      .getByLabel('Code from your authenticator app', { exact: true })
      .fill(app.generate({ timestamp: Date.now() + TOTP_PERIOD_SECONDS * 1000 }));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await heading('Find Parking').waitFor();
  });

  test('registers a passkey and signs in with it through Chromium’s virtual authenticator', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    // A passkey must verify its user (PIN or biometric): the server refuses one that does not (docs/account.md, Passkeys).
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const email = await signUp(page.context(), { firstName: 'Piolo', lastName: 'Pascual' });
    await verifyAddress(page.context(), email);
    await page.goto(`${baseURL}/settings?tab=security`);
    await page.getByLabel('Passkey name', { exact: true }).fill('My phone');
    await page.getByRole('button', { name: 'Add a passkey', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your password', exact: true });
    await confirm.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await confirm.getByRole('button', { name: 'Continue', exact: true }).click();
    // The first factor: its recovery codes are shown once.
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByTestId('passkeys').getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByTestId('passkeys').getByLabel('Name', { exact: true }).inputValue()).toBe('My phone');

    await logOut(page);
    await heading('Find. Reserve. Park Smart.').waitFor();
    await page.goto(`${baseURL}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
    await heading('Find Parking').waitFor();
    // The next visitor's browser has no authenticator.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await cdp.detach();
  });

  const homes = {
    parking_user: { path: '/', title: 'Find Parking', forbidden: '/owner' },
    owner_admin: { path: '/owner', title: 'Owner Dashboard', forbidden: '/admin' },
    attendant: { path: '/attendant', title: 'Attendant Portal', forbidden: '/owner/lots' },
    super_admin: { path: '/admin', title: 'Super Admin Dashboard', forbidden: null },
  } as const;

  test.each(DEMO_ACCOUNTS.map((account) => [account.role, account] as const))('%s reaches exactly its screens', async (role, account) => {
    const home = homes[role];
    await signIn(page, account.email, DEMO_PASSWORD);
    await heading(home.title).waitFor();
    expect(pathname()).toBe(home.path);

    if (home.forbidden) {
      await page.goto(`${baseURL}${home.forbidden}`);
      await heading('404 Page Not Found').waitFor();
    }
    await page.goto(`${baseURL}/no-such-page`);
    await heading('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();

    // A reload of a deep link returns the app, not a server 404.
    await page.goto(`${baseURL}/settings`);
    await heading('Settings').waitFor();
    const apiMiss = await page.request.get(`${baseURL}/api/no-such-route`);
    expect(apiMiss.status()).toBe(404);
    expect(await apiMiss.json()).toHaveProperty('message');
  });
});
