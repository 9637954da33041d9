import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { historyQueryOf, historySearchOf } from '../../../core/history';
import { Spinner } from '../../components/ui/spinner';
import { HistoryPage } from '../../features/history/history-page';
import { reservationCountsQuery, reservationsQuery } from '../../lib/booking';
import { receiptCountsQuery, receiptsQuery } from '../../lib/receipts';

export const Route = createFileRoute('/_auth/history')({
  // The tab and filters live in the URL: a reload, Back or a shared link keeps them.
  validateSearch: (search: { tab?: unknown; status?: unknown; range?: unknown; q?: unknown } & SearchSchemaInput) =>
    historySearchOf(search),
  // Not keyed by the filters: a change of filter keeps the rows on screen while the new ones load
  // (the page's own queries), instead of the whole screen waiting on the loader.
  loader: ({ context: { queryClient }, location }) => {
    const { status, range, q } = historySearchOf(location.search);
    const filtered = historyQueryOf({ status, range, search: q ?? '' });
    return Promise.all([
      queryClient.ensureInfiniteQueryData(reservationsQuery(filtered)),
      queryClient.ensureInfiniteQueryData(receiptsQuery(filtered)),
      queryClient.ensureQueryData(reservationCountsQuery(filtered)),
      queryClient.ensureQueryData(receiptCountsQuery(filtered)),
    ]);
  },
  pendingComponent: () => <Spinner label="Loading history" />,
  component: HistoryPage,
});
