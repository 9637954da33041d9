/**
 * An A4 document written line by line with the standard Helvetica fonts (pdf-lib), for the owner's
 * report and statement PDFs. Only imported by modules loaded on the click (pdf-lib is large).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const LINE = 15;

/** The standard PDF fonts write only Windows-1252: the peso sign becomes "PHP", anything else unknown a "?". */
export const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF•–—·]/g, '?');

/** The dashed line a printed sheet (codes, tags) is cut along, around one cell. */
export const drawCutLine = (page: PDFPage, cell: { x: number; top: number; width: number; height: number }) =>
  page.drawRectangle({
    x: cell.x + 4,
    y: cell.top - cell.height + 4,
    width: cell.width - 8,
    height: cell.height - 8,
    borderColor: rgb(0.75, 0.75, 0.78),
    borderWidth: 0.5,
    borderDashArray: [3, 3],
  });
export const pdfPesos = (cents: number) =>
  `PHP ${(cents / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function pdfWriter(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Parkada');
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const room = (lines: number) => {
    if (y - lines * LINE >= MARGIN) return false;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
    return true;
  };
  const text = (value: string, x: number, font: PDFFont = regular, size = 10) =>
    page.drawText(printable(value), { x: MARGIN + x, y, size, font, color: rgb(0.1, 0.1, 0.12) });
  return {
    bold,
    /** The document's title line. */
    title: (value: string) => {
      text(value, 0, bold, 18);
      y -= 24;
    },
    /** One line of cells at their x offsets; `onNewPage` writes again what a continued table needs (its header). */
    line: (cells: [string, number][], font: PDFFont = regular, onNewPage?: () => void) => {
      if (room(1)) onNewPage?.();
      for (const [value, x] of cells) text(value, x, font);
      y -= LINE;
    },
    heading: (value: string) => {
      room(3);
      y -= 8;
      text(value, 0, bold, 13);
      y -= LINE + 2;
    },
    save: async () => (await pdf.save()) as Uint8Array<ArrayBuffer>,
  };
}
