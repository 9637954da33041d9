import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { formatPeso } from '../../../core/money';
import { manilaDate } from '../../../core/time';
import { validationReportCsv } from '../../../core/validations';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { MonthField } from '../../components/ui/field';
import { SidewaysScroll } from '../../components/ui/sideways-scroll';
import { downloadFile } from '../../lib/download';
import { validationReportQuery, type ValidationReportRow } from '../../lib/validations';

function ValidationTable({ rows }: { rows: ValidationReportRow[] | undefined }) {
  const total = (rows ?? []).reduce((sum, row) => sum + row.valueCents, 0);
  return (
    <SidewaysScroll label="Validations redeemed">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">Validations redeemed per merchant and month</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Month
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Merchant
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Lot
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Redeemed
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Value given
            </th>
          </tr>
        </thead>
        <tbody>
          {rows?.map((row) => (
            <tr key={`${row.month}-${row.merchantId}`} className="border-b border-border" data-testid="validation-row">
              <td className="py-2 pr-3">{row.month}</td>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {row.merchantName}
              </th>
              <td className="py-2 pr-3">{row.lotName}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{row.redeemed}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatPeso(row.valueCents)}</td>
            </tr>
          ))}
          {rows?.length === 0 && (
            <tr>
              <td colSpan={5} className="py-3 text-muted-foreground">
                No validations redeemed in these months.
              </td>
            </tr>
          )}
        </tbody>
        {!!rows?.length && (
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" colSpan={4} className="py-2 pr-3 text-left">
                Total
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{formatPeso(total)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </SidewaysScroll>
  );
}

/** Validations redeemed per merchant and month at every lot of the owner, with the value given: what to invoice each merchant. */
export function ValidationReport() {
  const search = useSearch({ from: '/_auth/owner/merchants' });
  const navigate = useNavigate({ from: '/owner/merchants' });
  const month = manilaDate(Date.now()).slice(0, 7);
  const from = search.from ?? month;
  const to = search.to ?? month;
  const { data: rows, isError, error } = useQuery(validationReportQuery(from, to));
  const pick = (months: { from?: string; to?: string }) => navigate({ search: (s) => ({ ...s, ...months }), replace: true });
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Validations to invoice</h2>
        <div className="flex flex-wrap items-end gap-3">
          <MonthField id="validations-from" label="From month" value={from} onPick={(picked) => pick({ from: picked })} />
          <MonthField id="validations-to" label="To month" value={to} onPick={(picked) => pick({ to: picked })} />
          <Button
            variant="outline"
            disabled={!rows?.length}
            onClick={() => rows && downloadFile(`parkada-validations-${from}-to-${to}.csv`, validationReportCsv(rows))}
          >
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </Button>
        </div>
      </div>
      {isError && <p className="text-destructive">{error.message}</p>}
      <ValidationTable rows={rows} />
    </Card>
  );
}
