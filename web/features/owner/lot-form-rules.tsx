import { useFormContext } from 'react-hook-form';
import { WALK_IN_HORIZON_CHOICES } from '../../../core/gate';
import type { LotFormValues } from '../../../core/lot-form-input';
import { Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';

const AMENITIES = [
  ['security', 'Security'],
  ['covered', 'Covered'],
  ['evCharging', 'EV Charging'],
  ['accessible', 'Accessible'],
] as const;

const horizonLabel = (minutes: number) => (minutes % 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`);

/** How long a stay may be, overnight parking, and how far ahead a walk-in's slot must be free. */
export function LotRulesFields() {
  const { register, getValues, formState } = useFormContext<LotFormValues>();
  const errors = formState.errors.rulesJson;
  // The lot's own horizon stays on offer when it is not one of the usual choices.
  const horizons = [...new Set([...WALK_IN_HORIZON_CHOICES, Number(getValues('rulesJson.walkInHorizonMinutes'))])].sort((a, b) => a - b);
  return (
    <>
      <FormField label="Max Duration (hours)" htmlFor="lot-max" error={errors?.maxDuration}>
        <Input id="lot-max" required type="number" min={1} max={24} {...register('rulesJson.maxDuration')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('rulesJson.allowOvernight')} /> Allow overnight parking
      </label>
      <FormField
        label="Walk-ins need a slot free for"
        htmlFor="lot-walk-in-horizon"
        hint="A car without a reservation is let in only onto a slot not booked within this time (or before closing)."
        error={errors?.walkInHorizonMinutes}
      >
        <Select id="lot-walk-in-horizon" {...register('rulesJson.walkInHorizonMinutes')}>
          {horizons.map((minutes) => (
            <option key={minutes} value={minutes}>
              {horizonLabel(minutes)}
            </option>
          ))}
        </Select>
      </FormField>
    </>
  );
}

export function LotAmenitiesFields() {
  const { register } = useFormContext<LotFormValues>();
  return (
    <fieldset className="grid grid-cols-2 gap-2 text-sm">
      <legend className="mb-1 text-sm font-medium">Amenities</legend>
      {AMENITIES.map(([key, label]) => (
        <label key={key} className="flex items-center gap-2">
          <input type="checkbox" {...register(`amenitiesJson.${key}`)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
