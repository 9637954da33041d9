import { useSuspenseQuery } from '@tanstack/react-query';
import { Plus, QrCode as QrCodeIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { walletQuery } from '../../lib/wallet';
import { PayCodeDialog } from './pay-code-dialog';
import type { RewardsView } from './rewards-dialog';
import { TopupDialog } from './topup-dialog';
import { TransactionsList } from './transactions-list';
import { WalletSettings } from './wallet-settings';

// Only a driver who redeems needs the rewards dialog: it loads when first opened.
const RewardsDialog = lazy(() => import('./rewards-dialog').then((module) => ({ default: module.RewardsDialog })));

import { BalanceCards, RewardsCard } from './wallet-cards';
import { useOfflineCopies } from '../pwa/install-card';

/** Every figure here is computed by the worker from wallet_transactions, so the balance matches the ledger. */
export function WalletPage() {
  const [topupOpen, setTopupOpen] = useState(false);
  const [payCodeOpen, setPayCodeOpen] = useState(false);
  const [rewardsView, setRewardsView] = useState<RewardsView | null>(null);
  // Mounted from the first opening on, so the dialog closes as the others do (focus back on its button).
  const [rewardsOpened, setRewardsOpened] = useState(false);
  const openRewards = (view: RewardsView) => {
    setRewardsOpened(true);
    setRewardsView(view);
  };
  const { data: wallet } = useSuspenseQuery(walletQuery);
  useOfflineCopies();

  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <div className="mb-6 flex items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Wallet</h1>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setPayCodeOpen(true)}>
            <QrCodeIcon className="h-4 w-4" aria-hidden /> Pay at the gate
          </Button>
          <Button onClick={() => setTopupOpen(true)}>
            <Plus className="h-4 w-4" /> Top Up
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <BalanceCards wallet={wallet} />
          <Card>
            <h2 className="mb-2 text-lg font-semibold">Recent Transactions</h2>
            <TransactionsList />
          </Card>
        </div>
        <div className="space-y-6">
          <RewardsCard wallet={wallet} onOpen={openRewards} />
          <Card>
            <h2 className="mb-2 text-lg font-semibold">Points History</h2>
            <TransactionsList points />
          </Card>
          <WalletSettings />
        </div>
      </div>
      <TopupDialog open={topupOpen} onOpenChange={setTopupOpen} />
      <PayCodeDialog open={payCodeOpen} onOpenChange={setPayCodeOpen} />
      {rewardsOpened && (
        <Suspense fallback={null}>
          <RewardsDialog view={rewardsView} onClose={() => setRewardsView(null)} />
        </Suspense>
      )}
    </main>
  );
}
