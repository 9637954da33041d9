import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { manilaMonthOf } from '../../../core/time';
import { statementMonthSchema } from '../../../core/wallet';
import { Spinner } from '../../components/ui/spinner';
import { StatementPage } from '../../features/wallet/statement-page';
import { statementQuery } from '../../lib/wallet';

export const Route = createFileRoute('/_auth/wallet_/statement')({
  validateSearch: z.object({ month: statementMonthSchema.shape.month.catch(() => manilaMonthOf(new Date())) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(statementQuery(deps.month)),
  pendingComponent: () => <Spinner label="Loading statement" />,
  component: function WalletStatement() {
    return <StatementPage month={Route.useSearch().month} />;
  },
});
