/**
 * Camera frames of a car's rear with an LTO-style plate, drawn in a browser page's canvas (nothing is
 * downloaded): white plate, dark glyphs in a bold condensed face, "PILIPINAS" above and the region
 * below, on a car body with bumper, grille and lights; at an angle, size, blur, noise and light of
 * the scene's choosing. Used by `npm run bench:plates` and by the browser test's fake camera.
 */
import type { Page } from 'playwright-core';

export type PlateScene = {
  text: string;
  width: number;
  height: number;
  /** Degrees, clockwise. */
  angle: number;
  /** The plate's width as a share of the frame's. */
  size: number;
  /** Where the plate's centre sits, as shares of the frame. */
  x: number;
  y: number;
  blur: number;
  /** Standard deviation of the grain, in grey levels. */
  noise: number;
  night: boolean;
  body: string;
  glyphs: string;
  font: string;
  region: string;
  seed: number;
};

/** The faces a plate's glyphs are drawn in; "PILIPINAS" and the region are in DejaVu Sans. */
export const PLATE_FACES = ['"Liberation Sans Narrow"', '"DejaVu Sans Condensed"'] as const;

/**
 * The faces of the scenes that this machine's browser lacks (Debian: fonts-liberation, fonts-dejavu):
 * it would draw them in a fallback face, and the plates would not be the ones the targets were set on.
 * A face is missing when text in it measures as in each generic face it falls back to.
 */
export function missingPlateFaces(page: Page): Promise<string[]> {
  // No named functions inside: tsx would wrap them in `__name`, which the page lacks.
  return page.evaluate(
    (faces) => {
      const context = document.createElement('canvas').getContext('2d')!;
      return faces.filter((face) =>
        ['monospace', 'serif'].every((generic) => {
          const [withFace, alone] = [`${face}, ${generic}`, generic].map((font) => {
            context.font = `bold 48px ${font}`;
            return context.measureText('PILIPINAS NBC 1234').width;
          });
          return withFace === alone;
        }),
      );
    },
    [...PLATE_FACES, '"DejaVu Sans"'],
  );
}

