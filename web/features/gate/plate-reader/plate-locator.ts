/**
 * Finds plates in a camera frame without a model, so the OCR reads one clean line instead of a
 * whole street: a plate's glyphs are a short band dense in vertical edges. Each band is turned
 * upright by its own angle (its pixels' principal axis), cut from the full-resolution frame, made
 * black on white, and stripped of what is not a plate glyph (the "PILIPINAS" header, the region
 * line, the frame, bolts), which are smaller or larger than the row of glyphs of equal height.
 */
import { components, type Component, type Mask } from './components';
import { darkPixels, drawLine, glyphCount, glyphRow } from './glyph-row';

/**
 * Frames are searched at these widths: the larger finds a plate at 15% of the frame, the smaller one
 * filling half of it (whose thick strokes leave gaps in the larger's edge bands).
 */
const SEARCH_WIDTHS = [640, 320];
/** A band is cut so its glyphs are about this tall, enough to tell them from the header. */
const CUT_GLYPH_HEIGHT = 40;
/** Bands tried at each width, largest first: a plate is rarely the third-densest text in view. */
const MAX_BANDS = 3;
/** A row of glyphs much shorter than the tallest in the frame is the plate's header or region line, or other text. */
const SHORTER_THAN_PLATE = 0.6;

export type PlateCandidate = {
  /** The glyphs alone, black on white, level: what the OCR reads. */
  line: OffscreenCanvas;
  /** The plate as the camera saw it, upright, for the attendant to check the read against. */
  crop: OffscreenCanvas;
  /** How many glyphs the row holds, to check a read's length against. */
  glyphs: number;
  /** Their height in frame pixels. */
  height: number;
};

type Band = { cx: number; cy: number; angle: number; length: number; thickness: number };

function greyOf(frame: ImageBitmap, width: number, height: number): Uint8Array {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(frame, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = (data[i * 4] * 77 + data[i * 4 + 1] * 150 + data[i * 4 + 2] * 29) >> 8;
  return grey;
}

/** Where horizontal contrast is strong, then where such edges are dense (a box sum over an integral image). */
function denseEdges(grey: Uint8Array, width: number, height: number): Mask {
  const gradient = new Uint8Array(width * height);
  let total = 0;
  for (let y = 0; y < height; y++)
    for (let x = 1; x < width - 1; x++) {
      const value = Math.abs(grey[y * width + x + 1] - grey[y * width + x - 1]);
      gradient[y * width + x] = value;
      total += value;
    }
  // Relative to the frame's own contrast, so a dim night frame still shows its plate.
  const threshold = Math.min(80, Math.max(20, (4 * total) / (width * height)));
  const integral = new Uint32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++)
    for (let x = 0, row = 0; x < width; x++) {
      row += gradient[y * width + x] > threshold ? 1 : 0;
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row;
    }
  const [rx, ry] = [8, 3];
  const data = new Uint8Array(width * height);
  for (let y = ry; y < height - ry - 1; y++)
    for (let x = rx; x < width - rx - 1; x++) {
      const sum =
        integral[(y + ry + 1) * (width + 1) + x + rx + 1] -
        integral[(y - ry) * (width + 1) + x + rx + 1] -
        integral[(y + ry + 1) * (width + 1) + x - rx] +
        integral[(y - ry) * (width + 1) + x - rx];
      data[y * width + x] = sum > 0.28 * (2 * rx + 1) * (2 * ry + 1) ? 1 : 0;
    }
  return { data, width, height };
}

/** A blob's centre, principal angle and extents along and across that angle. */
function bandOf(blob: Component, width: number): Band {
  const { pixels } = blob;
  let [sx, sy] = [0, 0];
  for (const p of pixels) [sx, sy] = [sx + (p % width), sy + Math.floor(p / width)];
  const [cx, cy] = [sx / pixels.length, sy / pixels.length];
  let [xx, yy, xy] = [0, 0, 0];
  for (const p of pixels) {
    const [dx, dy] = [(p % width) - cx, Math.floor(p / width) - cy];
    [xx, yy, xy] = [xx + dx * dx, yy + dy * dy, xy + dx * dy];
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  let [uMin, uMax, vMin, vMax] = [0, 0, 0, 0];
  for (const p of pixels) {
    const [dx, dy] = [(p % width) - cx, Math.floor(p / width) - cy];
    const [u, v] = [dx * cos + dy * sin, -dx * sin + dy * cos];
    [uMin, uMax, vMin, vMax] = [Math.min(uMin, u), Math.max(uMax, u), Math.min(vMin, v), Math.max(vMax, v)];
  }
  return { cx: cx + (cos * (uMin + uMax)) / 2, cy: cy + (sin * (uMin + uMax)) / 2, angle, length: uMax - uMin, thickness: vMax - vMin };
}

const looksLikeGlyphRow = (band: Band) =>
  band.length >= 40 &&
  band.thickness >= 8 &&
  band.length / band.thickness >= 1.6 &&
  band.length / band.thickness <= 12 &&
  Math.abs(band.angle) < 0.6;

/** The band cut upright from the full frame, `scale` search pixels to one frame pixel, with room around it; and its zoom. */
function cutUpright(frame: ImageBitmap, band: Band, scale: number) {
  const zoom = (2.2 * CUT_GLYPH_HEIGHT) / band.thickness; // output pixels per search pixel
  // A space or the plate's emblem can split the glyphs into two bands: each is cut as wide as a whole
  // plate and then some (a plate is about six glyph heights wide), and the glyph row below keeps what belongs.
  const length = Math.max(band.length * 1.25, 11 * band.thickness);
  const canvas = new OffscreenCanvas(Math.round(length * zoom), Math.round(band.thickness * 2.4 * zoom));
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.imageSmoothingQuality = 'high';
  context.translate(canvas.width / 2, canvas.height / 2);
  context.scale(zoom, zoom);
  context.rotate(-band.angle);
  context.translate(-band.cx, -band.cy);
  context.scale(scale, scale);
  context.drawImage(frame, 0, 0);
  return { canvas, zoom: zoom * scale };
}

/** The likeliest glyph bands at one search width, in frame pixels. */
function bandsAt(frame: ImageBitmap, searchWidth: number) {
  const scale = searchWidth / frame.width;
  const [width, height] = [searchWidth, Math.round(frame.height * scale)];
  return components(denseEdges(greyOf(frame, width, height), width, height))
    .filter((blob) => blob.pixels.length >= 200 * (searchWidth / 640) ** 2)
    .map((blob) => bandOf(blob, width))
    .filter(looksLikeGlyphRow)
    .sort((a, b) => b.length * b.thickness - a.length * a.thickness)
    .slice(0, MAX_BANDS)
    .map((band) => ({ band, scale }));
}

/** The likeliest plates of a frame, tallest glyphs first (none when nothing looks like a row of plate glyphs). */
export function findPlates(frame: ImageBitmap): PlateCandidate[] {
  const found = SEARCH_WIDTHS.flatMap((searchWidth) => bandsAt(frame, searchWidth)).flatMap(({ band, scale }) => {
    const { canvas: crop, zoom } = cutUpright(frame, band, scale);
    const mask = darkPixels(crop, CUT_GLYPH_HEIGHT);
    const row = glyphRow(mask, 0.4 * CUT_GLYPH_HEIGHT);
    return row ? [{ line: drawLine(row, mask.width), crop, glyphs: glyphCount(row), height: row.height / zoom }] : [];
  });
  const tallest = Math.max(0, ...found.map((candidate) => candidate.height));
  return found.filter((candidate) => candidate.height >= SHORTER_THAN_PLATE * tallest).sort((a, b) => b.height - a.height);
}
