/**
 * Video files for chromium's fake camera (`--use-file-for-fake-video-capture`), in YUV4MPEG2 4:2:0
 * frames: a QR code drawn from its module matrix, large and with a quiet zone, or a plate's clean
 * frontal scene (test-support/plate-scene.ts) drawn in a page; so the gate reads them through the real camera path.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import QRCode from 'qrcode';
import { cleanScene, renderPlateScene } from './plate-scene';

const WIDTH = 800;
const HEIGHT = 600;
const QUIET_ZONE = 4;
const FRAMES = 5;
const HEADER = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`;

function writeVideo(path: string, luma: Buffer, chroma: Buffer) {
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(path, Buffer.concat([Buffer.from(HEADER), ...Array.from({ length: FRAMES }, () => frame)]));
}

export function writeQrVideo(path: string, text: string) {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'L' }).modules;
  const scale = Math.floor(HEIGHT / (size + 2 * QUIET_ZONE));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(0, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  // Grey has no colour: both chroma planes sit at the middle value.
  writeVideo(path, luma, Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128));
}

/** RGBA to full-range BT.601 (what "C420jpeg" means), chroma averaged over each 2×2 block. */
function toYuv(rgba: Uint8Array) {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2);
  const quarter = (WIDTH / 2) * (HEIGHT / 2);
  for (let i = 0; i < WIDTH * HEIGHT; i++) luma[i] = 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
  for (let y = 0; y < HEIGHT / 2; y++)
    for (let x = 0; x < WIDTH / 2; x++) {
      let [r, g, b] = [0, 0, 0];
      for (const p of [0, 1, WIDTH, WIDTH + 1].map((d) => (2 * y * WIDTH + 2 * x + d) * 4))
        [r, g, b] = [r + rgba[p] / 4, g + rgba[p + 1] / 4, b + rgba[p + 2] / 4];
      chroma[y * (WIDTH / 2) + x] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      chroma[quarter + y * (WIDTH / 2) + x] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    }
  return { luma, chroma };
}

/** A clean frontal plate, as a gate's camera sees a car stopped at the barrier; drawn in a page of `browser`. */
export async function writePlateVideo(browser: Browser, path: string, plate: string) {
  const page = await browser.newPage();
  try {
    const { luma, chroma } = toYuv(await renderPlateScene(page, cleanScene(plate, WIDTH, HEIGHT)));
    writeVideo(path, luma, chroma);
  } finally {
    await page.close();
  }
}

/** The first frame of such a video back as RGBA, to check what the camera shows. */
export function firstFrame(path: string): { width: number; height: number; rgba: Uint8ClampedArray } {
  const file = readFileSync(path);
  const start = file.indexOf('FRAME\n') + 'FRAME\n'.length;
  const quarter = (WIDTH / 2) * (HEIGHT / 2);
  const rgba = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const c = ((Math.floor(i / WIDTH) >> 1) * WIDTH) / 2 + ((i % WIDTH) >> 1);
    const [y, u, v] = [file[start + i], file[start + WIDTH * HEIGHT + c] - 128, file[start + WIDTH * HEIGHT + quarter + c] - 128];
    rgba.set([y + 1.402 * v, y - 0.344136 * u - 0.714136 * v, y + 1.772 * u, 255], i * 4);
  }
  return { width: WIDTH, height: HEIGHT, rgba };
}
