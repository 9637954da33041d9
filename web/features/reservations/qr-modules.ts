import QRCode from 'qrcode';

/** A QR code's modules, one byte each (1 = dark), row by row, and their count a side. */
export type QrModules = { size: number; modules: Uint8Array };

/**
 * The code of a text in one byte-mode segment (its UTF-8): naming the mode spares the library its
 * search for the cheapest mix of modes; a token is base64url, which needs byte mode anyway.
 */
export function makeModules(text: string): QrModules {
  const code = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  return { size: code.modules.size, modules: code.modules.data };
}
