import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { RESERVATION_STATUSES } from '../../../core/booking';
import {
  HISTORY_RANGES,
  historyCsv,
  historyQueryOf,
  type HistoryCsvRow,
  type HistoryFilter,
  type HistoryRange,
  type HistorySearch,
  type HistoryTab,
} from '../../../core/history';
import { formatPeso } from '../../../core/money';
import { formatDateTime, manilaDate } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardList } from '../../components/ui/card-list';
import { Field, Input, Select } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Stale } from '../../components/ui/stale';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { allReservations, reservationCountsQuery, reservationsQuery, type ListedReservation } from '../../lib/booking';
import { downloadFile } from '../../lib/download';
import { loadedItems } from '../../lib/pages';
import { allReceipts, receiptCountsQuery, receiptsQuery, type ReceiptSummary } from '../../lib/receipts';
import { useSearchText } from '../../lib/use-search-text';
import { StatusBadge } from '../reservations/status-badge';

const reservationRow = (r: ListedReservation): HistoryCsvRow => ({ ...r, plate: r.vehiclePlate, voidNumber: r.receiptVoidNumber });
const receiptRow = (r: ReceiptSummary): HistoryCsvRow => ({
  ...r,
  lotName: r.lot.name,
  plate: r.vehiclePlate,
  receiptNumber: r.number,
  voidNumber: r.voidedBy?.number ?? null,
});

const ReceiptLink = ({ id, label }: { id: string; label: string }) => (
  <Button variant="outline" size="sm" asChild>
    <Link to="/receipt/$id" params={{ id }}>
      {label}
    </Link>
  </Button>
);

/**
 * History: the server filters, pages and counts both tabs; Export downloads every row the filters
 * match (all pages, not only those loaded); Receipt opens the receipt.
 */
export function HistoryPage() {
  const search = useSearch({ from: '/_auth/history' });
  const { tab, status, range, q } = search;
  const navigate = useNavigate({ from: '/history' });
  const set = (patch: Partial<HistorySearch>) => navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const [searchText, typeSearch] = useSearchText(q, (text) => set({ q: text }));
  const [exporting, setExporting] = useState(false);
  const query = historyQueryOf({ status, range, search: q ?? '' });
  // While new filters load, the previous rows stay on screen, marked stale (the loader loaded the first).
  const shown = useDeferredValue(search);
  const stale = shown.status !== status || shown.range !== range || shown.q !== q;
  const shownQuery = historyQueryOf({ status: shown.status, range: shown.range, search: shown.q ?? '' });
  const reservations = useSuspenseInfiniteQuery(reservationsQuery(shownQuery));
  const receipts = useSuspenseInfiniteQuery(receiptsQuery(shownQuery));
  const reservationCount = useSuspenseQuery(reservationCountsQuery(shownQuery));
  const receiptCount = useSuspenseQuery(receiptCountsQuery(shownQuery));

  const shownReservations = loadedItems(reservations.data);
  const shownReceipts = loadedItems(receipts.data);
  const matching = { reservations: reservationCount.data.total, receipts: receiptCount.data.total };
  const filtered = Object.values(query).some((value) => value !== undefined);
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
    <main className="mx-auto max-w-4xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">History</h1>
        <Button variant="outline" onClick={exportMatching} disabled={exporting || matching[tab] === 0}>
          <Download className="h-4 w-4" /> {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
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
      <Stale stale={stale}>
        <Tabs value={tab} onValueChange={(value) => set({ tab: value as HistoryTab })}>
          <TabList
            label="History"
            className="inline-flex"
            tabs={[
              { value: 'reservations', label: `Reservations (${matching.reservations})` },
              { value: 'receipts', label: `Receipts (${matching.receipts})` },
            ]}
          />
          <TabPanel value="reservations">
            <CardList items={shownReservations} empty={filtered ? 'No reservations match these filters.' : 'No reservations yet.'}>
              {(r) => (
                <Card data-testid="history-reservation" className="p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">{r.lotName}</p>
                      <p className="text-sm text-muted-foreground">
                        {r.vehiclePlate ?? 'Not specified'} · {formatDateTime(r.startTs)} – {formatDateTime(r.endTs)}
                      </p>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="font-semibold tabular-nums">{formatPeso(r.amountCents)}</span>
                      <StatusBadge status={r.status} />
                    </div>
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" asChild>
                      <Link to="/reservation/$id" params={{ id: r.id }}>
                        View Details
                      </Link>
                    </Button>
                    {/* Receipt once a stay is COMPLETED and its amount final; every paid one is in the Receipts tab. */}
                    {r.status === 'COMPLETED' && r.receiptId && <ReceiptLink id={r.receiptId} label="Receipt" />}
                  </div>
                </Card>
              )}
            </CardList>
            <LoadMore list={reservations} />
          </TabPanel>
          <TabPanel value="receipts">
            <CardList
              items={shownReceipts}
              empty={
                filtered ? 'No receipts match these filters.' : 'No receipts yet: one is issued with every paid booking and monthly pass.'
              }
            >
              {(r) => (
                <Card data-testid="history-receipt" className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div>
                    <p className="font-semibold">{r.lot.name}</p>
                    <p className="text-sm text-muted-foreground">
                      <span className="font-mono">{r.number}</span> · issued {formatDateTime(r.createdAt)} ·{' '}
                      {r.monthlyPass ? `monthly pass: ${r.monthlyPass.productName}, ${r.monthlyPass.periodLabel}` : r.status?.toLowerCase()}
                      {r.voidedBy && <> · voided by {r.voidedBy.number}</>}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span
                      className={
                        r.voidedBy ? 'font-semibold tabular-nums text-muted-foreground line-through' : 'font-semibold tabular-nums'
                      }
                    >
                      {formatPeso(r.amountCents)}
                    </span>
                    <ReceiptLink id={r.id} label="View Receipt" />
                  </div>
                </Card>
              )}
            </CardList>
            <LoadMore list={receipts} />
          </TabPanel>
        </Tabs>
      </Stale>
    </main>
  );
}
