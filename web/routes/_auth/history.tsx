import { createFileRoute } from '@tanstack/react-router';
import { historyQueryOf, NO_HISTORY_FILTER } from '../../../core/history';
import { Spinner } from '../../components/ui/spinner';
import { HistoryPage } from '../../features/history/history-page';
import { reservationCountsQuery, reservationsQuery } from '../../lib/booking';
import { receiptCountsQuery, receiptsQuery } from '../../lib/receipts';

export const Route = createFileRoute('/_auth/history')({
  loader: ({ context: { queryClient } }) => {
    const unfiltered = historyQueryOf(NO_HISTORY_FILTER);
    return Promise.all([
      queryClient.ensureInfiniteQueryData(reservationsQuery(unfiltered)),
      queryClient.ensureInfiniteQueryData(receiptsQuery(unfiltered)),
      queryClient.ensureQueryData(reservationCountsQuery(unfiltered)),
      queryClient.ensureQueryData(receiptCountsQuery(unfiltered)),
    ]);
  },
  pendingComponent: () => <Spinner label="Loading history" />,
  component: HistoryPage,
});
