import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerStatementsPage } from '../../../features/owner/statements-page';
import { textParam } from '../../../lib/search-params';

export const Route = createFileRoute('/_auth/owner/statements')({
  // The month lives in the URL, so a statement is a link; none means this month so far.
  validateSearch: (raw: { month?: unknown } & SearchSchemaInput) => ({ month: textParam(raw.month) }),
  pendingComponent: () => <Spinner label="Loading statements" />,
  component: OwnerStatementsPage,
});
