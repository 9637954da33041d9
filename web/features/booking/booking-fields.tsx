import { Link } from '@tanstack/react-router';
import { OTHER_VEHICLE } from '../../../core/booking-request';
import type { lotAmenities } from '../../../core/lot-json';
import { formatPeso } from '../../../core/money';
import { vatIncluded, type PriceQuote } from '../../../core/pricing';
import { Field, Input, Select } from '../../components/ui/field';
import type { Vehicle } from '../../lib/account';

export type SlotNeeds = { accessible?: boolean; ev?: boolean };

/** What the wallet lacks for a total, once its balance is known. */
export const shortOf = (totalCents: number, balanceCents: number | undefined) =>
  balanceCents === undefined ? 0 : totalCents - balanceCents;

const NeedBox = ({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) => (
  <label className="flex items-center gap-2">
    <input type="checkbox" className="h-4 w-4 accent-brand" checked={checked} onChange={(e) => onChange(e.target.checked)} />
    {label}
  </label>
);

/** The bays the lot has that the driver may ask for: accessible, EV charging. */
export function SlotNeedsFields({
  amenities,
  needs,
  onChange,
}: {
  amenities: ReturnType<typeof lotAmenities>;
  needs: SlotNeeds;
  onChange: (needs: SlotNeeds) => void;
}) {
  if (!amenities.accessible && !amenities.evCharging) return null;
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="mb-1 font-medium">Slot needs</legend>
      {amenities.accessible && (
        <NeedBox label="Accessible (PWD) bay" checked={!!needs.accessible} onChange={(accessible) => onChange({ ...needs, accessible })} />
      )}
      {amenities.evCharging && <NeedBox label="EV charging bay" checked={!!needs.ev} onChange={(ev) => onChange({ ...needs, ev })} />}
    </fieldset>
  );
}

/** The price line by line (hours, long-stay rate, voucher), the total with its VAT, the wallet and what it lacks. */
export function PriceBreakdown({
  price,
  voucherOffCents,
  balanceCents,
}: {
  price: PriceQuote;
  voucherOffCents: number;
  balanceCents: number | undefined;
}) {
  const totalCents = price.totalCents - voucherOffCents;
  const short = shortOf(totalCents, balanceCents);
  return (
    <>
      <dl className="space-y-1 rounded-lg bg-muted p-3 text-sm">
        {price.lines ? (
          // A rate card's quote, line by line as the lot posts it (first block, succeeding hours, daily maximum, nights).
          price.lines.map((line) => (
            <div key={line.label} className="flex justify-between">
              <dt>{line.label}</dt>
              <dd>{formatPeso(line.cents)}</dd>
            </div>
          ))
        ) : (
          <div className="flex justify-between">
            <dt>
              {price.hours} h × {formatPeso(price.baseRateCents)}
            </dt>
            <dd>{formatPeso(price.grossCents)}</dd>
          </div>
        )}
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
          <dd>{balanceCents === undefined ? '…' : formatPeso(balanceCents)}</dd>
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
    </>
  );
}

/** The driver's vehicles, the default first chosen, or another one by its plate. */
export function VehicleFields({
  vehicles,
  vehicleId,
  onVehicle,
  plate,
  onPlate,
}: {
  vehicles: Vehicle[];
  vehicleId: string;
  onVehicle: (id: string) => void;
  plate: string;
  onPlate: (plate: string) => void;
}) {
  return (
    <>
      <Field label="Vehicle" htmlFor="booking-vehicle">
        <Select id="booking-vehicle" value={vehicleId} onChange={(e) => onVehicle(e.target.value)}>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.plate} · {v.make} {v.model}
              {v.isDefault ? ' (default)' : ''}
            </option>
          ))}
          <option value={OTHER_VEHICLE}>Another vehicle (type the plate)</option>
        </Select>
      </Field>
      {vehicleId === OTHER_VEHICLE && (
        <Field label="Plate Number" htmlFor="booking-plate">
          <Input id="booking-plate" value={plate} placeholder="ABC 1234" onChange={(e) => onPlate(e.target.value.toUpperCase())} />
        </Field>
      )}
    </>
  );
}
