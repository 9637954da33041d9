import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../components/ui/spinner';
import { WalletPage } from '../../features/wallet/wallet-page';
import { walletQuery } from '../../lib/wallet';

export const Route = createFileRoute('/_auth/wallet')({
  loader: ({ context }) => context.queryClient.ensureQueryData(walletQuery),
  pendingComponent: () => <Spinner label="Loading wallet" />,
  component: WalletPage,
});
