/**
 * A lot's tags as printable QR stickers: four to an A4 page, each with the lot's name, what to do and
 * the URL under the code, for the owner to print, cut and stick at the entrance or exit (docs/gate.md,
 * Entrance tags). Loaded on the click (pdf-lib and qrcode).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { drawCutLine, printable } from '../../lib/pdf-writer';
import { TAG_INSTRUCTIONS, TAG_KIND_LABELS, type TagKind } from '../../../core/tags';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;
const ink = rgb(0.1, 0.1, 0.12);

export type PrintedTag = { kind: TagKind; url: string };

const centred = (
  page: PDFPage,
  text: string,
  { x, y, width, font, size }: { x: number; y: number; width: number; font: PDFFont; size: number },
) => {
  const line = printable(text);
  // A long line (the URL) shrinks to fit its sticker.
  const fitted = Math.min(size, (width - 16) / font.widthOfTextAtSize(line, 1));
  page.drawText(line, { x: x + (width - font.widthOfTextAtSize(line, fitted)) / 2, y, size: fitted, font, color: ink });
};

export async function tagSheetPdf(tags: PrintedTag[], lotName: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Parkada tags ${lotName}`);
  pdf.setProducer('Parkada');
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const width = (A4[0] - 2 * MARGIN) / 2;
  const height = (A4[1] - 2 * MARGIN) / 2;
  const qrSize = width - 80;
  let page = pdf.addPage(A4);
  for (const [index, tag] of tags.entries()) {
    if (index > 0 && index % 4 === 0) page = pdf.addPage(A4);
    const x = MARGIN + (index % 2) * width;
    const top = A4[1] - MARGIN - (Math.floor(index / 2) % 2) * height;
    drawCutLine(page, { x, top, width, height });
    centred(page, `${TAG_KIND_LABELS[tag.kind]} · ${lotName}`, { x, y: top - 34, width, font: bold, size: 15 });
    centred(page, TAG_INSTRUCTIONS[tag.kind], { x, y: top - 52, width, font: regular, size: 10 });
    const png = await pdf.embedPng(await QRCode.toDataURL(tag.url, { errorCorrectionLevel: 'M', margin: 1, width: 512 }));
    page.drawImage(png, { x: x + (width - qrSize) / 2, y: top - 64 - qrSize, width: qrSize, height: qrSize });
    centred(page, tag.url, { x, y: top - 80 - qrSize, width, font: regular, size: 6 });
    centred(page, 'Parkada', { x, y: top - height + 20, width, font: bold, size: 10 });
  }
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}
