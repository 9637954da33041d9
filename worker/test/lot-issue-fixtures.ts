/** Driver reports for worker/lot-issues/*.test.ts: a lot with its own attendant, a report, a photo's bytes. */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { reservations } from '../db/schema';
import { HOUR, makeLot, MINUTE } from './booking-fixtures';
import { call, cookieFor, db, key, seedOnce, signedInAccount } from './helpers';
import { hire } from './lot-attendants';

export type IssueView = {
  id: string;
  lotId: string;
  category: string;
  text: string;
  status: string;
  photoUrl: string | null;
  remedy: string | null;
  offersSlotTakenChoice: boolean;
  offersSlotTakenRefund: boolean;
  reservationId: string | null;
  messages?: { fromStaff: boolean; text: string; authorName: string }[];
};

/** Seeds the demo data; answers the demo owner's session (owner of every lot `makeLot` makes). */
export async function asOwner() {
  await seedOnce();
  return cookieFor('owner_admin');
}

/** A lot of the demo owner's with an attendant of its own (who works no other lot). */
export async function staffedLot(owner: string, slots = 2) {
  const lotId = await makeLot(slots);
  const attendant = await signedInAccount('attendant');
  await hire(owner, lotId, { email: attendant.user.email, cookie: attendant.cookie });
  return { lotId, attendant: attendant.cookie };
}

export const report = (cookie: string, lotId: string, json: Record<string, unknown>) =>
  call(`/api/lots/${lotId}/issues`, { method: 'POST', cookie, json });

export const setStatus = (cookie: string, id: string, status: string) =>
  call(`/api/lot-issues/${id}/status`, { method: 'POST', cookie, json: { status } });

export const chooseRemedy = (cookie: string, id: string, choice: string, headers: HeadersInit = key()) =>
  call(`/api/lot-issues/${id}/slot-taken`, { method: 'POST', cookie, json: { choice }, headers });

/** Moves a reservation's window in D1 (as if booked earlier) to have begun `minutes` ago, lasting `hours`. */
export async function begunAgo(reservationId: string, minutes: number, hours = 2) {
  const start = Date.now() - minutes * MINUTE;
  const window = { startTs: new Date(start).toISOString(), endTs: new Date(start + hours * HOUR).toISOString() };
  await db().update(reservations).set(window).where(eq(reservations.id, reservationId));
  return window;
}

/** A report that was accepted. */
export async function reported(cookie: string, lotId: string, json: Record<string, unknown> = {}) {
  const res = await report(cookie, lotId, { category: 'blocked_entrance', text: 'A van blocks the ramp.', ...json });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<IssueView>();
}

export const uploadPhoto = (cookie: string, issueId: string, bytes: Uint8Array<ArrayBuffer>, type = 'image/jpeg') =>
  call(`/api/lot-issues/${issueId}/photo`, { method: 'PUT', cookie, body: bytes, headers: { 'Content-Type': type } });

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const segment = (marker: number, data: number[]) => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];

/** The Exif a phone writes: its make, the orientation (6: turned right) and a pointer to where it was (the GPS IFD). */
function phoneExif() {
  const make = ascii('Pixel 8\0');
  const entries = [
    [0x0f, 0x01, 2, 0, ...u32le(make.length), ...u32le(50)],
    [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0],
    [0x25, 0x88, 4, 0, 1, 0, 0, 0, ...u32le(58)],
  ];
  return [...ascii('Exif\0\0II*\0'), ...u32le(8), 3, 0, ...entries.flat(), 0, 0, 0, 0, ...make, ...ascii('GPS 14.5547N 121.0244E')];
}

/**
 * A JPEG of `size` bytes a decoder can walk: JFIF, (with `gps`, the Exif and XMP a phone writes), a
 * frame, one scan of zeros and its end.
 */
export function jpegBytes(size = 2048, options: { gps?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const metadata = options.gps
    ? [...segment(0xe1, phoneExif()), ...segment(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta GPSLatitude="14.5547"/>'))]
    : [];
  const head = [0xff, 0xd8, ...segment(0xe0, [...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]), ...metadata];
  const scan = [...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), ...segment(0xda, [1, 1, 0, 0, 0x3f, 0])];
  const bytes = new Uint8Array(size);
  bytes.set([...head, ...scan]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

const u32be = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const box = (type: string, ...body: number[]) => [...u32be(body.length + 8), ...ascii(type), ...body];

/** A PNG a decoder can walk: its header, one (empty) data chunk and its end; no CRC is checked here. */
export const pngBytes = () =>
  Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...[0, 0, 0, 13],
    ...ascii('IHDR'),
    ...new Array(17).fill(1),
    ...[0, 0, 0, 0],
    ...ascii('IDAT'),
    0,
    0,
    0,
    0,
    ...[0, 0, 0, 0],
    ...ascii('IEND'),
    0xae,
    0x42,
    0x60,
    0x82,
  ]);

/** A WebP of one lossy frame. */
export const webpBytes = () =>
  Uint8Array.from([...ascii('RIFF'), ...u32le(22), ...ascii('WEBPVP8 '), ...u32le(10), ...new Array(10).fill(7)]);

/** A HEIC whose meta box lists no item (a decoder would want its picture; the upload only walks its boxes). */
export const heicBytes = () =>
  Uint8Array.from([
    ...box('ftyp', ...ascii('heic'), 0, 0, 0, 0, ...ascii('mif1heic')),
    ...box('meta', 0, 0, 0, 0, ...box('iinf', 0, 0, 0, 0, 0, 0), ...box('iloc', 0, 0, 0, 0, 0x44, 0, 0, 0)),
  ]);
