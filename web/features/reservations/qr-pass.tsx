import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';

/** A real, scannable QR code of a signed token (a pass, a pay code), named for screen readers. */
export function QrCode({ token, label, testId }: { token: string; label: string; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, token, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
  }, [token]);
  return <canvas ref={canvas} data-testid={testId} aria-label={label} role="img" className="mx-auto rounded-lg bg-white" />;
}

/** The QR pass of a reservation. */
export const QrPass = ({ token, passId }: { token: string; passId: string }) => (
  <QrCode token={token} label={`QR pass ${passId}`} testId="qr-pass" />
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
