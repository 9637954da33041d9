import { listingReasonSchema } from '../../../core/lot-listing-request';
import type { ListingAction } from '../../../core/lot-sale';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useListingAction } from '../../lib/admin';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';

/** The lot the admin chose to unlist or list again, before giving the reason. */
export type PendingListing = { lotId: string; name: string; action: ListingAction };

const WORDS: Record<ListingAction, { title: string; effect: string; confirm: string; done: string }> = {
  unlist: {
    title: 'Unlist lot',
    effect: 'Drivers will no longer find it or buy anything there; what is booked stands. Its owner reads your reason on the lot.',
    confirm: 'Unlist',
    done: 'Lot unlisted',
  },
  list: {
    title: 'List lot again',
    effect: 'Drivers can find and book it again.',
    confirm: 'List again',
    done: 'Lot listed again',
  },
};

/** Unlist an approved lot, or list it again, with a reason (docs/admin.md, Unlisting a lot): the server's rule checks the form. */
export function ListingDialog({ pending, onClose }: { pending: PendingListing; onClose: () => void }) {
  const form = useSchemaForm(listingReasonSchema, { reason: '' });
  const change = useListingAction();
  const words = WORDS[pending.action];
  const submit = ({ reason }: { reason: string }) =>
    change.mutate(
      { lotId: pending.lotId, action: pending.action, reason },
      {
        onSuccess: () => {
          toast({ title: words.done, description: pending.name });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Error', description: error.message, variant: 'destructive' });
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={words.title}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
        <p className="text-muted-foreground">
          <strong className="text-foreground">{pending.name}</strong>: {words.effect}
        </p>
        <FormField label="Reason" htmlFor="listing-reason" error={form.formState.errors.reason}>
          <Textarea id="listing-reason" rows={3} {...form.register('reason')} />
        </FormField>
        <DialogButtons
          onCancel={onClose}
          submitLabel={change.isPending ? 'Processing...' : words.confirm}
          destructive={pending.action === 'unlist'}
          pending={change.isPending}
        />
      </form>
    </Dialog>
  );
}
