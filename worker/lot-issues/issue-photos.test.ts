/** A report's photo against the real D1 and R2: its type by magic bytes, its size, one per report, and who sees it. */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ISSUE_PHOTO_BYTES } from '../../core/lot-issues';
import { orientationSegment, withoutPhotoMetadata } from '../../core/photo-metadata';
import { newDriver } from '../test/account-fixtures';
import { driver } from '../test/booking-fixtures';
import { call, cookieFor, messageOf } from '../test/helpers';
import {
  asOwner,
  heicBytes,
  jpegBytes,
  pngBytes,
  reported,
  staffedLot,
  uploadPhoto,
  webpBytes,
  type IssueView,
} from '../test/lot-issue-fixtures';

let owner = '';
beforeAll(async () => {
  owner = await asOwner();
});

const storedUnder = async (lotId: string) => (await env.ISSUE_PHOTOS.list({ prefix: `lot-issues/${lotId}/` })).objects.map((o) => o.key);

describe('the photo of a report', () => {
  it.each([
    ['JPEG', jpegBytes(), 'image/jpeg'],
    ['PNG', pngBytes(), 'image/png'],
    ['WebP', webpBytes(), 'image/webp'],
    ['HEIC', heicBytes(), 'image/heic'],
  ])('is stored as the %s its bytes show, whatever was declared, and served to the reporter', async (_label, bytes, type) => {
    const { cookie } = await driver(0);
    const { lotId } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    const res = await uploadPhoto(cookie, issue.id, new Uint8Array(bytes), 'application/octet-stream');
    expect([res.status, await res.json()]).toEqual([
      201,
      { id: issue.id, photoUrl: `/api/lot-issues/${issue.id}/photo`, type, size: bytes.length },
    ]);
    const photo = await call(`/api/lot-issues/${issue.id}/photo`, { cookie });
    expect(photo.status).toBe(200);
    expect(Object.fromEntries(['Content-Type', 'X-Content-Type-Options', 'Cache-Control'].map((h) => [h, photo.headers.get(h)]))).toEqual({
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=3600',
    });
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(bytes);
    expect(await storedUnder(lotId)).toHaveLength(1);
  });

  it.each([
    [
      'HTML named as an image',
      new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
      400,
      'The photo must be a JPEG, PNG, WebP or HEIC image.',
    ],
    ['a PDF', new TextEncoder().encode('%PDF-1.7 not a photo'), 400, 'The photo must be a JPEG, PNG, WebP or HEIC image.'],
    ['an empty body', new Uint8Array(0), 400, 'The photo is empty.'],
    ['a photo just over 5 MB', jpegBytes(MAX_ISSUE_PHOTO_BYTES + 1), 413, 'The photo must be at most 5 MB.'],
  ])('refuses %s and stores nothing', async (_label, bytes, status, message) => {
    const { cookie } = await driver(0);
    const { lotId } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    const res = await uploadPhoto(cookie, issue.id, new Uint8Array(bytes));
    expect([res.status, await messageOf(res)]).toEqual([status, message]);
    expect(await storedUnder(lotId)).toEqual([]);
    const after = await (await call(`/api/lot-issues/${issue.id}`, { cookie })).json<IssueView>();
    expect(after.photoUrl).toBeNull();
  });

  it('accepts exactly 5 MB, and only one photo per report', async () => {
    const { cookie } = await driver(0);
    const { lotId } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    expect((await uploadPhoto(cookie, issue.id, jpegBytes(MAX_ISSUE_PHOTO_BYTES))).status).toBe(201);
    const second = await uploadPhoto(cookie, issue.id, jpegBytes());
    expect([second.status, await messageOf(second)]).toEqual([409, 'This report has a photo already; add more in its thread.']);
    expect(await storedUnder(lotId)).toHaveLength(1);
  });

  it('is seen by the reporter and the lot’s staff only; only the reporter adds it', async () => {
    const { cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    const other = await driver(0);
    // Someone else's report: unknown to them, whether adding or looking.
    expect((await uploadPhoto(other.cookie, issue.id, jpegBytes())).status).toBe(404);
    // Staff see the report but the photo is the reporter's to add.
    const byStaff = await uploadPhoto(attendant, issue.id, jpegBytes());
    expect([byStaff.status, await messageOf(byStaff)]).toEqual([403, 'Only the person who reported the issue can add its photo.']);
    expect((await uploadPhoto(cookie, issue.id, jpegBytes())).status).toBe(201);

    const url = `/api/lot-issues/${issue.id}/photo`;
    for (const staff of [attendant, owner, await cookieFor('super_admin')]) expect((await call(url, { cookie: staff })).status).toBe(200);
    // Another lot's attendant, another driver, nobody signed in.
    const elsewhere = await staffedLot(owner);
    for (const stranger of [other.cookie, elsewhere.attendant, await cookieFor('attendant')]) {
      const res = await call(url, { cookie: stranger });
      expect([res.status, await messageOf(res)]).toEqual([404, 'Report not found']);
    }
    expect((await call(url)).status).toBe(401);
  });
});

describe('the metadata of a report’s photo', () => {
  it('is gone once uploaded: no location, time or phone is kept, the picture and its orientation are', async () => {
    const { cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    const photo = jpegBytes(4096, { gps: true });
    const res = await uploadPhoto(cookie, issue.id, photo);
    expect(res.status).toBe(201);
    const served = new Uint8Array(await (await call(`/api/lot-issues/${issue.id}/photo`, { cookie: attendant })).arrayBuffer());
    const stored = new Uint8Array(await (await env.ISSUE_PHOTOS.get((await storedUnder(lotId))[0]))!.arrayBuffer());
    expect(served).toEqual(stored);
    expect(served).toEqual(withoutPhotoMetadata(photo, 'image/jpeg'));
    expect((await res.json<{ size: number }>()).size).toBe(served.length);
    const text = new TextDecoder('latin1').decode(served);
    for (const word of ['GPS', 'Pixel', 'xmpmeta']) expect(text).not.toContain(word);
    // The picture's last bytes (its scan and EOI) are as sent, and it still shows upright.
    expect(served.subarray(-100)).toEqual(photo.subarray(-100));
    expect(text).toContain(new TextDecoder('latin1').decode(orientationSegment(6)));
  });

  it('refuses a photo that cannot be read, with 400, and stores nothing', async () => {
    const { cookie } = await driver(0);
    const { lotId } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    const cut = jpegBytes(4096, { gps: true }).slice(0, 300);
    const res = await uploadPhoto(cookie, issue.id, cut);
    expect([res.status, await messageOf(res)]).toEqual([
      400,
      'The photo could not be read: it may be damaged. Take it again or choose another.',
    ]);
    expect(await storedUnder(lotId)).toEqual([]);
  });
});

describe('a deleted account', () => {
  it('takes its reports’ words and photos with it; the reports stay in the lot’s history', async () => {
    const { cookie, body } = await newDriver();
    const { lotId, attendant } = await staffedLot(owner);
    const issue = await reported(cookie, lotId, { text: 'My name is on the windshield note' });
    expect((await uploadPhoto(cookie, issue.id, jpegBytes())).status).toBe(201);
    expect((await call(`/api/lot-issues/${issue.id}/messages`, { method: 'POST', cookie, json: { text: 'Call me back' } })).status).toBe(
      201,
    );
    const deleted = await call('/api/account', { method: 'DELETE', cookie, json: { password: body.password } });
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    expect(await storedUnder(lotId)).toEqual([]);
    const kept = await (await call(`/api/lot-issues/${issue.id}`, { cookie: attendant })).json<IssueView>();
    expect([kept.text, kept.photoUrl, kept.messages!.map((m) => m.text)]).toEqual(['[erased]', null, ['[erased]']]);
  });
});
