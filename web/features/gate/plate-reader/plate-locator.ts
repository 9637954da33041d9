/**
 * Finds plates in a camera frame without a model, so the OCR reads one clean line instead of a
 * whole street: a plate's glyphs are a short band dense in vertical edges. Each band is turned
 * upright by its own angle (its pixels' principal axis), cut from the full-resolution frame, made
 * black on white, and stripped of what is not a plate glyph (the "PILIPINAS" header, the region
 * line, the frame, bolts), which are smaller or larger than the row of glyphs of equal height.
 */
import { components, type Component, type Mask } from './components';

/** Frames are searched at this width: enough for a plate at 15% of the frame, and fast. */
const SEARCH_WIDTH = 640;
/** The band's glyphs are drawn this tall for the OCR, with this margin of white. */
const GLYPH_HEIGHT = 40;
const MARGIN = 12;
/** Bands tried, largest first: a plate is rarely the third-densest text in view. */
const MAX_BANDS = 3;

export type PlateCandidate = {
  /** The glyphs alone, black on white, level: what the OCR reads. */
  line: OffscreenCanvas;
  /** The plate as the camera saw it, upright, for the attendant to check the read against. */
  crop: OffscreenCanvas;
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

/** The band cut upright from the full frame, `scale` search pixels to one frame pixel, with room around it. */
function cutUpright(frame: ImageBitmap, band: Band, scale: number): OffscreenCanvas {
  const zoom = (2.2 * GLYPH_HEIGHT) / band.thickness; // output pixels per search pixel
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
  return canvas;
}

/** Dark against its neighbourhood (mean of a window about a glyph's height): holds under uneven light. */
function darkPixels(canvas: OffscreenCanvas): Mask {
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
  const radius = Math.round(GLYPH_HEIGHT * 0.75);
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
      const mean = sum / ((x1 - x0) * (y1 - y0));
      data[y * width + x] = grey[y * width + x] < mean * 0.82 - 4 ? 1 : 0;
    }
  return { data, width, height };
}

/** The strongest set of dark blobs of one height on one line (many and tall, not the small header): the plate's glyphs. */
function glyphRow(blobs: Component[], mask: Mask): Component[] {
  const plausible = blobs.filter(
    (blob) =>
      blob.height >= 0.4 * GLYPH_HEIGHT &&
      blob.height <= 0.9 * mask.height &&
      blob.width <= 1.6 * blob.height &&
      blob.left > 0 &&
      blob.left + blob.width < mask.width &&
      blob.pixels.length >= 0.12 * blob.width * blob.height,
  );
  let [best, score] = [[] as Component[], 0];
  for (const reference of plausible) {
    const centre = reference.top + reference.height / 2;
    const row = plausible.filter(
      (blob) =>
        Math.abs(blob.height - reference.height) <= 0.25 * reference.height &&
        Math.abs(blob.top + blob.height / 2 - centre) <= 0.35 * reference.height,
    );
    if (row.length * reference.height > score) [best, score] = [row, row.length * reference.height];
  }
  return best.length >= 4 ? best.sort((a, b) => a.left - b.left) : [];
}

/** The glyphs redrawn alone, black on white, levelled by the slope of their bottoms. */
function drawLine(row: Component[], width: number): OffscreenCanvas {
  const height = Math.max(...row.map((blob) => blob.height));
  const [first, last] = [row[0], row.at(-1)!];
  const slope = (last.top + last.height - (first.top + first.height)) / Math.max(1, last.left - first.left);
  const zoom = GLYPH_HEIGHT / height;
  const left = first.left;
  const right = last.left + last.width;
  const canvas = new OffscreenCanvas(Math.round((right - left) * zoom) + 2 * MARGIN, GLYPH_HEIGHT + 2 * MARGIN + 2);
  const context = canvas.getContext('2d')!;
  const image = context.createImageData(canvas.width, canvas.height);
  image.data.fill(255);
  const baseline = first.top + first.height;
  for (const blob of row)
    for (const p of blob.pixels) {
      const [x, y] = [p % width, Math.floor(p / width)];
      const level = y - slope * (x - first.left) - (baseline - height);
      const [ox, oy] = [Math.round((x - left) * zoom) + MARGIN, Math.round(level * zoom) + MARGIN];
      for (let dy = 0; dy < Math.ceil(zoom); dy++)
        for (let dx = 0; dx < Math.ceil(zoom); dx++) {
          const i = ((oy + dy) * canvas.width + ox + dx) * 4;
          if (i >= 0 && i < image.data.length) image.data.fill(0, i, i + 3);
        }
    }
  context.putImageData(image, 0, 0);
  return canvas;
}

/** The likeliest plates of a frame, best first (none when nothing looks like a row of glyphs). */
export function findPlates(frame: ImageBitmap): PlateCandidate[] {
  const scale = SEARCH_WIDTH / frame.width;
  const [width, height] = [SEARCH_WIDTH, Math.round(frame.height * scale)];
  const bands = components(denseEdges(greyOf(frame, width, height), width, height))
    .filter((blob) => blob.pixels.length >= 200)
    .map((blob) => bandOf(blob, width))
    .filter(looksLikeGlyphRow)
    .sort((a, b) => b.length * b.thickness - a.length * a.thickness)
    .slice(0, MAX_BANDS);
  return bands.flatMap((band) => {
    const crop = cutUpright(frame, band, scale);
    const mask = darkPixels(crop);
    const row = glyphRow(components(mask), mask);
    return row.length > 0 ? [{ line: drawLine(row, mask.width), crop }] : [];
  });
}
