import { useFormContext, useWatch } from 'react-hook-form';
import { ENTRANCE_MAX_METRES } from '../../../core/lot-form';
import type { LotFormValues } from '../../../core/lot-form-input';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';

/** A latitude or longitude, in degrees as typed. */
function CoordinateField({ name, id, label }: { name: 'geoLat' | 'geoLng' | 'entranceLat' | 'entranceLng'; id: string; label: string }) {
  const { register, formState } = useFormContext<LotFormValues>();
  return (
    <FormField label={label} htmlFor={id} error={formState.errors[name]}>
      <Input id={id} required type="number" step="any" {...register(name)} />
    </FormField>
  );
}

/** Where cars turn in: the pin, unless the owner gives a gate of its own near it. */
function EntranceFields() {
  const { register, getValues, setValue } = useFormContext<LotFormValues>();
  const atPin = useWatch<LotFormValues, 'entranceAtPin'>({ name: 'entranceAtPin' });
  const moveFromPin = (atPinNow: boolean) => {
    // A gate is near the pin: start from it rather than from nothing.
    if (!atPinNow && getValues('entranceLat') === '' && getValues('entranceLng') === '') {
      setValue('entranceLat', getValues('geoLat'));
      setValue('entranceLng', getValues('geoLng'));
    }
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Entrance</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('entranceAtPin', { onChange: (e) => moveFromPin(e.target.checked) })} /> Same as the pin
      </label>
      {!atPin && (
        <>
          <p className="text-xs text-muted-foreground">
            Where cars turn in, within {ENTRANCE_MAX_METRES} m of the pin. Directions lead drivers here.
          </p>
          <div className="grid grid-cols-2 gap-3">
            <CoordinateField name="entranceLat" id="lot-entrance-lat" label="Entrance Latitude" />
            <CoordinateField name="entranceLng" id="lot-entrance-lng" label="Entrance Longitude" />
          </div>
        </>
      )}
    </fieldset>
  );
}

/** The lot's name, address, pin and entrance. */
export function LotPlaceFields() {
  const { register, formState } = useFormContext<LotFormValues>();
  return (
    <>
      <FormField label="Lot Name" htmlFor="lot-name" error={formState.errors.name}>
        <Input id="lot-name" required {...register('name')} />
      </FormField>
      <FormField label="Address" htmlFor="lot-address" error={formState.errors.address}>
        <Input id="lot-address" {...register('address')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <CoordinateField name="geoLat" id="lot-lat" label="Latitude" />
        <CoordinateField name="geoLng" id="lot-lng" label="Longitude" />
      </div>
      <EntranceFields />
    </>
  );
}
