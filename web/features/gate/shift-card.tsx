import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPeso } from '../../../core/money';
import { formatDuration, formatTime, MINUTE_MS } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { changeShift, GATE_NETWORK_MODE, shiftQuery, type Shift } from './gate-api';
import { refreshGate } from './use-gate-actions';

/** Start Shift / End Shift: the shift lives on the server, so it survives a reload and counts what the gate does. */
export function ShiftButton({ lotId }: { lotId: string }) {
  const queryClient = useQueryClient();
  const { data: shift, isLoading } = useQuery(shiftQuery(lotId));
  const open = Boolean(shift && !shift.endTime);
  const change = useMutation({
    networkMode: GATE_NETWORK_MODE,
    mutationFn: () => changeShift(lotId, open ? 'end' : 'start'),
    onSuccess: (next) => {
      queryClient.setQueryData(shiftQuery(lotId).queryKey, next.endTime ? null : next);
      toast(
        next.endTime
          ? {
              title: 'Shift Ended',
              description: `${next.checkins} check-ins, ${next.checkouts} check-outs, ${formatPeso(next.collected)} collected.`,
            }
          : { title: 'Shift Started', description: `Started at ${formatTime(next.startTime)}.` },
      );
      return refreshGate(queryClient);
    },
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
  return (
    <Button variant={open ? 'destructive' : 'primary'} disabled={isLoading || change.isPending} onClick={() => change.mutate()}>
      {change.isPending ? 'Processing...' : open ? 'End Shift' : 'Start Shift'}
    </Button>
  );
}

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div>
    <dt className="text-sm text-muted-foreground">{label}</dt>
    <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
      {value}
    </dd>
  </div>
);

/** Current Shift: the counts and money of this attendant's open shift, from the server's records. */
export function ShiftCard({ lotId }: { lotId: string }) {
  const now = useMinuteClock();
  const { data: shift, isLoading } = useQuery(shiftQuery(lotId));
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Current Shift</h2>
      {isLoading ? (
        <p className="text-muted-foreground">Loading shift…</p>
      ) : !shift ? (
        <p className="text-muted-foreground">No shift started. Start your shift to record what you collect.</p>
      ) : (
        <ShiftFigures shift={shift} now={now} />
      )}
    </Card>
  );
}

function ShiftFigures({ shift, now }: { shift: Shift; now: Date }) {
  const minutes = Math.max(shift.duration, (now.getTime() - new Date(shift.startTime).getTime()) / MINUTE_MS);
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <Figure label="Check-ins" value={String(shift.checkins)} testId="shift-checkins" />
      <Figure label="On monthly passes" value={String(shift.passEntries)} testId="shift-pass-entries" />
      <Figure label="Check-outs" value={String(shift.checkouts)} testId="shift-checkouts" />
      <Figure label="Collected" value={formatPeso(shift.collected)} testId="shift-collected" />
      <Figure label="Cash" value={formatPeso(shift.collectedCash)} testId="shift-cash" />
      <Figure label="Wallet" value={formatPeso(shift.collectedWallet)} testId="shift-wallet" />
      <Figure label="Issues" value={String(shift.issues)} testId="shift-issues" />
      <Figure label="Duration" value={formatDuration(minutes)} testId="shift-duration" />
      <Figure label="Started" value={formatTime(shift.startTime)} testId="shift-start" />
    </dl>
  );
}
