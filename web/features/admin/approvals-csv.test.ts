import { describe, expect, it } from 'vitest';
import type { LotSubmission, OwnerApplication } from '../../lib/admin';
import { lotSubmissionsCsv, ownerApplicationsCsv } from './approvals-csv';
import { approvalsSearch } from './approvals-search';

const review = {
  documents: [{ name: 'permit.pdf' }, { name: 'tin.png' }],
  notes: null,
  decidedBy: null,
  submittedAt: '2026-11-23T01:00:00.000Z',
};

describe('approvals export', () => {
  it('writes the owner applications as the screen lists them, formula-safe', () => {
    const uploaded = (id: string, name: string, type: 'application/pdf' | 'image/png') => ({
      id,
      name,
      type,
      size: 2048,
      uploadedAt: review.submittedAt,
      url: `/api/admin/owners/a/documents/${id}`,
    });
    const documents = [uploaded('d1', 'permit.pdf', 'application/pdf'), uploaded('d2', 'tin.png', 'image/png')];
    const application = {
      ...review,
      documents,
      id: 'a',
      userId: 'u',
      applicantRole: 'space_owner',
      name: '=HYPERLINK("x")',
      email: 'a@example.ph',
      phone: null,
      businessName: 'Soberano Parking',
      businessLicense: 'BL-1',
      taxId: '123',
      earlier: [],
      status: 'rejected',
      decisionReason: 'No TIN, sorry',
      decidedAt: '2026-11-23T02:30:00.000Z',
    } satisfies OwnerApplication;
    expect(ownerApplicationsCsv([application]).split('\r\n')[1]).toBe(
      `2026-11-23 09:00,"'=HYPERLINK(""x"")",a@example.ph,,space_owner,Soberano Parking,BL-1,123,permit.pdf; tin.png,Rejected,"No TIN, sorry",2026-11-23 10:30`,
    );
  });

  it('writes lot submissions with the rate in pesos', () => {
    const submission = {
      ...review,
      id: 's',
      lotId: 'l',
      ownerId: 'o',
      totalSlots: 40,
      accessibleSlots: 2,
      evChargingSlots: 1,
      hourlyRate: 4500,
      status: 'pending',
      decisionReason: null,
      decidedAt: null,
      name: 'Uptown Lot',
      address: '9th Ave',
      city: 'Taguig',
      unlistedAt: null,
      unlistedReason: null,
      owner: 'Maria Santos',
      ownerEmail: 'owner@parkada.ph',
      earlier: [],
    } satisfies LotSubmission;
    expect(lotSubmissionsCsv([submission]).split('\r\n')[1]).toBe(
      '2026-11-23 09:00,Uptown Lot,"9th Ave, Taguig",Maria Santos,owner@parkada.ph,40,45.00,permit.pdf; tin.png,Pending,,',
    );
  });
});

describe('approvals search', () => {
  it('defaults to pending owner applications and ignores what it does not know', () => {
    expect(approvalsSearch({})).toEqual({ status: 'pending', tab: 'owner' });
    expect(approvalsSearch({ status: 'all', tab: 'lot' })).toEqual({ status: 'all', tab: 'lot' });
    expect(approvalsSearch({ status: 'maybe', tab: 'x' })).toEqual({ status: 'pending', tab: 'owner' });
  });
});
