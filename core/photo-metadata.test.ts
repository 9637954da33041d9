import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exifOrientation, orientationSegment, withoutPhotoMetadata } from './photo-metadata';

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const bytesOf = (...parts: (number[] | Uint8Array)[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const u32be = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];
const payload = (maxLength = 40) => fc.uint8Array({ maxLength });

// ——— JPEG ———

const segment = (marker: number, data: number[]) => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data];
/** Segments a decoder reads: tables, the frame, JFIF, the colour profile, Adobe's transform. */
const imageSegment = fc.oneof(
  fc.tuple(fc.constantFrom(0xdb, 0xc0, 0xc4, 0xdd), payload()).map(([marker, data]) => segment(marker, [...data])),
  fc
    .tuple(fc.constantFrom<[number, string]>([0xe0, 'JFIF\0'], [0xe2, 'ICC_PROFILE\0'], [0xee, 'Adobe']), payload())
    .map(([[m, name], data]) => segment(m, [...ascii(name), ...data])),
);
/** What a camera or an editor writes beside the picture: Exif (without an orientation), XMP, IPTC, comments, maker blocks. */
const metadataSegment = fc.oneof(
  payload().map((data) => segment(0xe1, [...ascii('Exif\0\0XX'), ...data])),
  payload().map((data) => segment(0xe1, [...ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta GPSLatitude="14.55"/>'), ...data])),
  payload().map((data) => segment(0xed, [...ascii('Photoshop 3.0\0'), ...data])),
  payload().map((data) => segment(0xfe, [...data])),
  fc.tuple(fc.integer({ min: 0xe3, max: 0xef }), payload()).map(([marker, data]) => segment(marker, [...ascii('Maker'), ...data])),
);
/** A scan: its header, then entropy-coded data where every 0xFF is stuffed, with restart markers. */
const scan = fc
  .tuple(payload(12), fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constant(-1)), { maxLength: 80 }))
  .map(([header, data]) => [
    ...segment(0xda, [...header]),
    ...data.flatMap((byte) => (byte === -1 ? [0xff, 0xd3] : byte === 0xff ? [0xff, 0] : [byte])),
  ]);

describe('a JPEG without its metadata', () => {
  it('keeps every segment a decoder reads and every scan byte for byte, and nothing else', () => {
    const part = fc.oneof(
      imageSegment.map((bytes) => ({ bytes, kept: true })),
      metadataSegment.map((bytes) => ({ bytes, kept: false })),
    );
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 8 }),
        fc.array(fc.tuple(fc.array(part, { maxLength: 2 }), scan), { minLength: 1, maxLength: 3 }),
        payload(),
        (head, scans, trailer) => {
          const parts = [...head, ...scans.flatMap(([between, data]) => [...between, { bytes: data, kept: true }])];
          const photo = bytesOf([0xff, 0xd8], ...parts.map((p) => p.bytes), [0xff, 0xd9], trailer);
          const expected = bytesOf([0xff, 0xd8], ...parts.filter((p) => p.kept).map((p) => p.bytes), [0xff, 0xd9]);
          expect(withoutPhotoMetadata(photo, 'image/jpeg')).toEqual(expected);
        },
      ),
    );
  });

  it('keeps the orientation of the Exif block, and nothing else of it: not the phone, not where it was', () => {
    // Little-endian TIFF, IFD0: Make "Pixel 8", Orientation 6 (turned right), a pointer to the GPS IFD.
    const make = ascii('Pixel 8\0');
    const ifd = [
      3,
      0,
      ...[0x0f, 0x01, 2, 0, ...u32le(make.length), ...u32le(50)],
      ...[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0],
      ...[0x25, 0x88, 4, 0, 1, 0, 0, 0, ...u32le(58)],
      0,
      0,
      0,
      0,
    ];
    const exif = [...ascii('Exif\0\0'), ...ascii('II*\0'), ...u32le(8), ...ifd, ...make, ...ascii('GPS 14.5547N 121.0244E')];
    expect(exifOrientation(Uint8Array.from(exif))).toBe(6);
    const photo = bytesOf([0xff, 0xd8], segment(0xe1, exif), segment(0xda, [1, 2]), [9, 9], [0xff, 0xd9]);
    const stripped = withoutPhotoMetadata(photo, 'image/jpeg')!;
    expect(stripped).toEqual(bytesOf([0xff, 0xd8], orientationSegment(6), segment(0xda, [1, 2]), [9, 9], [0xff, 0xd9]));
    expect(exifOrientation(stripped.subarray(6))).toBe(6);
    expect(new TextDecoder().decode(stripped)).not.toMatch(/Pixel|GPS/);
  });

  it('drops an upright photo’s Exif whole', () => {
    const exif = [...ascii('Exif\0\0MM\0*'), ...u32be(8), 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0];
    const photo = bytesOf([0xff, 0xd8], segment(0xe1, exif), segment(0xda, [1]), [0xff, 0xd9]);
    expect(withoutPhotoMetadata(photo, 'image/jpeg')).toEqual(bytesOf([0xff, 0xd8], segment(0xda, [1]), [0xff, 0xd9]));
  });
});

