import { useSuspenseQuery } from '@tanstack/react-query';
import { Gift, Plus, QrCode as QrCodeIcon, Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatPeso } from '../../../core/money';
import { REWARDS } from '../../../core/rewards';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { walletQuery } from '../../lib/wallet';
import { PayCodeDialog } from './pay-code-dialog';
import type { RewardsView } from './rewards-dialog';
import { TopupDialog } from './topup-dialog';
import { TransactionsList } from './transactions-list';
import { WalletSettings } from './wallet-settings';
import { shortIdOf } from '../../../core/ids';

// Only a driver who redeems needs the rewards dialog: it loads when first opened.
const RewardsDialog = lazy(() => import('./rewards-dialog').then((module) => ({ default: module.RewardsDialog })));

const Figure = ({ label, testId, cents, className }: { label: string; testId: string; cents: number; className?: string }) => (
  <Card className="p-4">
    <p className="text-sm text-muted-foreground">{label}</p>
    <p data-testid={testId} className={cn('mt-1 text-xl font-semibold tabular-nums', className)}>
      {formatPeso(cents)}
    </p>
  </Card>
);

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
          <Card className="bg-gradient-to-br from-brand to-brand-strong text-brand-foreground">
            <div className="flex items-start justify-between">
              <div>
                <p className="text-sm opacity-90">Available Balance</p>
                <p data-testid="wallet-balance" className="mt-1 text-4xl font-bold tabular-nums">
                  {formatPeso(wallet.balanceCents)}
                </p>
              </div>
              <span className="rounded-full bg-white/20 px-3 py-1 text-xs font-semibold">Active</span>
            </div>
            <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
              <span>{wallet.points.toLocaleString('en-PH')} points</span>
              <span className="font-mono opacity-90">Wallet {shortIdOf(wallet.id)}</span>
            </div>
          </Card>
          <div className="grid grid-cols-2 gap-4">
            <Figure
              label="Total Credits"
              testId="total-credits"
              cents={wallet.totalCreditsCents}
              className="text-green-700 dark:text-green-400"
            />
            <Figure label="Total Spent" testId="total-spent" cents={wallet.totalSpentCents} />
          </div>
          <Card>
            <h2 className="mb-2 text-lg font-semibold">Recent Transactions</h2>
            <TransactionsList />
          </Card>
        </div>
        <div className="space-y-6">
          <Card>
            <div className="mb-4 flex items-center gap-2">
              <Star className="h-5 w-5 text-brand" aria-hidden />
              <h2 className="text-lg font-semibold">Orange Rewards</h2>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center">
              <div>
                <dt className="text-xs text-muted-foreground">Points</dt>
                <dd data-testid="reward-points" className="text-xl font-bold">
                  {wallet.points}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Level</dt>
                <dd data-testid="reward-level" className="text-xl font-bold">
                  {wallet.level}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">This month</dt>
                <dd className="text-xl font-bold">{wallet.monthPoints}</dd>
              </div>
            </dl>
            <p className="mt-3 text-sm text-muted-foreground">
              {wallet.nextLevel ? `${wallet.nextLevel.missing} points to ${wallet.nextLevel.level}. ` : 'You are at the top level. '}
              Earn 1 point per ₱10 spent on parking.
            </p>
            <div className="mt-4 rounded-lg bg-muted p-3 text-sm">
              <p className="mb-1 flex items-center gap-2 font-medium">
                <Gift className="h-4 w-4" aria-hidden /> What your points buy
              </p>
              <ul className="space-y-0.5 text-muted-foreground">
                {REWARDS.map((reward) => (
                  <li key={reward.id} className="flex justify-between gap-2">
                    <span>{reward.name}</span>
                    <span className="tabular-nums">{reward.costPoints.toLocaleString('en-PH')} pts</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="mt-4 grid grid-cols-2 gap-2">
              <Button variant="outline" size="sm" onClick={() => openRewards('redeem')}>
                Redeem Points
              </Button>
              <Button variant="outline" size="sm" onClick={() => openRewards('history')}>
                View Rewards
              </Button>
            </div>
          </Card>
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
