import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { canCancel, canExtend, canModify, changesClosed, refundableAt, DURATION_HOURS } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { extensionCents, quote } from '../../../core/pricing';
import { fromManilaInput, HOUR_MS, toManilaInput } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog';
import { ArrivalInput, Field, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { lotQuery, platformRulesQuery, useBookingActions, type Reservation } from '../../lib/booking';

/** The re-quote of a changed stay at the lot's current prices, and what it means for the wallet. */
function PriceChange({ lotId, startMs, durationMs, paidCents }: { lotId: string; startMs: number; durationMs: number; paidCents: number }) {
  const { data: lot } = useQuery(lotQuery(lotId));
  if (!lot) return <p className="text-sm text-muted-foreground">Working out the new price…</p>;
  const { totalCents } = quote(lot.pricing, durationMs, startMs);
  const difference = totalCents - paidCents;
  return (
    <p data-testid="price-change" className="rounded-lg bg-muted p-3 text-sm">
      New total <strong>{formatPeso(totalCents)}</strong> ·{' '}
      {difference > 0
        ? `${formatPeso(difference)} more from your wallet`
        : difference < 0
          ? `${formatPeso(-difference)} back to your wallet`
          : 'no change in price'}
    </p>
  );
}

/** What an extension costs (core/pricing.ts, extensionCents): the added time at today's prices; what was bought keeps its price. */
function ExtensionPrice({ reservation, hours }: { reservation: Reservation; hours: number }) {
  const { data: lot } = useQuery(lotQuery(reservation.lotId));
  if (!lot) return <p className="text-sm text-muted-foreground">Working out the new price…</p>;
  const addedCents = extensionCents(lot.pricing, reservation, new Date(Date.parse(reservation.endTs) + hours * HOUR_MS));
  return (
    <p data-testid="price-change" className="rounded-lg bg-muted p-3 text-sm">
      New total <strong>{formatPeso(reservation.amountCents + addedCents)}</strong> ·{' '}
      {addedCents > 0 ? `${formatPeso(addedCents)} more from your wallet` : 'no change in price'}
    </p>
  );
}

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/**
 * Cancel, Modify and Extend with the spec's status rules, each confirmed before money moves.
 * `extendOpen`: the Extend dialog opens at once (a phone notification's "Extend 1 hour" led here), when the booking can be extended.
 */
export function ReservationActions({
  reservation,
  compact = false,
  extendOpen = false,
}: {
  reservation: Reservation;
  compact?: boolean;
  extendOpen?: boolean;
}) {
  const { cancel, extend, modify } = useBookingActions();
  const { freeCancelMinutes } = useSuspenseQuery(platformRulesQuery).data;
  const [dialog, setDialog] = useState<'cancel' | 'extend' | 'modify' | null>(extendOpen && canExtend(reservation) ? 'extend' : null);
  const [hours, setHours] = useState(1);
  const stayMs = new Date(reservation.endTs).getTime() - new Date(reservation.startTs).getTime();
  const currentHours = Math.ceil(stayMs / HOUR_MS);
  const [when, setWhen] = useState('');
  const [duration, setDuration] = useState(currentHours);
  /** The Modify form starts from the reservation as it is now (it may have been extended since). */
  const openModify = () => {
    setWhen(toManilaInput(new Date(reservation.startTs)));
    setDuration(currentHours);
    setDialog('modify');
  };
  const durationOptions = [...new Set<number>([...DURATION_HOURS, currentHours])].sort((a, b) => a - b);
  const close = () => setDialog(null);
  const size = compact ? 'sm' : 'md';
  const refund = refundableAt(reservation.startTs, freeCancelMinutes);

  return (
    <div className="flex flex-wrap gap-2">
      {canModify(reservation, freeCancelMinutes) && (
        <Button variant="outline" size={size} onClick={openModify}>
          Modify
        </Button>
      )}
      {canExtend(reservation) && (
        <Button variant="outline" size={size} onClick={() => setDialog('extend')}>
          Extend Time
        </Button>
      )}
      {canCancel(reservation) && (
        <Button variant="destructive" size={size} onClick={() => setDialog('cancel')}>
          Cancel Reservation
        </Button>
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => !open && close()}
        title="Cancel this reservation?"
        description={
          refund
            ? `You get ${formatPeso(reservation.amountCents)} back in your wallet.`
            : `It starts in less than ${freeCancelMinutes} minutes: cancelling now gives no refund.`
        }
        confirmLabel="Cancel Reservation"
        // mutateAsync, not mutate's callbacks: a cancelled card leaves the Upcoming tab (unmounting
        // this component) before per-call callbacks would run, and the toast would never show.
        onConfirm={() =>
          cancel.mutateAsync(reservation.id).then(
            ({ refundCents }) =>
              toast({
                title: 'Reservation Cancelled',
                description: refundCents ? `${formatPeso(refundCents)} refunded to your wallet.` : 'No refund was due.',
              }),
            failed('Cancel Failed'),
          )
        }
      />
      <Dialog open={dialog === 'extend'} onOpenChange={(open) => !open && close()} title="Extend your stay">
        <div className="space-y-4">
          <Field label="Add" htmlFor="extend-hours">
            <Select id="extend-hours" value={hours} onChange={(e) => setHours(Number(e.target.value))}>
              {[1, 2, 3, 4].map((h) => (
                <option key={h} value={h}>
                  {h} hour{h > 1 ? 's' : ''}
                </option>
              ))}
            </Select>
          </Field>
          <p className="text-sm text-muted-foreground">
            Same slot. The added time is charged at today's rates; the time you already bought keeps its price.
          </p>
          {dialog === 'extend' && <ExtensionPrice reservation={reservation} hours={hours} />}
          <Button
            className="w-full"
            disabled={extend.isPending}
            onClick={() =>
              extend.mutate(
                { id: reservation.id, hours },
                {
                  onSuccess: () => {
                    toast({ title: 'Reservation Extended', description: `${hours} more hour${hours > 1 ? 's' : ''}.` });
                    close();
                  },
                  onError: failed('Extend Failed'),
                },
              )
            }
          >
            {extend.isPending ? 'Processing...' : 'Extend'}
          </Button>
        </div>
      </Dialog>
      <Dialog open={dialog === 'modify'} onOpenChange={(open) => !open && close()} title="Change your reservation">
        <div className="space-y-4">
          <Field label="Arrival" htmlFor="modify-when">
            <ArrivalInput id="modify-when" value={when} onChange={setWhen} />
          </Field>
          <Field label="Duration" htmlFor="modify-duration">
            <Select id="modify-duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
              {durationOptions.map((h) => (
                <option key={h} value={h}>
                  {h} hour{h > 1 ? 's' : ''}
                </option>
              ))}
            </Select>
          </Field>
          {dialog === 'modify' && (
            <PriceChange
              lotId={reservation.lotId}
              startMs={Date.parse(fromManilaInput(when))}
              durationMs={duration * HOUR_MS}
              paidCents={reservation.amountCents}
            />
          )}
          <p data-testid="changes-rule" className="text-sm text-muted-foreground">
            {changesClosed(freeCancelMinutes)} After that you can still extend or cancel, without a refund.
          </p>
          <Button
            className="w-full"
            disabled={modify.isPending}
            onClick={() =>
              modify.mutate(
                { id: reservation.id, start: fromManilaInput(when), durationHours: duration },
                {
                  onSuccess: () => {
                    toast({ title: 'Reservation Updated', description: 'Your new time is saved.' });
                    close();
                  },
                  onError: failed('Update Failed'),
                },
              )
            }
          >
            {modify.isPending ? 'Processing...' : 'Save changes'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