// ——— PNG ———

const chunk = (type: string, data: Uint8Array) => [...u32be(data.length), ...ascii(type), ...data, 1, 2, 3, 4];

describe('a PNG without its metadata', () => {
  it('keeps the picture’s chunks byte for byte, and no eXIf, text or time chunk, nor what follows IEND', () => {
    const part = fc.oneof(
      fc
        .tuple(fc.constantFrom('PLTE', 'IDAT', 'pHYs', 'iCCP', 'gAMA', 'sRGB', 'tRNS'), payload())
        .map(([type, data]) => ({ bytes: chunk(type, data), kept: true })),
      fc
        .tuple(fc.constantFrom('eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME'), payload())
        .map(([type, data]) => ({ bytes: chunk(type, data), kept: false })),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }), payload(), (parts, trailer) => {
        const head = [...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ...chunk('IHDR', new Uint8Array(13))];
        const end = chunk('IEND', new Uint8Array(0));
        const photo = bytesOf(head, ...parts.map((p) => p.bytes), end, trailer);
        expect(withoutPhotoMetadata(photo, 'image/png')).toEqual(bytesOf(head, ...parts.filter((p) => p.kept).map((p) => p.bytes), end));
      }),
    );
  });
});

// ——— WebP ———

const riffChunk = (fourcc: string, data: Uint8Array) => [...ascii(fourcc), ...u32le(data.length), ...data, ...(data.length % 2 ? [0] : [])];
const riff = (chunks: number[][]) => {
  const body = chunks.flat();
  return bytesOf(ascii('RIFF'), u32le(body.length + 4), ascii('WEBP'), body);
};

describe('a WebP without its metadata', () => {
  it('keeps the picture’s chunks byte for byte, drops EXIF and XMP, clears their VP8X flags and fixes the RIFF size', () => {
    const part = fc.oneof(
      fc
        .tuple(fc.constantFrom('ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L'), payload())
        .map(([type, data]) => ({ bytes: riffChunk(type, data), kept: true })),
      fc.tuple(fc.constantFrom('EXIF', 'XMP '), payload()).map(([type, data]) => ({ bytes: riffChunk(type, data), kept: false })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.array(part, { maxLength: 8 }), (flags, parts) => {
        const vp8x = (f: number) => riffChunk('VP8X', Uint8Array.of(f, 0, 0, 0, 9, 0, 0, 9, 0, 0));
        const photo = riff([vp8x(flags), ...parts.map((p) => p.bytes)]);
        const expected = riff([vp8x(flags & ~0x0c), ...parts.filter((p) => p.kept).map((p) => p.bytes)]);
        expect(withoutPhotoMetadata(photo, 'image/webp')).toEqual(expected);
      }),
    );
  });
});

// ——— HEIC ———

