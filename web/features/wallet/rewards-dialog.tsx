import { useQuery } from '@tanstack/react-query';
import { Gift, Ticket } from 'lucide-react';
import { useState } from 'react';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { rewardsQuery, useRedeem, type Rewards, type Voucher } from '../../lib/rewards';
import { TransactionsList } from './transactions-list';

export type RewardsView = 'redeem' | 'history';
type Item = Rewards['items'][number];

/**
 * Orange Rewards (docs/wallet.md, Rewards): Redeem Points shows the catalogue and redeems one reward
 * after the driver confirms; View Rewards shows the points earned and spent, and the vouchers.
 */
export function RewardsDialog({ view, onClose }: { view: RewardsView | null; onClose: () => void }) {
  const rewards = useQuery({ ...rewardsQuery, enabled: view !== null });
  return (
    <Dialog open={view !== null} onOpenChange={(open) => !open && onClose()} title={view === 'history' ? 'Your Rewards' : 'Redeem Points'}>
      <div className="max-h-[70vh] overflow-y-auto">
        {rewards.isLoading && <Spinner compact label="Loading rewards" />}
        {rewards.isError && (
          <div role="alert" className="space-y-2 text-sm">
            <p className="text-destructive">{rewards.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => rewards.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {rewards.data && (view === 'history' ? <History rewards={rewards.data} /> : <Catalogue rewards={rewards.data} onDone={onClose} />)}
      </div>
    </Dialog>
  );
}

/** The rewards the driver may redeem; choosing one asks to confirm it. */
function Catalogue({ rewards, onDone }: { rewards: Rewards; onDone: () => void }) {
  const [chosen, setChosen] = useState<{ item: Item; key: string } | null>(null);
  if (chosen) return <ConfirmRedemption item={chosen.item} attempt={chosen.key} onBack={() => setChosen(null)} onDone={onDone} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        You have <span className="font-semibold text-foreground">{rewards.points.toLocaleString('en-PH')} points</span>
        {rewards.redeemablePoints < rewards.points && ` (${rewards.redeemablePoints.toLocaleString('en-PH')} redeemable now)`}. Redeeming
        never lowers your level ({rewards.level}).
      </p>
      <ul className="space-y-2">
        {rewards.items.map((item) => (
          <li key={item.id} data-testid="reward" className="rounded-lg border border-border p-3">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="flex items-center gap-2 font-medium">
                  <Gift className="h-4 w-4 text-brand" aria-hidden /> {item.name}
                </p>
                <p className="text-sm text-muted-foreground">{item.description}</p>
              </div>
              <p className="shrink-0 text-sm font-semibold tabular-nums">{item.costPoints.toLocaleString('en-PH')} pts</p>
            </div>
            <div className="mt-2 flex items-center justify-between gap-2">
              {item.reason ? (
                <p id={`reward-${item.id}-reason`} className="text-xs text-muted-foreground">
                  {item.reason}
                </p>
              ) : (
                <span />
              )}
              <Button
                size="sm"
                aria-label={`Redeem ${item.name}`}
                aria-describedby={item.reason ? `reward-${item.id}-reason` : undefined}
                disabled={!item.available}
                onClick={() => setChosen({ item, key: crypto.randomUUID() })}
              >
                Redeem
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One reward, confirmed before it is redeemed; `attempt` is the redemption's key, kept across retries. */
function ConfirmRedemption({ item, attempt, onBack, onDone }: { item: Item; attempt: string; onBack: () => void; onDone: () => void }) {
  const redeem = useRedeem();
  const confirm = () =>
    redeem.mutate(
      { rewardId: item.id, key: attempt },
      {
        onSuccess: (made) => {
          toast({
            title: 'Points Redeemed',
            description: made.voucher
              ? `Your free-hour voucher is ready: choose it when you book, before ${formatDateTime(made.voucher.expiresAt)}.`
              : `${formatPeso(made.creditCents)} was added to your wallet. ${made.points.toLocaleString('en-PH')} points left.`,
          });
          onDone();
        },
      },
    );
  return (
    <div className="space-y-4">
      <p className="font-medium">
        Redeem {item.costPoints.toLocaleString('en-PH')} points for {item.name.toLowerCase()}?
      </p>
      <p className="text-sm text-muted-foreground">{item.description}</p>
      {redeem.isError && (
        <p role="alert" className="text-sm text-destructive">
          {redeem.error.message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onBack} disabled={redeem.isPending}>
          Back
        </Button>
        {/* A retry after an error keeps the attempt's key: the server redeems it once. */}
        <Button onClick={confirm} disabled={redeem.isPending}>
          {redeem.isPending ? 'Redeeming…' : 'Redeem'}
        </Button>
      </div>
    </div>
  );
}

const STATE_LABELS: Record<Voucher['state'], string> = { unused: 'Ready to use', used: 'Used', expired: 'Expired' };

function History({ rewards }: { rewards: Rewards }) {
  return (
    <Tabs defaultValue="vouchers">
      <TabList
        label="Your rewards"
        tabs={[
          { value: 'vouchers', label: 'Vouchers' },
          { value: 'points', label: 'Points earned and spent' },
        ]}
      />
      <TabPanel value="vouchers">
        {rewards.vouchers.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No vouchers yet: redeem 500 points for a free hour.</p>
        ) : (
          <ul className="divide-y divide-border">
            {rewards.vouchers.map((voucher) => (
              <li key={voucher.id} data-testid="voucher" className="flex items-start gap-3 py-3 text-sm">
                <Ticket className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
                <div className="flex-1">
                  <p className="font-medium">One free hour</p>
                  <p className="text-muted-foreground">
                    {voucher.state === 'used'
                      ? `Used${voucher.lotName ? ` at ${voucher.lotName}` : ''}${voucher.amountOffCents ? `: ${formatPeso(voucher.amountOffCents)} off` : ''}`
                      : `${voucher.state === 'expired' ? 'Expired' : 'Use by'} ${formatDateTime(voucher.expiresAt)}`}
                  </p>
                </div>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    voucher.state === 'unused' ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300' : 'bg-muted',
                  )}
                >
                  {STATE_LABELS[voucher.state]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      <TabPanel value="points">
        <TransactionsList points />
      </TabPanel>
    </Tabs>
  );
}
