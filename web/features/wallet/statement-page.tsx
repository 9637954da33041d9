import { useSuspenseQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../core/money';
import { formatDateTime, formatMonth } from '../../../core/time';
import { PrintToolbar } from '../../components/print-toolbar';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/session';
import { statementCsvUrl, statementQuery } from '../../lib/wallet';

const BalanceRow = ({ label, cents }: { label: string; cents: number }) => (
  <tr className="border-b border-border font-semibold">
    <td className="py-2" colSpan={3}>
      {label}
    </td>
    <td className="py-2 text-right tabular-nums">{formatPeso(cents)}</td>
  </tr>
);

/** A month of the ledger laid out for paper (the browser's print dialog also saves it as PDF). */
export function StatementPage({ month }: { month: string }) {
  const { data } = useSuspenseQuery(statementQuery(month));
  const { user } = useAuth();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <PrintToolbar backTo="/wallet" backLabel="Wallet">
        <Button variant="outline" size="sm" asChild>
          <a href={statementCsvUrl(month)} download>
            CSV
          </a>
        </Button>
      </PrintToolbar>
      <h1 className="text-2xl font-bold">Wallet statement: {formatMonth(month)}</h1>
      <p className="text-sm text-muted-foreground">
        {user?.firstName} {user?.lastName} · {user?.email} · Parkada · times in Asia/Manila · amounts in PHP
      </p>
      <table className="mt-6 w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left">
            <th className="py-2">Date</th>
            <th className="py-2">Description</th>
            <th className="py-2 text-right">Amount</th>
            <th className="py-2 text-right">Balance</th>
          </tr>
        </thead>
        <tbody>
          <BalanceRow label="Opening balance" cents={data.openingCents} />
          {data.rows.map((row) => (
            <tr key={row.id} data-testid="statement-row" className="border-b border-border">
              <td className="py-2 pr-2 align-top">{formatDateTime(row.createdAt)}</td>
              <td className="py-2 pr-2 align-top">
                {row.description}
                <span className="block text-xs text-muted-foreground">{row.label}</span>
              </td>
              <td className="py-2 text-right align-top tabular-nums">{formatPeso(row.amountCents)}</td>
              <td className="py-2 text-right align-top tabular-nums">{formatPeso(row.balanceCents)}</td>
            </tr>
          ))}
          <BalanceRow label="Closing balance" cents={data.closingCents} />
        </tbody>
      </table>
      {data.rows.length === 0 && <p className="mt-4 text-muted-foreground">No movements this month.</p>}
    </main>
  );
}
