import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, LogIn, LogOut } from 'lucide-react';
import { useState } from 'react';
import { formatPeso } from '../../../core/money';
import { formatTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { activityQuery, GATE_NETWORK_MODE, resolveIssue, undoCheckin, Unreachable, type Activity } from './gate-api';
import { RefundDialog } from './refund-dialog';
import { refreshGate } from './use-gate-actions';
import { useAuth } from '../../lib/session';

const ICONS = { checkin: LogIn, checkout: LogOut, issue: AlertTriangle } as const;
const LABELS = { checkin: 'Check-in', checkout: 'Check-out', issue: 'Issue' } as const;

/** A driver's tap: their check-in, or their word that they left, which the gate did not see (docs/gate.md, Entrance tags). */
const byTapLabel = (item: Activity) => (item.type === 'checkout' ? 'Driver-declared exit' : 'Driver tapped the tag');

const failed = (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });

/**
 * Recent Activity from the server's records, polled every 30 s: Receipt opens a check-out's receipt,
 * Refund (owners and the super admin) pays part or all of its charge back, Resolve closes an issue,
 * Undo reverses a check-in made in the last 5 minutes (the server decides `undoable` and audits the undo).
 */
export function RecentActivity({ lotId, title = 'Recent Activity', limit }: { lotId: string; title?: string; limit?: number }) {
  const queryClient = useQueryClient();
  const { data: items = [], isLoading, isError, error } = useQuery(activityQuery(lotId, limit));
  const [undoing, setUndoing] = useState<Activity | null>(null);
  const [refunding, setRefunding] = useState<Activity | null>(null);
  // Owners and the super admin may pay a gate charge back; the server checks it is their lot.
  const { user } = useAuth();
  const refunds = user?.role === 'owner_admin' || user?.role === 'super_admin';
  const resolve = useMutation({
    networkMode: GATE_NETWORK_MODE,
    mutationFn: (id: string) => resolveIssue(lotId, id),
    onSuccess: () => refreshGate(queryClient),
    onError: failed,
  });
  const undo = useMutation({
    networkMode: GATE_NETWORK_MODE,
    mutationFn: (checkinId: string) => undoCheckin(lotId, checkinId),
    onSuccess: () => {
      toast({ title: 'Check-in Undone', description: 'The entry is reversed and the slot is free again.' });
      return refreshGate(queryClient);
    },
    onError: failed,
  });
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {isLoading ? (
        <p className="text-muted-foreground">Loading activity…</p>
      ) : isError && !items.length ? (
        <p className="text-muted-foreground">
          {error instanceof Unreachable ? 'Activity shows again when the connection returns.' : error.message}
        </p>
      ) : !items.length ? (
        <p className="text-muted-foreground">Nothing yet today.</p>
      ) : (
        <ul className="divide-y divide-border">
          {items.map((item) => (
            <ActivityRow
              key={item.id}
              item={item}
              refunds={refunds}
              resolving={resolve.isPending}
              onResolve={() => resolve.mutate(item.id)}
              onRefund={() => setRefunding(item)}
              onUndo={() => setUndoing(item)}
            />
          ))}
        </ul>
      )}
      {refunding && <RefundDialog lotId={lotId} stay={refunding} onClose={() => setRefunding(null)} />}
      <ConfirmDialog
        open={Boolean(undoing)}
        onOpenChange={(open) => !open && setUndoing(null)}
        title="Undo this check-in?"
        description={`${undoing?.plate ?? 'The vehicle'} is taken off the lot as if it never entered. Use this only for a mistaken entry.`}
        confirmLabel="Undo Check-in"
        onConfirm={() => undoing?.checkinId && undo.mutate(undoing.checkinId)}
      />
    </Card>
  );
}

/** One record of the lot's day, with what may be done to it. */
function ActivityRow({
  item,
  refunds,
  resolving,
  onResolve,
  onRefund,
  onUndo,
}: {
  item: Activity;
  refunds: boolean;
  resolving: boolean;
  onResolve: () => void;
  onRefund: () => void;
  onUndo: () => void;
}) {
  const Icon = ICONS[item.type];
  return (
    <li data-testid="activity" className="flex flex-wrap items-center gap-3 py-3">
      <Icon aria-hidden className={item.type === 'issue' ? 'h-5 w-5 text-amber-600' : 'h-5 w-5 text-brand'} />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {LABELS[item.type]}
          {item.plate && <span> · {item.plate}</span>}
          {item.slot && <span className="text-muted-foreground"> · Slot {item.slot}</span>}
          {item.monthlyPass && <span className="text-muted-foreground"> · Monthly pass</span>}
          {item.byTap && <span className="text-muted-foreground"> · {byTapLabel(item)}</span>}
          {item.afterDeclaredExit && <span className="text-muted-foreground"> · Seen leaving after a driver-declared exit</span>}
          {item.amount != null && <span> · {formatPeso(item.amount)}</span>}
        </p>
        {item.issue && <p className="text-sm text-muted-foreground">{item.issue}</p>}
        <p className="text-xs text-muted-foreground">{formatTime(item.time)}</p>
      </div>
      {item.type === 'checkout' && item.receiptId && (
        <Button variant="outline" size="sm" asChild>
          <Link to="/receipt/$id" params={{ id: item.receiptId }} aria-label={`Receipt ${item.plate ?? ''}`.trim()}>
            Receipt
          </Link>
        </Button>
      )}
      {item.type === 'checkout' && refunds && item.amount != null && item.amount > item.refundedCents && (
        <Button variant="outline" size="sm" aria-label={`Refund ${item.plate ?? ''}`.trim()} onClick={onRefund}>
          Refund
        </Button>
      )}
      {item.type === 'checkout' && item.refundedCents > 0 && (
        <span className="text-sm text-muted-foreground">{formatPeso(item.refundedCents)} refunded</span>
      )}
      {item.type === 'issue' && !item.resolved && (
        <Button variant="outline" size="sm" disabled={resolving} onClick={onResolve}>
          Resolve
        </Button>
      )}
      {item.type === 'issue' && item.resolved && <span className="text-sm text-muted-foreground">Resolved</span>}
      {item.type === 'checkin' && item.undoable && item.checkinId && (
        <Button variant="outline" size="sm" aria-label={`Undo ${item.plate ?? 'check-in'}`} onClick={onUndo}>
          Undo
        </Button>
      )}
    </li>
  );
}
