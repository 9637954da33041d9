/**
 * A HEIC photo's Exif and XMP blanked (core/photo-metadata.ts). HEIF (ISO/IEC 23008-12) keeps them as
 * items of its `meta` box: `iinf` names each item's type, `iloc` says where its bytes lie (in the file,
 * or in `idat`). Their bytes are overwritten with zeros where they lie, so no offset in the file moves
 * and every other item, the picture's, stays byte for byte. Its orientation is a property of the
 * picture (`irot`), not of the Exif, so the photo still shows upright.
 */

class Malformed extends Error {}
const malformed = (): never => {
  throw new Malformed();
};

/** Reads big-endian fields within [at, end) of the file; past the end, the file is malformed. */
class Fields {
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
    private readonly end: number,
  ) {}

  uint(size: number) {
    if (this.at + size > this.end) malformed();
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + this.bytes[this.at + i];
    this.at += size;
    return value;
  }

  fourcc() {
    const at = this.at;
    this.uint(4);
    return String.fromCharCode(...this.bytes.subarray(at, at + 4));
  }

  /** A null-terminated UTF-8 string. */
  text() {
    const stop = this.bytes.indexOf(0, this.at);
    if (stop < 0 || stop >= this.end) malformed();
    const value = new TextDecoder().decode(this.bytes.subarray(this.at, stop));
    this.at = stop + 1;
    return value;
  }

  /** A FullBox's version (its flags skipped). */
  version() {
    const version = this.uint(1);
    this.uint(3);
    return version;
  }
}

type Box = { type: string; body: number; end: number };

/** The boxes laid one after another in [from, to). */
function boxesIn(bytes: Uint8Array, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at < to; ) {
    const header = new Fields(bytes, at, to);
    let size = header.uint(4);
    const type = header.fourcc();
    if (size === 1) size = header.uint(8);
    else if (size === 0) size = to - at;
    const end = at + size;
    if (end > to || end < header.at) malformed();
    boxes.push({ type, body: header.at, end });
    at = end;
  }
  return boxes;
}

const XMP_CONTENT_TYPE = 'application/rdf+xml';

/** The ids of the items `iinf` says are Exif or XMP. */
function metadataItems(bytes: Uint8Array, iinf: Box) {
  const fields = new Fields(bytes, iinf.body, iinf.end);
  fields.uint(fields.version() === 0 ? 2 : 4); // the entry count: the boxes that follow say it
  const ids = new Set<number>();
  for (const infe of boxesIn(bytes, fields.at, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const entry = new Fields(bytes, infe.body, infe.end);
    const version = entry.version();
    if (version < 2) malformed(); // versions 0 and 1 name no item type
    const id = entry.uint(version === 2 ? 2 : 4);
    entry.uint(2); // protection index
    const type = entry.fourcc();
    const contentType = () => {
      entry.text(); // the item's name
      return entry.text();
    };
    if (type === 'Exif' || (type === 'mime' && contentType() === XMP_CONTENT_TYPE)) ids.add(id);
  }
  return ids;
}

/** Where the bytes of the items lie, as [start, end) ranges of the file. */
function extentsOf(bytes: Uint8Array, iloc: Box, items: Set<number>, idat: Box | undefined) {
  const fields = new Fields(bytes, iloc.body, iloc.end);
  const version = fields.version();
  if (version > 2) malformed();
  const [sizes, more] = [fields.uint(1), fields.uint(1)];
  const [offsetSize, lengthSize, baseSize, indexSize] = [sizes >> 4, sizes & 15, more >> 4, version === 0 ? 0 : more & 15];
  const ranges: [number, number][] = [];
  for (let count = fields.uint(version < 2 ? 2 : 4); count > 0; count--) {
    const id = fields.uint(version < 2 ? 2 : 4);
    const method = version === 0 ? 0 : fields.uint(2) & 15;
    fields.uint(2); // data reference index
    const base = fields.uint(baseSize);
    for (let extents = fields.uint(2); extents > 0; extents--) {
      fields.uint(indexSize);
      const [offset, length] = [fields.uint(offsetSize), fields.uint(lengthSize)];
      if (!items.has(id)) continue;
      // Method 0: offsets in the file; 1: in `idat`'s data; 2 (in another item) and a length of 0 ("to the end") are not followed.
      if (length === 0 || method > 1 || (method === 1 && !idat)) malformed();
      const start = (method === 1 ? idat!.body : 0) + base + offset;
      ranges.push([start, start + length]);
    }
  }
  return ranges;
}

/** The HEIF file with its Exif and XMP items zeroed, or null when its boxes cannot be walked. */
export function withoutHeifMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  try {
    const meta = boxesIn(bytes, 0, bytes.length).find((box) => box.type === 'meta') ?? malformed();
    const children = boxesIn(bytes, meta.body + 4, meta.end); // after the FullBox's version and flags
    const child = (type: string) => children.find((box) => box.type === type);
    const iinf = child('iinf') ?? malformed();
    const iloc = child('iloc') ?? malformed();
    const blanked = bytes.slice();
    for (const [start, end] of extentsOf(bytes, iloc, metadataItems(bytes, iinf), child('idat'))) {
      if (end > bytes.length) malformed();
      blanked.fill(0, start, end);
    }
    return blanked;
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}
