/**
 * The row of a plate's glyphs in an upright cut of the frame: dark blobs of one height on one line,
 * many and tall (not the small "PILIPINAS" header or the region line, not the frame or bolts), redrawn
 * alone, black on white, level and large, as the line the OCR reads.
 */
import { components, type Component, type Mask } from './components';

/** Glyphs are drawn this tall for the OCR (tesseract reads best from about 30 px), with this margin of white. */
const GLYPH_HEIGHT = 48;
const MARGIN = 20;
/** A plate has six or seven glyphs; four or fewer in a row is text of some other kind, or a plate too broken to read. */
const MIN_GLYPHS = 5;

/** The glyphs of a row, left to right, and how tall they are in the cut. */
export type GlyphRow = { glyphs: Component[]; height: number };

/** How many characters a row holds: a blob wider than a glyph is two touching. */
export const glyphCount = ({ glyphs, height }: GlyphRow) => glyphs.reduce((count, blob) => count + (blob.width > 1.25 * height ? 2 : 1), 0);

/** Dark against its neighbourhood (mean of a window about a glyph's height): holds under uneven light. */
export function darkPixels(canvas: OffscreenCanvas, glyphHeight: number): Mask {
  const { width, height } = canvas;
  const { data: rgba } = canvas.getContext('2d', { willReadFrequently: true })!.getImageData(0, 0, width, height);
  const integral = new Float64Array((width + 1) * (height + 1));
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0, row = 0; x < width; x++) {
      const i = y * width + x;
      grey[i] = (rgba[i * 4] * 77 + rgba[i * 4 + 1] * 150 + rgba[i * 4 + 2] * 29) >> 8;
      row += grey[i];
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row;
    }
  const radius = Math.round(glyphHeight * 0.75);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [x0, x1, y0, y1] = [
        Math.max(0, x - radius),
        Math.min(width, x + radius + 1),
        Math.max(0, y - radius),
        Math.min(height, y + radius + 1),
      ];
      const sum =
        integral[y1 * (width + 1) + x1] -
        integral[y0 * (width + 1) + x1] -
        integral[y1 * (width + 1) + x0] +
        integral[y0 * (width + 1) + x0];
      data[y * width + x] = grey[y * width + x] < (sum / ((x1 - x0) * (y1 - y0))) * 0.82 - 4 ? 1 : 0;
    }
  return { data, width, height };
}

/** Pieces of one glyph (a stroke broken by blur or noise) side by side in x: joined into one. */
function joinPieces(row: Component[]): Component[] {
  const joined: Component[] = [];
  for (const blob of row) {
    const last = joined.at(-1);
    const overlap = last ? last.left + last.width - blob.left : 0;
    if (!last || overlap < 0.5 * Math.min(last.width, blob.width)) {
      joined.push(blob);
      continue;
    }
    const [right, bottom] = [
      Math.max(last.left + last.width, blob.left + blob.width),
      Math.max(last.top + last.height, blob.top + blob.height),
    ];
    const [left, top] = [Math.min(last.left, blob.left), Math.min(last.top, blob.top)];
    joined[joined.length - 1] = { pixels: [...last.pixels, ...blob.pixels], left, top, width: right - left, height: bottom - top };
  }
  return joined;
}

/** The strongest set of dark blobs of one height on one line, or null when it is no plate's. */
export function glyphRow(mask: Mask, minHeight: number): GlyphRow | null {
  const plausible = components(mask).filter(
    (blob) =>
      blob.height >= minHeight &&
      blob.height <= 0.9 * mask.height &&
      // Up to two glyphs touching (YV, kerned): the OCR parts them.
      blob.width <= 2.4 * blob.height &&
      blob.left > 0 &&
      blob.left + blob.width < mask.width &&
      blob.pixels.length >= 0.12 * blob.width * blob.height,
  );
  let [best, score] = [[] as Component[], 0];
  for (const reference of plausible) {
    const centre = reference.top + reference.height / 2;
    const row = plausible.filter(
      (blob) =>
        Math.abs(blob.height - reference.height) <= 0.3 * reference.height &&
        Math.abs(blob.top + blob.height / 2 - centre) <= 0.35 * reference.height,
    );
    if (row.length * reference.height > score) [best, score] = [row, row.length * reference.height];
  }
  const glyphs = joinPieces(best.sort((a, b) => a.left - b.left));
  if (glyphs.length < MIN_GLYPHS) return null;
  const heights = glyphs.map((blob) => blob.height).sort((a, b) => a - b);
  return { glyphs, height: heights[Math.floor(heights.length / 2)] };
}

/**
 * The glyphs redrawn alone, black on white, levelled by the line through their bottoms and drawn
 * `GLYPH_HEIGHT` tall. Wide gaps (the space, the emblem between the groups) are closed to one
 * glyph's spacing, so the OCR reads one word: it gives the first glyph after a space a low confidence.
 */
export function drawLine({ glyphs, height }: GlyphRow, width: number): OffscreenCanvas {
  const zoom = GLYPH_HEIGHT / height;
  const gap = Math.round(0.3 * GLYPH_HEIGHT);
  const bottoms = glyphs.map((blob) => blob.top + blob.height);
  const [first, last] = [glyphs[0], glyphs.at(-1)!];
  const slope = (bottoms.at(-1)! - bottoms[0]) / Math.max(1, last.left - first.left);
  const baseline = bottoms[0];
  const offsets: number[] = [];
  let x = MARGIN;
  for (const blob of glyphs) {
    offsets.push(x);
    x += Math.ceil(blob.width * zoom) + gap;
  }
  const canvas = new OffscreenCanvas(x - gap + MARGIN, GLYPH_HEIGHT + 2 * MARGIN + 4);
  const context = canvas.getContext('2d')!;
  const image = context.createImageData(canvas.width, canvas.height);
  image.data.fill(255);
  const step = Math.ceil(zoom);
  glyphs.forEach((blob, index) => {
    for (const p of blob.pixels) {
      const [px, py] = [p % width, Math.floor(p / width)];
      const level = py - slope * (px - first.left) - (baseline - height);
      const [ox, oy] = [Math.round((px - blob.left) * zoom) + offsets[index], Math.round(level * zoom) + MARGIN];
      for (let dy = 0; dy < step; dy++) {
        const i = ((oy + dy) * canvas.width + ox) * 4;
        if (i >= 0 && i + step * 4 <= image.data.length) for (let dx = 0; dx < step; dx++) image.data.fill(0, i + dx * 4, i + dx * 4 + 3);
      }
    }
  });
  context.putImageData(image, 0, 0);
  return canvas;
}
