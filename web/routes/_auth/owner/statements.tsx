import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerStatementsPage } from '../../../features/owner/statements-page';
import { textParam } from '../../../lib/search-params';
import { ownerStatementQuery, statementMonthOf } from '../../../lib/statements';

// The month lives in the URL, so a statement is a link; none means this month so far.
const statementsSearch = (raw: Record<string, unknown>): { month?: string } => ({ month: textParam(raw.month) });

export const Route = createFileRoute('/_auth/owner/statements')({
  validateSearch: statementsSearch,
  // Not keyed by the search: another month keeps the screen (and the month field) while it loads.
  loader: ({ context, location }) =>
    context.queryClient.ensureQueryData(ownerStatementQuery(statementMonthOf(statementsSearch(location.search).month))),
  pendingComponent: () => <Spinner label="Loading statements" />,
  component: OwnerStatementsPage,
});
