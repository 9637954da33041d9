import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';

/** A real, scannable QR code of the signed pass token. */
export function QrPass({ token, passId }: { token: string; passId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, token, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
  }, [token]);
  return <canvas ref={canvas} data-testid="qr-pass" aria-label={`QR pass ${passId}`} role="img" className="mx-auto rounded-lg bg-white" />;
}

/** Save: the pass as a PNG file named after its pass id. */
export function savePassImage(passId: string) {
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="qr-pass"]');
  if (!canvas) return;
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = `parkada-pass-${passId}.png`;
  link.click();
}
