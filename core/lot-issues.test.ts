import { describe, expect, it } from 'vitest';
import {
  isOpenIssue,
  offersSlotTakenRemedy,
  SLOT_TAKEN_MESSAGES,
  slotTakenChoiceProblem,
  photoSizeProblem,
  sniffIssuePhoto,
  statusChangeProblem,
  statusNotice,
} from './lot-issues';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('the status lifecycle', () => {
  it('moves forward only: open → acknowledged → resolved, or open → resolved', () => {
    expect(statusChangeProblem('open', 'acknowledged')).toBeNull();
    expect(statusChangeProblem('open', 'resolved')).toBeNull();
    expect(statusChangeProblem('acknowledged', 'resolved')).toBeNull();
    expect(statusChangeProblem('acknowledged', 'open')).toBe('An acknowledged issue cannot go back to open.');
    expect(statusChangeProblem('acknowledged', 'acknowledged')).toBe('This issue is already acknowledged.');
    for (const to of ['open', 'acknowledged', 'resolved'] as const)
      expect(statusChangeProblem('resolved', to)).toBe('This issue is resolved; it can no longer change.');
    expect([isOpenIssue('open'), isOpenIssue('acknowledged'), isOpenIssue('resolved')]).toEqual([true, true, false]);
  });

  it('tells the driver what changed, at which lot', () => {
    expect(statusNotice('acknowledged', 'Greenbelt 3', 'slot_taken')).toEqual({
      title: 'Report acknowledged',
      message: "Your report (slot taken) at Greenbelt 3 was acknowledged by the lot's staff.",
    });
    expect(statusNotice('resolved', 'Greenbelt 3', 'safety').title).toBe('Report resolved');
  });
});

describe('the photo', () => {
  it('is known by its first bytes', () => {
    expect(sniffIssuePhoto(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffIssuePhoto(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffIssuePhoto(new Uint8Array([...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')]))).toBe('image/webp');
    expect(sniffIssuePhoto(new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypmif1')]))).toBe('image/heic');
    // A video in the same container is not a photo.
    expect(sniffIssuePhoto(new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypisom')]))).toBeNull();
    expect(sniffIssuePhoto(new Uint8Array(ascii('%PDF-1.7')))).toBeNull();
    expect(sniffIssuePhoto(new Uint8Array(ascii('<svg xmlns=')))).toBeNull();
  });

  it('is at most 5 MB and not empty', () => {
    expect(photoSizeProblem(5 * 1024 * 1024)).toBeNull();
    expect(photoSizeProblem(5 * 1024 * 1024 + 1)).toBe('The photo must be at most 5 MB.');
    expect(photoSizeProblem(0)).toBe('The photo is empty.');
  });
});

describe('a taken slot', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const issue = { category: 'slot_taken' as const, remedy: null, status: 'open' as const };
  const booking = (status: 'CONFIRMED' | 'ACTIVE' | 'COMPLETED', startTs: string, endTs = '2026-11-27T12:00:00Z') => ({
    status,
    startTs,
    endTs,
  });

  const offers = (i: Parameters<typeof offersSlotTakenRemedy>[0], b: ReturnType<typeof booking> | null) =>
    offersSlotTakenRemedy(i, b, 'move', now);

  it('offers another slot while the reservation is under way: checked in, or confirmed inside its window; never past its end', () => {
    expect(offers(issue, booking('ACTIVE', '2026-11-27T09:00:00Z'))).toBe(true);
    expect(offers(issue, booking('CONFIRMED', '2026-11-27T10:00:00Z'))).toBe(true);
    expect(offers(issue, booking('CONFIRMED', '2026-11-27T10:30:00Z'))).toBe(false);
    expect(offers(issue, booking('CONFIRMED', '2026-11-27T08:00:00Z', '2026-11-27T10:00:00Z'))).toBe(false);
    expect(offers(issue, booking('ACTIVE', '2026-11-27T08:00:00Z', '2026-11-27T10:00:00Z'))).toBe(false);
    expect(offers(issue, booking('COMPLETED', '2026-11-27T09:00:00Z'))).toBe(false);
  });

  it("offers a refund only once the lot's staff acknowledged the report, and never after the end", () => {
    const checkedIn = booking('ACTIVE', '2026-11-27T09:00:00Z');
    expect(slotTakenChoiceProblem(issue, checkedIn, 'refund', now)).toBe(SLOT_TAKEN_MESSAGES.awaitingStaff);
    const acknowledged = { ...issue, status: 'acknowledged' as const };
    expect(slotTakenChoiceProblem(acknowledged, checkedIn, 'refund', now)).toBeNull();
    expect(offersSlotTakenRemedy(acknowledged, checkedIn, 'refund', now)).toBe(true);
    const ended = booking('ACTIVE', '2026-11-27T08:00:00Z', '2026-11-27T09:59:00Z');
    expect(slotTakenChoiceProblem(acknowledged, ended, 'refund', now)).toBe(SLOT_TAKEN_MESSAGES.notOffered);
  });

  it('offers none for another category, without a reservation, once chosen, or once resolved', () => {
    const started = booking('ACTIVE', '2026-11-27T09:00:00Z');
    expect(offers({ ...issue, category: 'safety' }, started)).toBe(false);
    expect(offers(issue, null)).toBe(false);
    expect(offers({ ...issue, remedy: 'refund' }, started)).toBe(false);
    expect(offers({ ...issue, status: 'resolved' }, started)).toBe(false);
  });
});
