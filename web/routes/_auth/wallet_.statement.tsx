import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { manilaMonthOf } from '../../../core/time';
import { STATEMENT_MONTH } from '../../../core/wallet';
import { Spinner } from '../../components/ui/spinner';
import { StatementPage } from '../../features/wallet/statement-page';
import { patternParam } from '../../lib/search-params';
import { statementQuery } from '../../lib/wallet';

export const Route = createFileRoute('/_auth/wallet_/statement')({
  validateSearch: (search: { month?: string } & SearchSchemaInput) => ({
    month: patternParam(search.month, STATEMENT_MONTH) ?? manilaMonthOf(new Date()),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(statementQuery(deps.month)),
  pendingComponent: () => <Spinner label="Loading statement" />,
  component: function WalletStatement() {
    return <StatementPage month={Route.useSearch().month} />;
  },
});
