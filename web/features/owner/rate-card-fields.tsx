import { useFormContext } from 'react-hook-form';
import type { PricingFormValues } from '../../../core/pricing-form-input';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';

type Vehicle = 'car' | 'motorcycle';
const VEHICLE_NAMES: Record<Vehicle, string> = { car: 'Car', motorcycle: 'Motorcycle' };

/** A peso amount as typed, in whole centavos at most. */
const pesoInput = { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' } as const;

/** One vehicle class's block: its first hours and their price, each succeeding hour or fraction, and an optional daily maximum. */
function ClassFields({ vehicle, hint }: { vehicle: Vehicle; hint?: string }) {
  const { register, formState } = useFormContext<PricingFormValues>();
  const errors = formState.errors.rateCard?.classes?.[vehicle];
  const name = VEHICLE_NAMES[vehicle];
  const id = (field: string) => `card-${vehicle}-${field}`;
  return (
    <fieldset className="space-y-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{vehicle === 'car' ? 'Cars' : 'Motorcycles'}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={`${name} first block (hours)`} htmlFor={id('first-hours')} error={errors?.firstHours}>
          <Input id={id('first-hours')} type="number" min={1} max={24} {...register(`rateCard.classes.${vehicle}.firstHours`)} />
        </FormField>
        <FormField label={`${name} first block price (₱)`} htmlFor={id('first')} error={errors?.firstCents}>
          <Input id={id('first')} {...pesoInput} {...register(`rateCard.classes.${vehicle}.firstCents`)} />
        </FormField>
        <FormField
          label={`${name} succeeding hour (₱)`}
          htmlFor={id('succeeding')}
          hint="Each hour or fraction after the first block."
          error={errors?.succeedingCents}
        >
          <Input id={id('succeeding')} {...pesoInput} {...register(`rateCard.classes.${vehicle}.succeedingCents`)} />
        </FormField>
        <FormField
          label={`${name} daily maximum (₱)`}
          htmlFor={id('cap')}
          hint="Optional: the most a day costs."
          error={errors?.dailyCapCents}
        >
          <Input id={id('cap')} {...pesoInput} {...register(`rateCard.classes.${vehicle}.dailyCapCents`)} />
        </FormField>
      </div>
    </fieldset>
  );
}

/** The fees of every vehicle: the grace period, the lost-ticket fee and an optional overnight fee with its window. */
function FeeFields() {
  const { register, formState } = useFormContext<PricingFormValues>();
  const errors = formState.errors.rateCard;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField
        label="Grace period (minutes)"
        htmlFor="card-grace"
        hint="0 to 30: a stay this short pays nothing."
        error={errors?.graceMinutes}
      >
        <Input id="card-grace" type="number" min={0} max={30} {...register('rateCard.graceMinutes')} />
      </FormField>
      <FormField label="Lost ticket fee (₱)" htmlFor="card-lost-ticket" error={errors?.lostTicketCents}>
        <Input id="card-lost-ticket" {...pesoInput} {...register('rateCard.lostTicketCents')} />
      </FormField>
      <FormField
        label="Overnight fee (₱)"
        htmlFor="card-overnight"
        hint="Optional: once for each night the stay covers."
        error={errors?.overnight?.cents}
      >
        <Input id="card-overnight" {...pesoInput} {...register('rateCard.overnight.cents')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Overnight from" htmlFor="card-overnight-from" error={errors?.overnight?.from}>
          <Input id="card-overnight-from" type="time" {...register('rateCard.overnight.from')} />
        </FormField>
        <FormField label="Overnight until" htmlFor="card-overnight-until" error={errors?.overnight?.until}>
          <Input id="card-overnight-until" type="time" {...register('rateCard.overnight.until')} />
        </FormField>
      </div>
    </div>
  );
}

/** The Manila rate card: a block per vehicle class the lot takes, then the fees every vehicle pays. */
export function RateCardFields({ motorcycles }: { motorcycles: boolean }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        The rates posted at your entrance: a first block, then every succeeding hour or fraction.
      </p>
      <ClassFields vehicle="car" />
      {motorcycles && <ClassFields vehicle="motorcycle" hint="Leave blank to charge motorcycles the car rate." />}
      <FeeFields />
    </div>
  );
}
