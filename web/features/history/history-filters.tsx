import { Download } from 'lucide-react';
import { useState } from 'react';
import { RESERVATION_STATUSES } from '../../../core/booking';
import {
  HISTORY_RANGES,
  historyCsv,
  type historyQueryOf,
  type HistoryFilter,
  type HistoryRange,
  type HistorySearch,
  type HistoryTab,
} from '../../../core/history';
import { manilaDate } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { allReservations } from '../../lib/booking';
import { downloadFile } from '../../lib/download';
import { allReceipts } from '../../lib/receipts';
import { useSearchText } from '../../lib/use-search-text';
import { receiptRow, reservationRow } from './history-rows';

/** Search (typed, sent after a pause), status and date range, kept in the URL. */
export function HistoryFilters({ search, set }: { search: HistorySearch; set: (patch: Partial<HistorySearch>) => void }) {
  const { status, range, q } = search;
  const [searchText, typeSearch] = useSearchText(q, (text) => set({ q: text }));
  return (
    <Card className="mb-4 grid gap-3 p-4 sm:grid-cols-3">
      <Field label="Search" htmlFor="history-search">
        <Input
          id="history-search"
          type="search"
          placeholder="Lot name or plate"
          value={searchText}
          onChange={(e) => typeSearch(e.target.value)}
        />
      </Field>
      <Field label="Status" htmlFor="history-status">
        <Select id="history-status" value={status} onChange={(e) => set({ status: e.target.value as HistoryFilter['status'] })}>
          <option value="all">All statuses</option>
          {RESERVATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status[0] + status.slice(1).toLowerCase()}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Date range" htmlFor="history-range">
        <Select id="history-range" value={range} onChange={(e) => set({ range: e.target.value as HistoryRange })}>
          {Object.entries(HISTORY_RANGES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
    </Card>
  );
}

/** Export downloads every row the filters match, all pages, not only those loaded. */
export function ExportButton({ tab, query, disabled }: { tab: HistoryTab; query: ReturnType<typeof historyQueryOf>; disabled: boolean }) {
  const [exporting, setExporting] = useState(false);
  const exportMatching = async () => {
    setExporting(true);
    try {
      const rows = tab === 'reservations' ? (await allReservations(query)).map(reservationRow) : (await allReceipts(query)).map(receiptRow);
      downloadFile(`parkada-${tab}-${manilaDate(Date.now())}.csv`, historyCsv(rows));
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="outline" onClick={exportMatching} disabled={exporting || disabled}>
      <Download className="h-4 w-4" /> {exporting ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
