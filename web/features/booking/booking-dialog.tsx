import { usePrefetchQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { bookingFormSchema, OTHER_VEHICLE, type CreateReservation } from '../../../core/booking-request';
import { lotAmenities } from '../../../core/lot-json';
import { formatPeso } from '../../../core/money';
import { quote, type LotPricing } from '../../../core/pricing';
import { freeHourOffCents } from '../../../core/rewards';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { toastFirstProblem, useSchemaForm } from '../../lib/form';
import { vehiclesQuery, type Vehicle } from '../../lib/account';
import { platformRulesQuery, useBookingActions } from '../../lib/booking';
import { walletQuery } from '../../lib/wallet';
import { PriceBreakdown, VehicleFields, shortOf, SlotNeedsFields, type SlotNeeds } from './booking-fields';
import { VoucherField } from '../wallet/voucher-field';
import { HOUR_MS } from '../../../core/time';
import type { VehicleType } from '../../../core/vehicles';

type BookingTarget = { id: string; name: string; pricing: LotPricing; amenitiesJson: string };

/** Booking confirmation: vehicle, price breakdown, wallet balance (top-up link when short), confirm. */
type BookingDialogProps = {
  lot: BookingTarget;
  start: string;
  durationHours: number;
  /** What the driver filtered for (Accessible, EV Charging): the slot must have it. */
  needs?: SlotNeeds;
  /** The vehicle the driver searched for (Motorcycle), when the search named one: the quote is for it. */
  vehicleType?: VehicleType;
  onClose: () => void;
};

export function BookingDialog({ lot, start, durationHours, needs = {}, vehicleType, onClose }: BookingDialogProps) {
  const booking = { start, durationHours, searchedNeeds: needs, searchedVehicle: vehicleType };
  // Started during render, so both load beside the rules rather than after them.
  usePrefetchQuery(walletQuery);
  usePrefetchQuery(vehiclesQuery);
  const vehiclesFound = useQuery(vehiclesQuery);
  const { data: rules } = useSuspenseQuery(platformRulesQuery);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Reserve at ${lot.name}`}>
      {/* The form opens on the driver's default vehicle, so it waits for the vehicles (a failed read leaves the typed plate). */}
      {vehiclesFound.isPending ? (
        <Spinner compact label="Loading your vehicles" />
      ) : (
        <BookingForm {...booking} lot={lot} onClose={onClose} vehicles={vehiclesFound.data ?? []} rules={rules} />
      )}
    </Dialog>
  );
}

/** The vehicle the form opens on: the default one, unless the search named another type; then the driver's first of that type, if any. */
const vehicleSearchedFor = (vehicles: Vehicle[], searched: VehicleType | undefined) =>
  searched
    ? (vehicles.find((v) => v.isDefault && v.vehicleType === searched) ?? vehicles.find((v) => v.vehicleType === searched))
    : vehicles.find((v) => v.isDefault);

type BookingFormProps = Omit<BookingDialogProps, 'needs' | 'vehicleType'> & {
  searchedNeeds: SlotNeeds;
  searchedVehicle?: VehicleType;
  vehicles: Vehicle[];
  rules: { freeCancelMinutes: number; noShowGraceMinutes: number };
};

/** The booking's window, vehicle, slot needs, voucher and price; confirmed, the wallet pays and the reservation opens. */
function BookingForm({ lot, start, durationHours, searchedNeeds, searchedVehicle, vehicles, rules, onClose }: BookingFormProps) {
  const { data: wallet } = useQuery(walletQuery);
  const { book } = useBookingActions();
  const navigate = useNavigate();
  const amenities = lotAmenities(lot);
  const form = useSchemaForm(bookingFormSchema, {
    lotId: lot.id,
    start,
    durationHours,
    vehicleId: vehicleSearchedFor(vehicles, searchedVehicle)?.id ?? OTHER_VEHICLE,
    plate: '',
    // A typed plate is the vehicle searched for, else a car, and is booked as such.
    vehicleType: searchedVehicle ?? 'car',
    // Only the needs this lot can meet are asked for.
    needs: { accessible: !!searchedNeeds.accessible && !!amenities.accessible, ev: !!searchedNeeds.ev && !!amenities.evCharging },
    voucherId: '',
  });
  const [vehicleId, plate, needs, voucherId] = form.watch(['vehicleId', 'plate', 'needs', 'voucherId']);
  // The vehicle's class prices it where the lot posts a rate card (a motorcycle's own rate).
  const vehicleType = vehicles.find((v) => v.id === vehicleId)?.vehicleType ?? searchedVehicle ?? 'car';
  const price = quote(lot.pricing, durationHours * HOUR_MS, Date.parse(start), { vehicleType });
  const end = new Date(new Date(start).getTime() + durationHours * HOUR_MS).toISOString();
  const voucherOffCents = voucherId ? freeHourOffCents(price) : 0;
  const totalCents = price.totalCents - voucherOffCents;
  const short = shortOf(totalCents, wallet?.balanceCents);

  const submit = (json: CreateReservation) =>
    book.mutate(json, {
      onSuccess: (reservation) => {
        toast({ title: 'Reservation Confirmed', description: `${lot.name}, slot ${reservation.slotLabel}. Pass ${reservation.passId}.` });
        onClose();
        navigate({ to: '/reservation/$id', params: { id: reservation.id } });
      },
      onError: (error) => toast({ title: 'Booking Failed', description: error.message, variant: 'destructive' }),
    });

  return (
    <form onSubmit={form.handleSubmit(submit, toastFirstProblem('Booking Failed'))} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {formatDateTime(start)} → {formatDateTime(end)}
      </p>
      <VehicleFields
        vehicles={vehicles}
        vehicleId={vehicleId}
        onVehicle={(id) => form.setValue('vehicleId', id)}
        plate={plate}
        onPlate={(typed) => form.setValue('plate', typed)}
      />
      <SlotNeedsFields amenities={amenities} needs={needs} onChange={(next) => form.setValue('needs', { ...needs, ...next })} />
      {/* One of the driver's free-hour vouchers can take an hour off (docs/wallet.md, Rewards). */}
      <VoucherField id="booking-voucher" value={voucherId} onChange={(chosen) => form.setValue('voucherId', chosen)} />
      <PriceBreakdown price={price} voucherOffCents={voucherOffCents} balanceCents={wallet?.balanceCents} />
      <p className="text-xs text-muted-foreground">
        Free cancellation up to {rules.freeCancelMinutes} minutes before arrival. Arrive within {rules.noShowGraceMinutes} minutes of the
        start to keep your slot.
      </p>
      <Button type="submit" className="w-full" disabled={book.isPending || short > 0 || (vehicleId === OTHER_VEHICLE && !plate.trim())}>
        {book.isPending ? 'Processing...' : `Confirm and pay ${formatPeso(totalCents)}`}
      </Button>
    </form>
  );
}
