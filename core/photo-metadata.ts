/**
 * A photo without what the camera wrote beside the picture (docs/gate.md, Driver reports): where it
 * was taken, when, on which phone. A driver's photo of a lot is kept for its picture alone, so its
 * metadata goes on upload and only what a decoder needs stays, byte for byte:
 * - JPEG: every APPn segment and comment but JFIF (APP0), the colour profile (APP2 ICC_PROFILE) and
 *   Adobe's colour transform (APP14), and whatever follows the picture's EOI; the Exif block becomes
 *   one holding the orientation alone, so the photo still shows upright;
 * - PNG: the eXIf, tEXt, iTXt, zTXt and tIME chunks, and anything after IEND;
 * - WebP: the EXIF and XMP chunks, their flags in VP8X cleared and the RIFF size fixed;
 * - HEIC: the Exif and XMP items blanked in place (./heif-metadata.ts).
 * A file whose structure cannot be walked answers null: what it holds cannot be told, so it is refused.
 */
import { concatBytes } from './bytes';
import { withoutHeifMetadata } from './heif-metadata';
import type { IssuePhotoType } from './lot-issues';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: Uint8Array, at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const u16be = (bytes: Uint8Array, at: number) => (bytes[at] << 8) | bytes[at + 1];
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
const u32le = (bytes: Uint8Array, at: number) => bytes[at] + bytes[at + 1] * 0x100 + bytes[at + 2] * 0x10000 + bytes[at + 3] * 0x1000000;

// ——— JPEG ———

const SOS = 0xda;
const EOI = 0xd9;
/** The application segments a decoder reads, by marker and the name their payload starts with. */
const DECODING_SEGMENTS: [number, Uint8Array][] = [
  [0xe0, ascii('JFIF\0')],
  [0xe0, ascii('JFXX\0')],
  [0xe2, ascii('ICC_PROFILE\0')],
  [0xee, ascii('Adobe')],
];
const EXIF = ascii('Exif\0\0');
const ORIENTATION_TAG = 0x0112;

const isMetadataMarker = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
/** Markers that stand alone, without a length: TEM and the restart markers. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** The orientation (2–8) an Exif payload records, or null (none, upright, or unreadable). */
export function exifOrientation(payload: Uint8Array): number | null {
  if (!startsWith(payload, EXIF)) return null;
  const tiff = payload.subarray(EXIF.length);
  const little = startsWith(tiff, ascii('II*\0'));
  if (!little && !startsWith(tiff, ascii('MM\0*'))) return null;
  const u16 = (at: number) => (little ? tiff[at] | (tiff[at + 1] << 8) : u16be(tiff, at));
  const u32 = (at: number) => (little ? u32le(tiff, at) : u32be(tiff, at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  for (let entry = ifd + 2, left = u16(ifd); left > 0 && entry + 12 <= tiff.length; left--, entry += 12)
    if (u16(entry) === ORIENTATION_TAG && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 2 && value <= 8 ? value : null;
    }
  return null;
}

/** An APP1 segment whose Exif holds the orientation and nothing else (big-endian TIFF, one entry in IFD0). */
export function orientationSegment(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const length = 2 + EXIF.length + tiff.length;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...EXIF, ...tiff]);
}

/** What of a metadata segment stays: itself when a decoder needs it, an orientation-only Exif, or nothing. */
function keptOfMetadata(marker: number, segment: Uint8Array): Uint8Array | null {
  const payload = segment.subarray(4);
  if (DECODING_SEGMENTS.some(([kept, name]) => kept === marker && startsWith(payload, name))) return segment;
  const orientation = marker === 0xe1 ? exifOrientation(payload) : null;
  return orientation === null ? null : orientationSegment(orientation);
}

/** Where a scan's entropy-coded data ends: at the next marker (0xFF followed by neither a stuffed 0 nor a restart). */
function scanEnd(bytes: Uint8Array, from: number) {
  for (let at = from; at + 1 < bytes.length; at++) if (bytes[at] === 0xff && bytes[at + 1] !== 0 && !standsAlone(bytes[at + 1])) return at;
  return bytes.length;
}

function jpegWithoutMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // a fill byte before a marker
      continue;
    }
    // The picture ends at EOI: what a camera appends after it (thumbnails, its own trailers) goes too.
    if (marker === EOI) return concatBytes(...parts, bytes.subarray(at, at + 2));
    if (standsAlone(marker)) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const end = at + 2 + u16be(bytes, at + 2);
    if (end < at + 4 || end > bytes.length) return null;
    const segment = bytes.subarray(at, end);
    const kept = isMetadataMarker(marker) ? keptOfMetadata(marker, segment) : segment;
    if (kept) parts.push(kept);
    at = marker === SOS ? scanEnd(bytes, end) : end;
    if (marker === SOS) parts.push(bytes.subarray(end, at));
  }
  return null;
}

// ——— PNG ———

const PNG_SIGNATURE = 8;
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

function pngWithoutMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const parts: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE)];
  for (let at = PNG_SIGNATURE; at + 12 <= bytes.length; ) {
    const end = at + 12 + u32be(bytes, at);
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    if (type === 'IEND') return concatBytes(...parts);
    at = end;
  }
  return null;
}

// ——— WebP ———

const WEBP_METADATA = new Set(['EXIF', 'XMP ']);
/** VP8X's flags for the EXIF and XMP chunks (its first byte: reserved, ICC, alpha, EXIF, XMP, animation, reserved). */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function webpWithoutMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const riffEnd = 8 + u32le(bytes, 4);
  if (bytes.length < 12 || riffEnd > bytes.length) return null;
  const parts: Uint8Array[] = [];
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) return null;
    const size = u32le(bytes, at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) return null;
    const fourcc = String.fromCharCode(...bytes.subarray(at, at + 4));
    const chunk = bytes.slice(at, end);
    if (fourcc === 'VP8X' && size > 0) chunk[8] &= ~VP8X_METADATA_FLAGS;
    if (!WEBP_METADATA.has(fourcc)) parts.push(chunk);
    at = end;
  }
  const body = concatBytes(...parts);
  const size = body.length + 4;
  return concatBytes(ascii('RIFF'), Uint8Array.of(size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24), ascii('WEBP'), body);
}

/** The photo without its metadata, of the type its bytes were sniffed as; null when its structure cannot be walked. */
export function withoutPhotoMetadata(bytes: Uint8Array, type: IssuePhotoType): Uint8Array<ArrayBuffer> | null {
  switch (type) {
    case 'image/jpeg':
      return jpegWithoutMetadata(bytes);
    case 'image/png':
      return pngWithoutMetadata(bytes);
    case 'image/webp':
      return webpWithoutMetadata(bytes);
    case 'image/heic':
      return withoutHeifMetadata(bytes);
  }
}