/** Runs in the page: it must use nothing from outside its own body. */
function drawScene(scene: PlateScene): HTMLCanvasElement {
  let state = scene.seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const { width, height } = scene;
  const car = document.createElement('canvas');
  [car.width, car.height] = [width, height];
  const c = car.getContext('2d')!;
  const sky = c.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#8fa3b8');
  sky.addColorStop(0.55, '#6b6f73');
  sky.addColorStop(1, '#3b3d40');
  c.fillStyle = sky;
  c.fillRect(0, 0, width, height);
  const plateWidth = scene.size * width;
  const plateHeight = plateWidth / 2.79;
  const [px, py] = [scene.x * width, scene.y * height];
  // The car: body around the plate, a grille above it, lights at its sides, the bumper below.
  const bodyWidth = Math.max(plateWidth * 3.2, width * 0.6);
  c.fillStyle = scene.body;
  c.beginPath();
  c.roundRect(px - bodyWidth / 2, py - plateHeight * 3, bodyWidth, plateHeight * 5.5, plateHeight * 0.8);
  c.fill();
  c.fillStyle = '#1b1c1e';
  c.fillRect(px - plateWidth * 1.1, py - plateHeight * 2.2, plateWidth * 2.2, plateHeight * 1.3);
  c.strokeStyle = '#55585c';
  c.lineWidth = Math.max(2, plateHeight * 0.06);
  for (let i = 1; i < 5; i++) {
    c.beginPath();
    c.moveTo(px - plateWidth * 1.05, py - plateHeight * (2.2 - i * 0.26));
    c.lineTo(px + plateWidth * 1.05, py - plateHeight * (2.2 - i * 0.26));
    c.stroke();
  }
  for (const side of [-1, 1]) {
    c.fillStyle = scene.night ? '#ffe9b0' : '#c8321e';
    c.beginPath();
    c.ellipse(px + side * bodyWidth * 0.4, py - plateHeight * 1.6, plateHeight * 0.9, plateHeight * 0.45, 0, 0, Math.PI * 2);
    c.fill();
  }
  c.fillStyle = '#26272a';
  c.fillRect(px - bodyWidth / 2, py + plateHeight * 0.8, bodyWidth, plateHeight * 0.7);
  // The plate.
  c.save();
  c.translate(px, py);
  c.rotate((scene.angle * Math.PI) / 180);
  c.fillStyle = '#f4f6f2';
  c.strokeStyle = '#2a2d2b';
  c.lineWidth = plateHeight * 0.035;
  c.beginPath();
  c.roundRect(-plateWidth / 2, -plateHeight / 2, plateWidth, plateHeight, plateHeight * 0.08);
  c.fill();
  c.stroke();
  c.fillStyle = '#c9d3cf';
  c.beginPath();
  c.ellipse(0, 0, plateWidth * 0.12, plateHeight * 0.3, 0, 0, Math.PI * 2);
  c.fill();
  c.fillStyle = scene.glyphs;
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  c.font = `bold ${plateHeight * 0.15}px "DejaVu Sans"`;
  c.fillText('PILIPINAS', 0, -plateHeight * 0.36);
  c.font = `${plateHeight * 0.11}px "DejaVu Sans"`;
  c.fillText(scene.region, 0, plateHeight * 0.38);
  let fontSize = plateHeight * 0.58;
  c.font = `bold ${fontSize}px ${scene.font}`;
  const fit = (plateWidth * 0.84) / c.measureText(scene.text).width;
  if (fit < 1) fontSize *= fit;
  c.font = `bold ${fontSize}px ${scene.font}`;
  c.fillText(scene.text, 0, plateHeight * 0.03);
  c.restore();
  if (scene.night) {
    // Dark, but the plate lit by its lamp and the headlights behind the camera.
    c.globalCompositeOperation = 'multiply';
    const light = c.createRadialGradient(px, py, plateWidth * 0.2, px, py, width * 0.6);
    light.addColorStop(0, '#b0b0a0');
    light.addColorStop(1, '#141418');
    c.fillStyle = light;
    c.fillRect(0, 0, width, height);
    c.globalCompositeOperation = 'source-over';
  }
  const frame = document.createElement('canvas');
  [frame.width, frame.height] = [width, height];
  const f = frame.getContext('2d', { willReadFrequently: true })!;
  f.filter = scene.blur > 0 ? `blur(${scene.blur}px)` : 'none';
  f.drawImage(car, 0, 0);
  if (scene.noise > 0) {
    const image = f.getImageData(0, 0, width, height);
    for (let i = 0; i < image.data.length; i += 4) {
      // A sum of uniforms is near enough to Gaussian grain.
      const grain = (random() + random() + random() - 1.5) * 2 * scene.noise;
      for (let k = 0; k < 3; k++) image.data[i + k] += grain;
    }
    f.putImageData(image, 0, 0);
  }
  return frame;
}

/** Installs the drawing in the page as `window.drawPlateScene` (tsx names functions with `__name`, which the page lacks). */
export async function installPlateScene(page: Page) {
  await page.evaluate(`window.__name = (fn) => fn; window.drawPlateScene = ${drawScene.toString()};`);
}

/** The scene's pixels, RGBA, for a fake camera's video. */
export async function renderPlateScene(page: Page, scene: PlateScene): Promise<Uint8Array> {
  await installPlateScene(page);
  const pixels = await page.evaluate((s) => {
    const canvas = (window as unknown as { drawPlateScene: (scene: PlateScene) => HTMLCanvasElement }).drawPlateScene(s);
    // A typed array crosses to Node as base64: as an array of numbers, one frame cost seconds of processor.
    return canvas.getContext('2d')!.getImageData(0, 0, s.width, s.height).data;
  }, scene);
  return new Uint8Array(pixels.buffer);
}

/** A clean plate in daylight, square to the camera: what a test's fake camera shows. */
export const cleanScene = (text: string, width: number, height: number): PlateScene => ({
  text,
  width,
  height,
  angle: 0,
  size: 0.4,
  x: 0.5,
  y: 0.55,
  blur: 0,
  noise: 0,
  night: false,
  body: '#9aa4ad',
  glyphs: '#101a14',
  font: PLATE_FACES[0],
  region: 'NCR',
  seed: 1,
});
