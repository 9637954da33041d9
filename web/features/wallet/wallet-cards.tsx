import { Gift, Star } from 'lucide-react';
import { formatPeso } from '../../../core/money';
import { REWARDS } from '../../../core/rewards';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import type { RewardsView } from './rewards-dialog';
import { shortIdOf } from '../../../core/ids';
import type { WalletSummary } from '../../lib/wallet';

const Figure = ({ label, testId, cents, className }: { label: string; testId: string; cents: number; className?: string }) => (
  <Card className="p-4">
    <p className="text-sm text-muted-foreground">{label}</p>
    <p data-testid={testId} className={cn('mt-1 text-xl font-semibold tabular-nums', className)}>
      {formatPeso(cents)}
    </p>
  </Card>
);

/** The balance, the points and the wallet's number, over the total credits and total spent. */
export function BalanceCards({ wallet }: { wallet: WalletSummary }) {
  return (
    <>
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
    </>
  );
}

/** Orange Rewards: points, level and this month's, what the points buy, and the ways to redeem them and see past rewards. */
export function RewardsCard({ wallet, onOpen }: { wallet: WalletSummary; onOpen: (view: RewardsView) => void }) {
  return (
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
        <Button variant="outline" size="sm" onClick={() => onOpen('redeem')}>
          Redeem Points
        </Button>
        <Button variant="outline" size="sm" onClick={() => onOpen('history')}>
          View Rewards
        </Button>
      </div>
    </Card>
  );
}
