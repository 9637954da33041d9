import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { historyQueryOf, type HistorySearch, type HistoryTab } from '../../../core/history';
import { CardList } from '../../components/ui/card-list';
import { LoadMore } from '../../components/ui/load-more';
import { Stale } from '../../components/ui/stale';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { reservationCountsQuery, reservationsQuery } from '../../lib/booking';
import { loadedItems } from '../../lib/pages';
import { receiptCountsQuery, receiptsQuery } from '../../lib/receipts';
import { ExportButton, HistoryFilters } from './history-filters';
import { HistoryReceipt, HistoryReservation } from './history-rows';

/**
 * History: the server filters, pages and counts both tabs; Export downloads every row the filters
 * match (all pages, not only those loaded); Receipt opens the receipt.
 */
export function HistoryPage() {
  const search = useSearch({ from: '/_auth/history' });
  const { tab, status, range, q } = search;
  const navigate = useNavigate({ from: '/history' });
  const set = (patch: Partial<HistorySearch>) => navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
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

  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">History</h1>
        <ExportButton tab={tab} query={query} disabled={matching[tab] === 0} />
      </div>
      <HistoryFilters search={search} set={set} />
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
              {(r) => <HistoryReservation reservation={r} />}
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
              {(r) => <HistoryReceipt receipt={r} />}
            </CardList>
            <LoadMore list={receipts} />
          </TabPanel>
        </Tabs>
      </Stale>
    </main>
  );
}
