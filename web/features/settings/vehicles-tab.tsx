import { useQuery } from '@tanstack/react-query';
import { Car, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { VEHICLE_COLORS } from '../../../core/vehicles';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { useVehicleActions, vehiclesQuery, type Vehicle, type VehicleBody } from '../../lib/account';

const blank = { plate: '', make: '', model: '', color: '', isDefault: false };

function VehicleDialog({ vehicle, open, onOpenChange }: { vehicle: Vehicle | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(blank);
  const { save } = useVehicleActions();
  const [loadedFor, setLoadedFor] = useState<string | null | undefined>(undefined);
  // Fill the form each time the dialog opens for a different vehicle (or for a new one).
  if (open && loadedFor !== (vehicle?.id ?? null)) {
    setLoadedFor(vehicle?.id ?? null);
    setForm(
      vehicle
        ? { plate: vehicle.plate, make: vehicle.make, model: vehicle.model, color: vehicle.color ?? '', isDefault: vehicle.isDefault }
        : blank,
    );
  }
  const close = () => {
    setLoadedFor(undefined);
    onOpenChange(false);
  };
  const ready = form.plate.trim() && form.make.trim() && form.model.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const json: VehicleBody = { ...form, color: (form.color || null) as VehicleBody['color'] };
    save.mutate(
      { id: vehicle?.id, json },
      {
        onSuccess: () => {
          toast({ title: 'Vehicle Updated', description: `${json.plate.toUpperCase()} saved.` });
          close();
        },
        onError: (error) => toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={vehicle ? 'Edit Vehicle' : 'Add Vehicle'}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Plate Number" htmlFor="vehicle-plate" hint="e.g. ABC 1234">
          <Input
            id="vehicle-plate"
            className="uppercase"
            value={form.plate}
            onChange={(e) => setForm({ ...form, plate: e.target.value.toUpperCase() })}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Make" htmlFor="vehicle-make">
            <Input id="vehicle-make" value={form.make} onChange={(e) => setForm({ ...form, make: e.target.value })} />
          </Field>
          <Field label="Model" htmlFor="vehicle-model">
            <Input id="vehicle-model" value={form.model} onChange={(e) => setForm({ ...form, model: e.target.value })} />
          </Field>
        </div>
        <Field label="Color" htmlFor="vehicle-color">
          <Select id="vehicle-color" value={form.color} onChange={(e) => setForm({ ...form, color: e.target.value })}>
            <option value="">Not specified</option>
            {VEHICLE_COLORS.map((color) => (
              <option key={color} value={color}>
                {color[0].toUpperCase() + color.slice(1)}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.isDefault} onChange={(e) => setForm({ ...form, isDefault: e.target.checked })} />
          Use as my default vehicle
        </label>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>
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

export function VehiclesTab() {
  const { data: vehicles = [] } = useQuery(vehiclesQuery);
  const { remove } = useVehicleActions();
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);

  const open = (vehicle: Vehicle | null) => {
    setEditing(vehicle);
    setDialogOpen(true);
  };

  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <p className="text-muted-foreground">{vehicles.length ? `${vehicles.length} vehicle(s)` : 'No vehicles yet.'}</p>
        <Button onClick={() => open(null)}>
          <Plus className="h-4 w-4" /> Add Vehicle
        </Button>
      </div>
      <ul className="space-y-3">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id} data-testid="vehicle" className="flex items-center gap-3 rounded-xl border border-border p-4">
            <Car className="h-6 w-6 text-brand" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {vehicle.plate}
                {vehicle.isDefault && <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs text-brand-foreground">Default</span>}
              </p>
              <p className="text-sm text-muted-foreground">{[vehicle.color, vehicle.make, vehicle.model].filter(Boolean).join(' ')}</p>
            </div>
            <Button variant="ghost" size="icon" aria-label={`Edit ${vehicle.plate}`} onClick={() => open(vehicle)}>
              <Pencil className="h-4 w-4" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete ${vehicle.plate}`} onClick={() => setDeleting(vehicle)}>
              <Trash2 className="h-4 w-4" />
            </Button>
          </li>
        ))}
      </ul>
      <VehicleDialog vehicle={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete vehicle?"
        description={`Remove ${deleting?.plate ?? ''} from your account?`}
        confirmLabel="Delete"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Vehicle Updated', description: `${deleting.plate} removed.` }),
            onError: (error) => toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
          })
        }
      />
    </div>
  );
}
