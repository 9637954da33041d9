import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AdminPayoutsPage } from '../../../features/admin/payouts-page';
import { textParam } from '../../../lib/search-params';
import { payoutMonthOf, payoutsQuery } from '../../../lib/statements';

// The month lives in the URL; none means last month, the one to pay.
const payoutsSearch = (raw: Record<string, unknown>): { month?: string } => ({ month: textParam(raw.month) });

export const Route = createFileRoute('/_auth/admin/payouts')({
  validateSearch: payoutsSearch,
  // Not keyed by the search: another month keeps the screen (and the month field) while it loads.
  loader: ({ context, location }) => context.queryClient.ensureQueryData(payoutsQuery(payoutMonthOf(payoutsSearch(location.search).month))),
  pendingComponent: () => <Spinner label="Loading payouts" />,
  component: AdminPayoutsPage,
});
