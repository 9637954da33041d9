/**
 * Makes a QR code off the main thread: encoding a signed token and choosing the code's mask takes a
 * phone long enough to hold up the screen (docs/performance.md). Answers each request, by its id, with
 * the modules, one byte each (1 = dark), row by row, and their count a side.
 */
import QRCode from 'qrcode';

export type QrModules = { size: number; modules: Uint8Array };
export type QrRequest = { id: number; text: string };
export type QrAnswer = QrModules & { id: number };

addEventListener('message', (event: MessageEvent<QrRequest>) => {
  // One byte-mode segment (the text's UTF-8) spares the library its search for the cheapest mix of
  // modes; a token is base64url, which needs byte mode anyway.
  const { id, text } = event.data;
  const code = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const answer: QrAnswer = { id, size: code.modules.size, modules: code.modules.data };
  (self as unknown as Worker).postMessage(answer);
});
