import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { changesClosed, refundableAt, DURATION_HOURS } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { extensionCents, quote } from '../../../core/pricing';
import { fromManilaInput, HOUR_MS, toManilaInput } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog';
import { ArrivalInput, Field, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { lotQuery, useBookingActions, type Reservation } from '../../lib/booking';

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

type ActionDialog = { reservation: Reservation; freeCancelMinutes: number; open: boolean; onClose: () => void };

/** Cancelling, confirmed, with the refund it gives or the notice that it gives none. */
export function CancelDialog({ reservation, freeCancelMinutes, open, onClose }: ActionDialog) {
  const { cancel } = useBookingActions();
  const refund = refundableAt(reservation.startTs, freeCancelMinutes);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
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
  );
}

/** Extending by 1 to 4 hours, priced before it is confirmed. */
export function ExtendDialog({ reservation, open, onClose }: Omit<ActionDialog, 'freeCancelMinutes'>) {
  const { extend } = useBookingActions();
  const [hours, setHours] = useState(1);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Extend your stay">
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
        {open && <ExtensionPrice reservation={reservation} hours={hours} />}
        <Button
          className="w-full"
          disabled={extend.isPending}
          onClick={() =>
            extend.mutate(
              { id: reservation.id, hours },
              {
                onSuccess: () => {
                  toast({ title: 'Reservation Extended', description: `${hours} more hour${hours > 1 ? 's' : ''}.` });
                  onClose();
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
  );
}

/** Changing the arrival and the duration, re-priced; opened, it starts from the reservation as it is now (it may have been extended since). */
export function ModifyDialog({ open, onClose, ...props }: ActionDialog) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Change your reservation">
      {/* Mounted with the dialog's content: each opening starts from the reservation as it is then. */}
      <ModifyForm {...props} onClose={onClose} />
    </Dialog>
  );
}

function ModifyForm({ reservation, freeCancelMinutes, onClose }: Omit<ActionDialog, 'open'>) {
  const { modify } = useBookingActions();
  const currentHours = Math.ceil((Date.parse(reservation.endTs) - Date.parse(reservation.startTs)) / HOUR_MS);
  const [when, setWhen] = useState(() => toManilaInput(new Date(reservation.startTs)));
  const [duration, setDuration] = useState(currentHours);
  const durationOptions = [...new Set<number>([...DURATION_HOURS, currentHours])].sort((a, b) => a - b);
  return (
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
      <PriceChange
        lotId={reservation.lotId}
        startMs={Date.parse(fromManilaInput(when))}
        durationMs={duration * HOUR_MS}
        paidCents={reservation.amountCents}
      />
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
                onClose();
              },
              onError: failed('Update Failed'),
            },
          )
        }
      >
        {modify.isPending ? 'Processing...' : 'Save changes'}
      </Button>
    </div>
  );
}