const box = (type: string, ...body: number[][]) => {
  const flat = body.flat();
  return [...u32be(flat.length + 8), ...ascii(type), ...flat];
};
const uint = (size: number, n: number) => Array.from({ length: size }, (_, i) => Math.floor(n / 256 ** (size - 1 - i)) % 256);
const ITEMS: { type: string; mime?: string; metadata: boolean }[] = [
  { type: 'hvc1', metadata: false },
  { type: 'Exif', metadata: true },
  { type: 'mime', mime: 'application/rdf+xml', metadata: true },
  { type: 'mime', mime: 'image/jpeg', metadata: false },
];

/** A HEIF file: ftyp, then meta (iinf naming the items, iloc locating them in mdat), then mdat with their bytes. */
function heif(datas: Uint8Array[], version: 0 | 1 | 2, offsetSize: 4 | 8) {
  const infe = ITEMS.map(({ type, mime }, i) =>
    box('infe', [2, 0, 0, 0], uint(2, i + 1), [0, 0], ascii(type), mime ? [0, ...ascii(mime), 0] : []),
  );
  const idSize = version < 2 ? 2 : 4;
  const ilocOf = (mdatStart: number) => {
    let at = mdatStart + 8;
    const entries = datas.map((data, i) => {
      const entry = [
        ...uint(idSize, i + 1),
        ...(version ? [0, 0] : []),
        0,
        0,
        ...uint(2, 1),
        ...uint(offsetSize, at),
        ...uint(4, data.length),
      ];
      at += data.length;
      return entry;
    });
    return box('iloc', [version, 0, 0, 0], [(offsetSize << 4) | 4, 0], uint(idSize, datas.length), ...entries);
  };
  const ftyp = box('ftyp', ascii('heic'), [0, 0, 0, 0], ascii('mif1heic'));
  const metaOf = (mdatStart: number) =>
    box('meta', [0, 0, 0, 0], box('iinf', [0, 0, 0, 0], uint(2, ITEMS.length), ...infe), ilocOf(mdatStart));
  const mdatStart = ftyp.length + metaOf(0).length;
  return { photo: bytesOf(ftyp, metaOf(mdatStart), box('mdat', ...datas.map((d) => [...d]))), mdatStart };
}

describe('a HEIC without its metadata', () => {
  it('has its Exif and XMP items zeroed where they lie, and every other byte as it was', () => {
    fc.assert(
      fc.property(
        fc.tuple(...ITEMS.map(() => fc.uint8Array({ minLength: 1, maxLength: 30 }))),
        fc.constantFrom<0 | 1 | 2>(0, 1, 2),
        fc.constantFrom<4 | 8>(4, 8),
        (datas, version, offsetSize) => {
          const { photo, mdatStart } = heif(datas, version, offsetSize);
          const expected = photo.slice();
          let at = mdatStart + 8;
          datas.forEach((data, i) => {
            if (ITEMS[i].metadata) expected.fill(0, at, at + data.length);
            at += data.length;
          });
          expect(withoutPhotoMetadata(photo, 'image/heic')).toEqual(expected);
        },
      ),
    );
  });
});

describe('a file whose structure cannot be walked', () => {
  it('is answered null, never an exception, whatever its bytes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/heic') as fc.Arbitrary<'image/jpeg'>,
        fc.uint8Array({ maxLength: 200 }),
        (type, bytes) => {
          const result = withoutPhotoMetadata(bytes, type);
          expect(result === null || result instanceof Uint8Array).toBe(true);
        },
      ),
    );
  });

  it('is answered null when cut short', () => {
    const jpeg = bytesOf([0xff, 0xd8], segment(0xe0, ascii('JFIF\0')), segment(0xda, [1]), [5, 6, 7]);
    expect(withoutPhotoMetadata(jpeg, 'image/jpeg')).toBeNull();
    expect(withoutPhotoMetadata(jpeg.subarray(0, 8), 'image/jpeg')).toBeNull();
    const png = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], chunk('IHDR', new Uint8Array(13)));
    expect(withoutPhotoMetadata(png, 'image/png')).toBeNull();
    expect(withoutPhotoMetadata(riff([riffChunk('VP8 ', new Uint8Array(10))]).subarray(0, 20), 'image/webp')).toBeNull();
    expect(withoutPhotoMetadata(bytesOf(box('ftyp', ascii('heic'))), 'image/heic')).toBeNull();
  });
});
