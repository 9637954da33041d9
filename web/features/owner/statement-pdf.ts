/** Generate PDF on the Statements screen: the month's statement as an A4 document. Loaded on the click. */
import { STATEMENT_PARTS } from '../../../core/statements';
import { formatBasisPoints } from '../../../core/platform-settings';
import { formatDateTime } from '../../../core/time';
import { pdfPesos as pesos, pdfWriter } from '../../lib/pdf-writer';
import type { OwnerStatement } from '../../lib/statements';
import { STATUS_LABELS } from './statement-status';

export async function statementPdf(statement: OwnerStatement, generatedAt: Date): Promise<Uint8Array<ArrayBuffer>> {
  const { title, line, heading, bold, save } = await pdfWriter(`Parkada statement ${statement.month}`);
  title(`Parkada — Statement ${statement.month}`);
  line([[`Status: ${STATUS_LABELS[statement.status].label}`, 0]]);
  line([[`Commission: ${formatBasisPoints(statement.commissionBasisPoints)} · figures as of ${formatDateTime(statement.asOf)}`, 0]]);
  line([[`Generated ${formatDateTime(generatedAt.toISOString())}`, 0]]);
  const amounts = (row: OwnerStatement['total']) => [
    ...STATEMENT_PARTS.map(({ label, part }) => [label, row[part]] as const),
    ['Collected through Parkada', row.collectedCents] as const,
    ['Commission (deducted)', row.commissionCents] as const,
    ['Adjustments for earlier months', row.adjustmentsCents] as const,
    ['Payable for the month', row.payableCents + row.adjustmentsCents] as const,
    ...(row.carriedCents ? [['Balance carried from earlier months', row.carriedCents] as const] : []),
    ['Owed to you', row.owedCents] as const,
    ['Cash taken at the gate (for your records)', row.cashCents] as const,
    ['Validated by merchants (invoice them)', row.validatedCents] as const,
  ];
  for (const lot of statement.lots) {
    heading(lot.name);
    for (const [label, cents] of amounts({ ...lot, carriedCents: 0, owedCents: lot.payableCents + lot.adjustmentsCents }))
      line([
        [label, 0],
        [pesos(cents), 300],
      ]);
  }
  heading('Total');
  for (const [label, cents] of amounts(statement.total))
    line(
      [
        [label, 0],
        [pesos(cents), 300],
      ],
      bold,
    );
  heading('Payouts');
  if (statement.payouts.length === 0) line([['None recorded for this month.', 0]]);
  for (const payout of statement.payouts)
    line([
      [`${payout.paidOn} · ref. ${payout.reference}`, 0],
      [pesos(payout.amountCents), 300],
    ]);
  return save();
}
