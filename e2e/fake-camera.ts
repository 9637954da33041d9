/**
 * A video file for chromium's fake camera (`--use-file-for-fake-video-capture`): a QR code drawn
 * from its module matrix into YUV4MPEG2 4:2:0 frames, large and with a quiet zone, so the gate's
 * scanner reads it through the real camera path.
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 800;
const HEIGHT = 600;
const QUIET_ZONE = 4;
const FRAMES = 5;

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
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
