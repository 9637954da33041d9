import { useFormContext } from 'react-hook-form';
import type { LotFormValues } from '../../../core/lot-form-input';
import { MAX_RATE_CENTS, MIN_RATE_CENTS } from '../../../core/pricing';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';

/** The slot layout, and a new lot's first hourly rate. */
export function LotSlotFields({ isNew }: { isNew: boolean }) {
  const { register, formState } = useFormContext<LotFormValues>();
  const { errors } = formState;
  return (
    <>
      <div className="grid grid-cols-3 gap-3">
        <FormField label="Total Slots" htmlFor="lot-total" error={errors.totalSlots}>
          <Input id="lot-total" required type="number" min={1} {...register('totalSlots')} />
        </FormField>
        <FormField label="Accessible" htmlFor="lot-accessible" error={errors.accessibleSlots}>
          <Input id="lot-accessible" type="number" min={0} {...register('accessibleSlots')} />
        </FormField>
        <FormField label="EV Charging" htmlFor="lot-ev" error={errors.evChargingSlots}>
          <Input id="lot-ev" type="number" min={0} {...register('evChargingSlots')} />
        </FormField>
      </div>
      {isNew && (
        <FormField
          label="Hourly Rate (₱)"
          htmlFor="lot-rate"
          hint="₱10 to ₱500 an hour; change it later under Pricing."
          error={errors.hourlyRate}
        >
          <Input
            id="lot-rate"
            required
            type="number"
            min={MIN_RATE_CENTS / 100}
            max={MAX_RATE_CENTS / 100}
            step="0.01"
            {...register('hourlyRate')}
          />
        </FormField>
      )}
      <FormField
        label="Levels"
        htmlFor="lot-levels"
        hint="Optional, comma-separated (B1, B2): slots are labelled like B1-014."
        error={errors.levels}
      >
        <Input id="lot-levels" {...register('levels')} />
      </FormField>
    </>
  );
}
