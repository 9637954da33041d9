import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { launchBrowser, newPhonePage, reportPageOnFailure, signIn } from './browser';

const baseURL = inject('baseURL');
let browser: Browser;
let admin: Page;
let applicant: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPhonePage(browser);
  applicant = await newPhonePage(browser);
});
afterAll(async () => browser?.close());
reportPageOnFailure(() => admin);

describe('approvals in the browser', () => {
  it('approves an owner application filed at sign-up; the applicant’s next page shows the owner screens', async () => {
    const name = { firstName: 'Dolores', lastName: `Ilagan${Date.now() % 100_000}` };
    const res = await applicant.request.post(`${baseURL}/api/auth/signup`, {
      data: { ...name, email: `dolores.${Date.now()}@example.ph`, mobile: '+63 917-4445555', role: 'space_owner', password: 'sampaguita-2024' },
    });
    expect(res.status()).toBe(201);
    await applicant.goto(`${baseURL}/owner`);
    await applicant.getByRole('heading', { name: '404 Page Not Found' }).waitFor();

    await signIn(admin, baseURL, 'admin@parkada.ph', DEMO_PASSWORD);
    await admin.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    await admin.goto(`${baseURL}/admin/approvals`);
    await admin.getByRole('heading', { name: 'Approvals Management' }).waitFor();
    const card = admin.getByTestId('review-card').filter({ hasText: `${name.firstName} ${name.lastName}` });
    await card.waitFor();

    // Rejecting asks for a reason before Confirm works; cancel and approve instead.
    await card.getByRole('button', { name: 'Reject' }).click();
    expect(await admin.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await admin.getByLabel('Reason').fill('   ');
    expect(await admin.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await admin.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText(`Approve ${name.firstName} ${name.lastName}?`).waitFor();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('Owner Approved', { exact: true }).first().waitFor();
    await card.waitFor({ state: 'detached' });

    await admin.getByLabel('Status').selectOption('approved');
    await admin.getByTestId('review-card').filter({ hasText: `${name.firstName} ${name.lastName}` }).getByText('Approved', { exact: true }).waitFor();

    await admin.goto(`${baseURL}/admin`);
    await admin.getByTestId('audit-logs').getByText('APPROVE_OWNER').first().waitFor();

    await applicant.goto(`${baseURL}/owner`);
    await applicant.getByRole('heading', { name: 'Owner Dashboard' }).waitFor();
  });
});
