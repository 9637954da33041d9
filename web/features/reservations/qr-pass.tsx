import { useEffect, useRef } from 'react';
import type { QrModules } from './qr-modules';
import type { QrAnswer, QrRequest } from './qr-worker';

/** The code's side in CSS pixels: the canvas has it before the code is drawn, so nothing moves then. */
const QR_SIZE = 256;
/** The quiet zone around the code, in modules. */
const QR_MARGIN = 2;

/** Draws the modules (1 = dark) black on white, each canvas pixel taking the module it falls in. */
function drawModules(canvas: HTMLCanvasElement, { size, modules }: QrModules) {
  const scale = QR_SIZE / (size + 2 * QR_MARGIN);
  const context = canvas.getContext('2d')!;
  const image = context.createImageData(QR_SIZE, QR_SIZE);
  for (let y = 0; y < QR_SIZE; y++) {
    const row = Math.floor(y / scale) - QR_MARGIN;
    for (let x = 0; x < QR_SIZE; x++) {
      const column = Math.floor(x / scale) - QR_MARGIN;
      const dark = row >= 0 && row < size && column >= 0 && column < size && modules[row * size + column] === 1;
      image.data.fill(dark ? 0 : 255, (y * QR_SIZE + x) * 4, (y * QR_SIZE + x) * 4 + 3);
      image.data[(y * QR_SIZE + x) * 4 + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
}

/** One worker for the page's codes, started with the first (qr-worker.ts); its answers by request. */
let qrWorker: Worker | undefined;
const waiting = new Map<number, { resolve: (modules: QrModules) => void; reject: (error: Error) => void }>();
let requests = 0;

function startQrWorker(): Worker {
  const worker = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', ({ data }: MessageEvent<QrAnswer>) => {
    const request = waiting.get(data.id);
    waiting.delete(data.id);
    if ('error' in data) request?.reject(new Error(data.error));
    else request?.resolve(data);
  });
  // A worker that cannot start fails the codes it holds; the next code starts another.
  worker.addEventListener('error', () => {
    for (const request of waiting.values()) request.reject(new Error('The QR worker did not start.'));
    waiting.clear();
    qrWorker = undefined;
  });
  return worker;
}

function makeInWorker(text: string): Promise<QrModules> {
  qrWorker ??= startQrWorker();
  const request: QrRequest = { id: ++requests, text };
  qrWorker.postMessage(request);
  return new Promise((resolve, reject) => waiting.set(request.id, { resolve, reject }));
}

/** The code, made in the worker, or here when the worker cannot (a long task, but the code). */
const makeQr = (text: string) => makeInWorker(text).catch(async () => (await import('./qr-modules')).makeModules(text));

/** A real, scannable QR code of a signed token (a pass, a pay code), named for screen readers. */
export function QrCode({ token, label, testId, onDrawn }: { token: string; label: string; testId: string; onDrawn?: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new token draws again, not a caller's new callback
  useEffect(() => {
    // Made off the main thread, drawn here unless the code has changed meanwhile.
    let current = true;
    canvas.current?.setAttribute('aria-busy', 'true');
    makeQr(token)
      .then((modules) => {
        if (!current || !canvas.current) return;
        drawModules(canvas.current, modules);
        canvas.current.setAttribute('aria-busy', 'false');
        onDrawn?.();
      })
      .catch((error: unknown) => console.error('The QR code could not be made', error));
    return () => {
      current = false;
    };
  }, [token]);
  return (
    <canvas
      ref={canvas}
      width={QR_SIZE}
      height={QR_SIZE}
      data-testid={testId}
      aria-label={label}
      // Busy until the code is drawn: it is made off the main thread.
      aria-busy="true"
      role="img"
      className="mx-auto rounded-lg bg-white"
    />
  );
}

/** The pass's place while its signed token loads: the code's size, so the card does not move. */
export const QrPending = () => (
  <div
    role="status"
    aria-label="Loading pass"
    style={{ width: QR_SIZE, height: QR_SIZE }}
    className="mx-auto animate-pulse rounded-lg bg-muted"
  />
);

/** The QR pass of a reservation. */
export const QrPass = ({ token, passId, onDrawn }: { token: string; passId: string; onDrawn?: () => void }) => (
  <QrCode token={token} label={`QR pass ${passId}`} testId="qr-pass" onDrawn={onDrawn} />
);

/** What the saved image says beside the code, so it works as a pass on its own (offline, in a photo roll). */
export type PassCaption = { passId: string; lotName: string; plate: string; slot: string; window: string };

/** Save: the pass as a PNG (the QR code with lot, plate, slot and time under it), named after its pass id. */
export function savePassImage(caption: PassCaption) {
  const qr = document.querySelector<HTMLCanvasElement>('[data-testid="qr-pass"]');
  if (!qr) return;
  const lines = [caption.lotName, `${caption.plate} · slot ${caption.slot}`, caption.window, `Pass ID ${caption.passId}`];
  const width = Math.max(qr.width, 360);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = qr.height + 40 + lines.length * 26;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(qr, (width - qr.width) / 2, 12);
  ctx.fillStyle = '#111827';
  ctx.textAlign = 'center';
  lines.forEach((line, index) => {
    ctx.font = index === 0 ? 'bold 18px system-ui, sans-serif' : '15px system-ui, sans-serif';
    ctx.fillText(line, width / 2, qr.height + 36 + index * 26, width - 24);
  });
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = `parkada-pass-${caption.passId}.png`;
  link.click();
}
