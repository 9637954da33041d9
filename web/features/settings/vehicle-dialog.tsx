import { useWatch } from 'react-hook-form';
import { VEHICLE_COLORS, vehicleFormSchema, type VehicleDetails, type VehicleFormValues } from '../../../core/vehicles';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useVehicleActions, type Vehicle } from '../../lib/account';
import { showIssuesOnFields, upperCased, useSchemaForm } from '../../lib/form';

const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

/** Adds a vehicle, or edits one: its plate, make, model, colour and whether it is the default. */
export function VehicleDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const form = useSchemaForm(vehicleFormSchema, {
    plate: vehicle?.plate ?? '',
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    color: (vehicle?.color ?? '') as VehicleFormValues['color'],
    isDefault: vehicle?.isDefault ?? false,
  });
  const { register, formState } = form;
  const [plate, make, model] = useWatch({ control: form.control, name: ['plate', 'make', 'model'] });
  const ready = plate.trim() && make.trim() && model.trim();
  const { save } = useVehicleActions();

  const submit = (json: VehicleDetails) =>
    save.mutate(
      { id: vehicle?.id, json },
      {
        onSuccess: () => {
          toast({ title: 'Vehicle Updated', description: `${json.plate} saved.` });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Update Failed', description: error.message, variant: 'destructive' });
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={vehicle ? 'Edit Vehicle' : 'Add Vehicle'}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
        <FormField label="Plate Number" htmlFor="vehicle-plate" hint="e.g. ABC 1234" error={formState.errors.plate}>
          <Input id="vehicle-plate" className="uppercase" {...upperCased(register('plate'))} />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label="Make" htmlFor="vehicle-make" error={formState.errors.make}>
            <Input id="vehicle-make" {...register('make')} />
          </FormField>
          <FormField label="Model" htmlFor="vehicle-model" error={formState.errors.model}>
            <Input id="vehicle-model" {...register('model')} />
          </FormField>
        </div>
        <FormField label="Color" htmlFor="vehicle-color" error={formState.errors.color}>
          <Select id="vehicle-color" {...register('color')}>
            <option value="">Not specified</option>
            {VEHICLE_COLORS.map((color) => (
              <option key={color} value={color}>
                {capitalised(color)}
              </option>
            ))}
          </Select>
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('isDefault')} />
          Use as my default vehicle
        </label>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Vehicle'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
