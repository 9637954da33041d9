import { usePrefetchQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { lotAmenities } from '../../../core/lot-json';
import { formatPeso } from '../../../core/money';
import { quote, vatIncluded, type LotPricing } from '../../../core/pricing';
import { freeHourOffCents } from '../../../core/rewards';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { vehiclesQuery } from '../../lib/account';
import { platformRulesQuery, useBookingActions } from '../../lib/booking';
import { walletQuery } from '../../lib/wallet';
import { VoucherField } from '../wallet/voucher-field';
import { HOUR_MS } from '../../../core/time';

export type BookingTarget = { id: string; name: string; pricing: LotPricing; amenitiesJson: string };
export type SlotNeeds = { accessible?: boolean; ev?: boolean };
const OTHER = 'other';

const NeedBox = ({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) => (
  <label className="flex items-center gap-2">
    <input type="checkbox" className="h-4 w-4 accent-brand" checked={checked} onChange={(e) => onChange(e.target.checked)} />
    {label}
  </label>
);

/** Booking confirmation: vehicle, price breakdown, wallet balance (top-up link when short), confirm. */
export function BookingDialog({
  lot,
  start,
  durationHours,
  needs: searchedNeeds = {},
  onClose,
}: {
  lot: BookingTarget;
  start: string;
  durationHours: number;
  /** What the driver filtered for (Accessible, EV Charging): the slot must have it. */
  needs?: SlotNeeds;
  onClose: () => void;
}) {
  // Started during render, so both load beside the rules rather than after them.
  usePrefetchQuery(walletQuery);
  usePrefetchQuery(vehiclesQuery);
  const { data: wallet } = useQuery(walletQuery);
  const vehiclesFound = useQuery(vehiclesQuery);
  const vehicles = vehiclesFound.data ?? [];
  const { data: rules } = useSuspenseQuery(platformRulesQuery);
  const { book } = useBookingActions();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<string | null>(null);
  const [plate, setPlate] = useState('');
  const [needs, setNeeds] = useState<SlotNeeds>(searchedNeeds);
  const amenities = lotAmenities(lot);
  const vehicleId = choice ?? vehicles.find((v) => v.isDefault)?.id ?? OTHER;
  const price = quote(lot.pricing, durationHours * HOUR_MS, Date.parse(start));
  const end = new Date(new Date(start).getTime() + durationHours * HOUR_MS).toISOString();
  // One of the driver's free-hour vouchers can take an hour off (docs/wallet.md, Rewards).
  const [voucherId, setVoucherId] = useState('');
  const voucherOffCents = voucherId ? freeHourOffCents(price) : 0;
  const totalCents = price.totalCents - voucherOffCents;
  const short = wallet ? totalCents - wallet.balanceCents : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    book.mutate(
      {
        lotId: lot.id,
        start,
        durationHours,
        needs: { accessible: !!needs.accessible && !!amenities.accessible, ev: !!needs.ev && !!amenities.evCharging },
        ...(vehicleId === OTHER ? { plate } : { vehicleId }),
        ...(voucherId && { voucherId }),
      },
      {
        onSuccess: (reservation) => {
          toast({ title: 'Reservation Confirmed', description: `${lot.name}, slot ${reservation.slotLabel}. Pass ${reservation.passId}.` });
          onClose();
          navigate({ to: '/reservation/$id', params: { id: reservation.id } });
        },
        onError: (error) => toast({ title: 'Booking Failed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Reserve at ${lot.name}`}>
      {/* The form opens on the driver's default vehicle, so it waits for the vehicles (a failed read leaves the typed plate). */}
      {vehiclesFound.isPending ? (
        <Spinner compact label="Loading your vehicles" />
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <p className="text-sm text-muted-foreground">
            {formatDateTime(start)} → {formatDateTime(end)}
          </p>
          <Field label="Vehicle" htmlFor="booking-vehicle">
            <Select id="booking-vehicle" value={vehicleId} onChange={(e) => setChoice(e.target.value)}>
              {vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.plate} · {v.make} {v.model}
                  {v.isDefault ? ' (default)' : ''}
                </option>
              ))}
              <option value={OTHER}>Another vehicle (type the plate)</option>
            </Select>
          </Field>
          {vehicleId === OTHER && (
            <Field label="Plate Number" htmlFor="booking-plate">
              <Input id="booking-plate" value={plate} placeholder="ABC 1234" onChange={(e) => setPlate(e.target.value.toUpperCase())} />
            </Field>
          )}
          {(amenities.accessible || amenities.evCharging) && (
            <fieldset className="space-y-1 text-sm">
              <legend className="mb-1 font-medium">Slot needs</legend>
              {amenities.accessible && (
                <NeedBox
                  label="Accessible (PWD) bay"
                  checked={!!needs.accessible}
                  onChange={(accessible) => setNeeds({ ...needs, accessible })}
                />
              )}
              {amenities.evCharging && (
                <NeedBox label="EV charging bay" checked={!!needs.ev} onChange={(ev) => setNeeds({ ...needs, ev })} />
              )}
            </fieldset>
          )}
          <VoucherField id="booking-voucher" value={voucherId} onChange={setVoucherId} />
          <dl className="space-y-1 rounded-lg bg-muted p-3 text-sm">
            <div className="flex justify-between">
              <dt>
                {price.hours} h × {formatPeso(price.baseRateCents)}
              </dt>
              <dd>{formatPeso(price.grossCents)}</dd>
            </div>
            {price.discountCents > 0 && (
              <div className="flex justify-between text-green-700 dark:text-green-400">
                <dt>Long-stay rate ×{price.rateMultiplier}</dt>
                <dd>−{formatPeso(price.discountCents)}</dd>
              </div>
            )}
            {voucherOffCents > 0 && (
              <div className="flex justify-between text-green-700 dark:text-green-400">
                <dt>Free hour (voucher)</dt>
                <dd>−{formatPeso(voucherOffCents)}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold">
              <dt>Total (VAT {formatPeso(vatIncluded(totalCents))} included)</dt>
              <dd data-testid="booking-total">{formatPeso(totalCents)}</dd>
            </div>
            <div className="flex justify-between text-muted-foreground">
              <dt>Wallet balance</dt>
              <dd>{wallet ? formatPeso(wallet.balanceCents) : '…'}</dd>
            </div>
          </dl>
          {short > 0 && (
            <p className="text-sm text-destructive">
              Your wallet is {formatPeso(short)} short.{' '}
              <Link to="/wallet" className="font-medium underline">
                Top up
              </Link>
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            Free cancellation up to {rules.freeCancelMinutes} minutes before arrival. Arrive within {rules.noShowGraceMinutes} minutes of
            the start to keep your slot.
          </p>
          <Button type="submit" className="w-full" disabled={book.isPending || short > 0 || (vehicleId === OTHER && !plate.trim())}>
            {book.isPending ? 'Processing...' : `Confirm and pay ${formatPeso(totalCents)}`}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
