import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { manilaMonthOf } from '../../../core/time';
import { statementMonthSchema } from '../../../core/wallet';
import { StatementPage } from '../../features/wallet/statement-page';

export const Route = createFileRoute('/_auth/wallet_/statement')({
  validateSearch: z.object({ month: statementMonthSchema.shape.month.catch(() => manilaMonthOf(new Date())) }),
  component: function WalletStatement() {
    return <StatementPage month={Route.useSearch().month} />;
  },
});
