import { useSuspenseQuery } from '@tanstack/react-query';
import { Car, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useVehicleActions, vehiclesQuery, type Vehicle } from '../../lib/account';
import { VehicleDialog } from './vehicle-dialog';

/** The driver's vehicles: add, edit, make one the default, delete. */
export function VehiclesTab() {
  const { data: vehicles } = useSuspenseQuery(vehiclesQuery);
  const { remove } = useVehicleActions();
  // The vehicle being edited, 'new' while one is added, null with the dialog closed.
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);

  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <p className="text-muted-foreground">{vehicles.length ? `${vehicles.length} vehicle(s)` : 'No vehicles yet.'}</p>
        <Button onClick={() => setEditing('new')}>
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
            <Button variant="ghost" size="icon" aria-label={`Edit ${vehicle.plate}`} onClick={() => setEditing(vehicle)}>
              <Pencil className="h-4 w-4" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete ${vehicle.plate}`} onClick={() => setDeleting(vehicle)}>
              <Trash2 className="h-4 w-4" />
            </Button>
          </li>
        ))}
      </ul>
      {editing && (
        <VehicleDialog
          key={editing === 'new' ? 'new' : editing.id}
          vehicle={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
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
