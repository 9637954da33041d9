import { FormProvider, type UseFormReturn } from 'react-hook-form';
import type { LotCreate } from '../../../core/lot-form';
import { lotFormSchema, lotFormValues, type LotFormValues } from '../../../core/lot-form-input';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { useCreateLot, useUpdateLot, type OwnerLot } from '../../lib/owner';
import { LotHoursFields } from './lot-form-hours';
import { LotPlaceFields } from './lot-form-place';
import { LotAmenitiesFields, LotRulesFields } from './lot-form-rules';
import { LotSlotFields } from './lot-form-slots';

/** Creates the lot, or saves the edit (without the first rate: an existing lot's price changes under Pricing). */
function useSaveLot(lot: OwnerLot | undefined, form: UseFormReturn<LotFormValues, unknown, LotCreate>, close: () => void) {
  const create = useCreateLot();
  const update = useUpdateLot();
  const onError = (error: Error) => {
    showIssuesOnFields(error, form);
    toast({ title: lot ? 'Update Failed' : 'Lot Not Created', description: error.message, variant: 'destructive' });
  };
  const done = (title: string, description?: string) => {
    toast({ title, description });
    close();
  };
  const save = ({ hourlyRate, ...edit }: LotCreate) => {
    if (!lot)
      return create.mutate(
        { ...edit, hourlyRate },
        { onSuccess: () => done('Lot Created', 'Your lot has been submitted for approval.'), onError },
      );
    update.mutate(
      { id: lot.id, json: edit },
      {
        // An approved lot's name, address, place and entrance change only once the super admin approves (docs/owner.md).
        onSuccess: (updated) =>
          done(
            'Lot Updated',
            updated.pendingListing
              ? 'The new name, address, place or entrance waits for review; drivers see the approved listing until then.'
              : updated.review === 'rejected'
                ? 'Resubmit it for review when it is ready.'
                : undefined,
          ),
        onError,
      },
    );
  };
  return { save, pending: create.isPending || update.isPending };
}

/** The lot form: the spec's fields with its defaults, per-day hours ("same every day" first) and the slot layout. */
export function LotFormDialog({ lot, open, onOpenChange }: { lot?: OwnerLot; open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useSchemaForm(lotFormSchema, lotFormValues(lot));
  const { save, pending } = useSaveLot(lot, form, () => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={lot ? 'Edit Lot' : 'Add New Lot'}>
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit(save, toastFirstProblem('Check the lot'))}
          className="max-h-[70vh] space-y-4 overflow-y-auto pr-1"
        >
          <LotPlaceFields />
          <LotRulesFields />
          <LotHoursFields />
          <LotAmenitiesFields />
          <LotSlotFields isNew={!lot} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {lot ? 'Save Lot' : 'Create Lot'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
