import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AdminPayoutsPage } from '../../../features/admin/payouts-page';
import { textParam } from '../../../lib/search-params';

export const Route = createFileRoute('/_auth/admin/payouts')({
  // The month lives in the URL; none means last month, the one to pay.
  validateSearch: (raw: { month?: unknown } & SearchSchemaInput) => ({ month: textParam(raw.month) }),
  pendingComponent: () => <Spinner label="Loading payouts" />,
  component: AdminPayoutsPage,
});
