/**
 * A printable sheet of validation codes: A4 pages of QR codes, each with its code written under it
 * and what it is worth, for the merchant to cut and hand out. Loaded on the click (pdf-lib and qrcode).
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatDateTime } from '../../../core/time';
import { worthLabel } from '../../../core/validations';
import { drawCutLine, pdfPesos, printable } from '../../lib/pdf-writer';
import type { CodeBatch } from '../../lib/validations';

const A4: [number, number] = [595.28, 841.89];
const COLUMNS = 3;
const ROWS = 4;
const MARGIN = 36;
const HEADER = 48;

export async function codeSheetPdf(batch: CodeBatch, lotName: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Parkada validations ${batch.merchantName}`);
  pdf.setProducer('Parkada');
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const worth = worthLabel(batch, pdfPesos);
  const expires = `Valid until ${formatDateTime(batch.expiresAt)}`;
  const cellWidth = (A4[0] - 2 * MARGIN) / COLUMNS;
  const cellHeight = (A4[1] - 2 * MARGIN - HEADER) / ROWS;
  const qrSize = Math.min(cellWidth, cellHeight) - 60;
  const ink = rgb(0.1, 0.1, 0.12);
  const perPage = COLUMNS * ROWS;
  for (let start = 0; start < batch.codes.length; start += perPage) {
    const page = pdf.addPage(A4);
    page.drawText(printable(`${batch.merchantName} · parking validation at ${lotName}`), {
      x: MARGIN,
      y: A4[1] - MARGIN - 16,
      size: 14,
      font: bold,
      color: ink,
    });
    page.drawText(printable(`${worth} · single use · ${expires} · page ${start / perPage + 1}`), {
      x: MARGIN,
      y: A4[1] - MARGIN - 32,
      size: 9,
      font: regular,
      color: ink,
    });
    const codes = batch.codes.slice(start, start + perPage);
    for (const [index, code] of codes.entries()) {
      const column = index % COLUMNS;
      const row = Math.floor(index / COLUMNS);
      const x = MARGIN + column * cellWidth;
      const top = A4[1] - MARGIN - HEADER - row * cellHeight;
      const png = await pdf.embedPng(await QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: 256 }));
      drawCutLine(page, { x, top, width: cellWidth, height: cellHeight });
      page.drawImage(png, { x: x + (cellWidth - qrSize) / 2, y: top - 12 - qrSize, width: qrSize, height: qrSize });
      const codeWidth = bold.widthOfTextAtSize(code, 12);
      page.drawText(code, { x: x + (cellWidth - codeWidth) / 2, y: top - 30 - qrSize, size: 12, font: bold, color: ink });
      const label = printable(worth);
      page.drawText(label, {
        x: x + (cellWidth - regular.widthOfTextAtSize(label, 9)) / 2,
        y: top - 44 - qrSize,
        size: 9,
        font: regular,
        color: ink,
      });
    }
  }
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}
