import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { canCancel, canExtend, canModify } from '../../../core/booking';
import { Button } from '../../components/ui/button';
import { platformRulesQuery, type Reservation } from '../../lib/booking';
import { CancelDialog, ExtendDialog, ModifyDialog } from './reservation-dialogs';

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
  const { freeCancelMinutes } = useSuspenseQuery(platformRulesQuery).data;
  const [dialog, setDialog] = useState<'cancel' | 'extend' | 'modify' | null>(extendOpen && canExtend(reservation) ? 'extend' : null);
  const close = () => setDialog(null);
  const size = compact ? 'sm' : 'md';
  return (
    <div className="flex flex-wrap gap-2">
      {canModify(reservation, freeCancelMinutes) && (
        <Button variant="outline" size={size} onClick={() => setDialog('modify')}>
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
      <CancelDialog reservation={reservation} freeCancelMinutes={freeCancelMinutes} open={dialog === 'cancel'} onClose={close} />
      <ExtendDialog reservation={reservation} open={dialog === 'extend'} onClose={close} />
      <ModifyDialog reservation={reservation} freeCancelMinutes={freeCancelMinutes} open={dialog === 'modify'} onClose={close} />
    </div>
  );
}
