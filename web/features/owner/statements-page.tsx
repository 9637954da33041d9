import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { csvPesos, toCsv } from '../../../core/csv';
import { formatPeso } from '../../../core/money';
import { formatBasisPoints } from '../../../core/platform-settings';
import { STATEMENT_CSV_HEADER, STATEMENT_PARTS } from '../../../core/statements';
import { formatDateTime } from '../../../core/time';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { MonthField } from '../../components/ui/field';
import { SidewaysScroll } from '../../components/ui/sideways-scroll';
import { Stale } from '../../components/ui/stale';
import { downloadFile } from '../../lib/download';
import { ownerStatementQuery, statementMonthOf, type OwnerStatement } from '../../lib/statements';
import { ExportHeading } from './export-heading';
import { STATUS_LABELS } from './statement-status';

type Line = OwnerStatement['lots'][number];
const cells = (
  row: Pick<
    Line,
    | (typeof STATEMENT_PARTS)[number]['part']
    | 'collectedCents'
    | 'commissionCents'
    | 'adjustmentsCents'
    | 'payableCents'
    | 'cashCents'
    | 'validatedCents'
  >,
) => [
  ...STATEMENT_PARTS.map(({ part }) => row[part]),
  row.collectedCents,
  row.commissionCents,
  row.adjustmentsCents,
  row.payableCents + row.adjustmentsCents,
  row.cashCents,
  row.validatedCents,
];

/** The owner's monthly statements: what the platform collected for each lot, keeps, and owes them (docs/owner.md). */
export function OwnerStatementsPage() {
  const search = useSearch({ from: '/_auth/owner/statements' });
  const navigate = useNavigate({ from: '/owner/statements' });
  const month = statementMonthOf(search.month);
  // Another month keeps this one on screen, faded, until it has loaded (the loader loaded the first).
  const shownMonth = useDeferredValue(month);
  const { data } = useSuspenseQuery(ownerStatementQuery(shownMonth));
  const fileName = (ext: string) => `parkada-statement-${shownMonth}.${ext}`;

  const exportCsv = () =>
    downloadFile(
      fileName('csv'),
      toCsv([
        STATEMENT_CSV_HEADER,
        ...data.lots.map((lot) => [lot.name, ...cells(lot).map(csvPesos)]),
        ['Total', ...cells(data.total).map(csvPesos)],
      ]),
    );
  const generatePdf = async () => {
    const { statementPdf } = await import('./statement-pdf');
    downloadFile(fileName('pdf'), await statementPdf(data, new Date()), 'application/pdf');
  };

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <ExportHeading title="Statements" csv={exportCsv} pdf={generatePdf} />
      <Card className="flex flex-wrap items-end gap-4 p-4 sm:p-6">
        <MonthField id="statement-month" value={month} onPick={(picked) => navigate({ search: { month: picked }, replace: true })} />
        <p className="text-sm text-muted-foreground">
          {data.status === 'open' ? `So far, as of ${formatDateTime(data.asOf)}` : `Closed and frozen ${formatDateTime(data.asOf)}`} ·
          commission {formatBasisPoints(data.commissionBasisPoints)}
        </p>
      </Card>
      <Statement statement={data} faded={shownMonth !== month} />
    </main>
  );
}

/** Each lot's figures of the month, and their total. */
function StatementTable({ statement }: { statement: OwnerStatement }) {
  return (
    <SidewaysScroll label="Statement by lot">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">Statement by lot</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            {STATEMENT_CSV_HEADER.map((title, i) => (
              <th key={title} scope="col" className={cn('py-2 pr-3 font-medium', i > 0 && 'text-right')}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statement.lots.map((lot) => (
            <tr key={lot.lotId} className="border-b border-border" data-testid="statement-lot">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {lot.name}
              </th>
              {cells(lot).map((cents, i) => (
                <td key={STATEMENT_CSV_HEADER[i + 1]} className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                  {formatPeso(cents)}
                </td>
              ))}
            </tr>
          ))}
          <tr className="font-semibold">
            <th scope="row" className="py-2 pr-3 text-left">
              Total
            </th>
            {cells(statement.total).map((cents, i) => (
              <td key={STATEMENT_CSV_HEADER[i + 1]} className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                {formatPeso(cents)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </SidewaysScroll>
  );
}

/** The payouts made for the month, or why there are none yet. */
function Payouts({ statement }: { statement: OwnerStatement }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-3 text-lg font-semibold">Payouts</h2>
      {statement.payouts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {statement.status === 'open' ? 'A month is paid out after it closes.' : 'No payout recorded for this month yet.'}
        </p>
      ) : (
        <ul className="space-y-2">
          {statement.payouts.map((payout) => (
            <li key={payout.id} className="flex flex-wrap justify-between gap-2 text-sm">
              <span>
                {payout.paidOn} · ref. {payout.reference}
              </span>
              <span className="font-medium tabular-nums">{formatPeso(payout.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Statement({ statement, faded }: { statement: OwnerStatement; faded: boolean }) {
  const status = STATUS_LABELS[statement.status];
  const due = statement.total.owedCents - statement.paidCents;
  return (
    <Stale stale={faded} className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Collected for you" value={formatPeso(statement.total.collectedCents)} />
        <Figure label="Owed to you" value={formatPeso(statement.total.owedCents)} />
        <Figure
          label={statement.status === 'open' ? 'Paid so far' : due > 0 ? 'Still due' : 'Paid'}
          value={formatPeso(statement.status === 'closed' ? due : statement.paidCents)}
        />
        <Figure label="Cash you took at the gate" value={formatPeso(statement.total.cashCents)} />
      </div>
      <Card className="p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">By lot</h2>
          <span className={cn('rounded-full px-3 py-1 text-sm font-medium', status.tone)} data-testid="statement-status">
            {status.label}
          </span>
        </div>
        <StatementTable statement={statement} />
        {statement.total.carriedCents !== 0 && (
          <p className="mt-4 text-sm font-medium" data-testid="statement-carried">
            Balance carried from earlier months: {formatPeso(statement.total.carriedCents)} (refunds or payouts above what those months
            owed), taken from what this month owes.
          </p>
        )}
        <p className="mt-4 text-sm text-muted-foreground">
          Collected is what drivers paid through Parkada (their wallets), refunds deducted. Payable is that less the platform's commission
          plus any adjustment for money of earlier months that changed after their statements closed. Cash taken at the gate is yours
          already and shown for your records. Validated is parking that merchants' validations took off drivers' charges: invoice the
          merchants for it (Merchants, Validations report).
        </p>
      </Card>
      <Payouts statement={statement} />
    </Stale>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </Card>
  );
}
