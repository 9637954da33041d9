import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { TIN_MESSAGE } from '../core/owner-application';
import { DEMO_PASSWORD } from '../worker/seed/seed';
import { baseURL, checkScreens, reportPageOnFailure, test } from './browser';

let admin: Page;
let applicant: Page;
let current: Page | undefined;

test.beforeAll(async ({ people }) => {
  admin = await people.signedIn('admin@parkada.ph', DEMO_PASSWORD);
  applicant = await people.signedOut();
});
reportPageOnFailure(() => current);

/** A small but real PDF: its first bytes are what the server checks. */
const PERMIT = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const name = { firstName: 'Teodora', lastName: `Alonso${Date.now() % 100_000}` };
const fullName = `${name.firstName} ${name.lastName}`;

describe('owner application documents in the browser', () => {
  test('an owner-type sign-up uploads a PDF with the form, sees it in Settings, and removes a wrong one added there', async () => {
    current = applicant;
    await applicant.goto(`${baseURL}/signup`);
    await applicant.getByLabel('Role', { exact: true }).selectOption('business_owner');
    await applicant
      .getByLabel('Documents', { exact: true })
      .setInputFiles({ name: 'mayors-permit-2026-makati-city-business-registration.pdf', mimeType: 'application/pdf', buffer: PERMIT });
    await checkScreens(applicant, 'signup-documents');
    await applicant.reload();
    await applicant.getByLabel('First Name', { exact: true }).fill(name.firstName);
    await applicant.getByLabel('Last Name', { exact: true }).fill(name.lastName);
    await applicant.getByLabel('Email Address', { exact: true }).fill(`teodora.${Date.now()}@example.ph`);
    await applicant.getByLabel('Mobile Number', { exact: true }).fill('9175550101');
    await applicant.getByLabel('Role', { exact: true }).selectOption('space_owner');
    await applicant
      .getByLabel('Documents', { exact: true })
      .setInputFiles({ name: 'business-permit.pdf', mimeType: 'application/pdf', buffer: PERMIT });
    await applicant
      .getByRole('list', { name: 'Chosen documents', exact: true })
      .getByText('business-permit.pdf', { exact: true })
      .waitFor();
    await applicant.getByLabel('Password', { exact: true }).fill('sampaguita-2024');
    await applicant
      .getByRole('checkbox', { name: 'I agree to the Terms of Service and have read the Privacy Policy', exact: true })
      .check();
    await applicant.getByRole('button', { name: 'Create Account', exact: true }).click();
    await applicant.getByRole('heading', { name: 'Find Parking', exact: true }).waitFor();

    await applicant.goto(`${baseURL}/settings`);
    const card = applicant.getByTestId('owner-application');
    await card.getByRole('link', { name: 'business-permit.pdf', exact: true }).waitFor();
    expect(await card.getByText('Pending', { exact: true }).count()).toBe(1);

    // A wrong file added from Settings is removed again, after a confirmation; the permit stays.
    await card
      .getByLabel('Documents', { exact: true })
      .setInputFiles({ name: 'wrong-file.pdf', mimeType: 'application/pdf', buffer: PERMIT });
    await card.getByRole('button', { name: 'Upload documents', exact: true }).click();
    await card.getByRole('link', { name: 'wrong-file.pdf', exact: true }).waitFor();
    await card.getByRole('button', { name: 'Remove wrong-file.pdf', exact: true }).click();
    await applicant.getByRole('alertdialog').getByText('Remove wrong-file.pdf from your owner application?', { exact: true }).waitFor();
    await applicant.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await applicant.getByText('Document Removed', { exact: true }).first().waitFor();
    await card.getByRole('link', { name: 'wrong-file.pdf', exact: true }).waitFor({ state: 'detached' });
    await card.getByRole('link', { name: 'business-permit.pdf', exact: true }).waitFor();
    await checkScreens(applicant, 'settings-owner-application');
  });

  test('the super admin sees it in View Details and downloads the same file', async () => {
    current = admin;
    await admin.goto(`${baseURL}/admin/approvals`);
    const card = admin.getByTestId('review-card').filter({ hasText: fullName });
    await card.getByRole('link', { name: 'business-permit.pdf', exact: true }).waitFor();

    await card.getByRole('button', { name: 'View Details', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    const document = dialog.getByTestId('documents').getByRole('listitem').filter({ hasText: 'business-permit.pdf' });
    await document.getByText(`PDF · 1 KB`, { exact: true }).waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      document.getByRole('link', { name: 'business-permit.pdf', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('business-permit.pdf');
    expect(readFileSync((await download.path())!)).toEqual(PERMIT);

    await checkScreens(admin, 'approvals-view-details');
    await admin.goto(`${baseURL}/admin`);
    await admin.getByRole('heading', { name: 'Super Admin Dashboard', exact: true }).waitFor();
    await admin.getByTestId('uptime').waitFor();
    await admin.getByTestId('system-health').getByText('Documents store (R2)', { exact: true }).waitFor();
    await checkScreens(admin, 'admin-system-health');
  });

  test('the applicant files the papers in Settings; a malformed TIN is refused under its field', async () => {
    current = applicant;
    await applicant.goto(`${baseURL}/settings`);
    const card = applicant.getByTestId('owner-application');
    await card.getByRole('button', { name: 'Edit papers', exact: true }).click();
    const dialog = applicant.getByRole('dialog', { name: 'Edit Application', exact: true });
    await dialog.getByLabel('Business name', { exact: true }).fill('Alonso Parking Corp.');
    await dialog.getByLabel('Business permit or licence no.', { exact: true }).fill('BP-2026-00123');
    await dialog.getByLabel('TIN', { exact: true }).fill('123-456-789');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText(TIN_MESSAGE, { exact: true }).waitFor();
    await dialog.getByLabel('TIN', { exact: true }).fill('123-456-789-000');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('123-456-789-000', { exact: true }).waitFor();
    await card.getByText('Alonso Parking Corp.', { exact: true }).waitFor();
  });

  test('the super admin sees the papers and rejects with a reason', async () => {
    current = admin;
    await admin.goto(`${baseURL}/admin/approvals`);
    const card = admin.getByTestId('review-card').filter({ hasText: fullName });
    await card.getByText('Alonso Parking Corp.', { exact: true }).waitFor();
    await card.getByText('123-456-789-000', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Reason', { exact: true }).fill('The TIN names no branch of the permit');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.getByText('Owner Rejected', { exact: true }).first().waitFor();
  });

  test('the applicant edits and resubmits; the super admin sees the new papers with the rejection in the history', async () => {
    current = applicant;
    await applicant.goto(`${baseURL}/settings`);
    const card = applicant.getByTestId('owner-application');
    await card.getByText('Reason: The TIN names no branch of the permit', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Edit and resubmit', exact: true }).click();
    const dialog = applicant.getByRole('dialog', { name: 'Edit and Resubmit', exact: true });
    await dialog.getByLabel('TIN', { exact: true }).fill('123-456-789-002');
    await dialog.getByLabel('Notes to the reviewer (optional)', { exact: true }).fill('Makati branch code.');
    await dialog.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Pending', { exact: true }).first().waitFor();
    await card.getByRole('region', { name: 'Earlier submissions', exact: true }).getByText('Rejected', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'business-permit.pdf', exact: true }).waitFor();
    await checkScreens(applicant, 'settings-owner-application-resubmitted');

    current = admin;
    await admin.goto(`${baseURL}/admin/approvals`);
    const review = admin.getByTestId('review-card').filter({ hasText: fullName });
    await review.getByText('123-456-789-002', { exact: true }).waitFor();
    await review.getByText('Makati branch code.', { exact: true }).waitFor();
    await review.getByText('after 1 earlier submission', { exact: true }).waitFor();
    await review.getByRole('button', { name: 'View Details', exact: true }).click();
    await admin
      .getByRole('dialog')
      .getByRole('region', { name: 'Earlier submissions', exact: true })
      .getByText(/The TIN names no branch of the permit$/)
      .waitFor();
  });
});
