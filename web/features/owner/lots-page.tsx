import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { ownerLotsQuery, useDeleteLot, useUpdateLot, type OwnerLot } from '../../lib/owner';
import { PassProductsDialog } from '../monthly-passes/pass-products-dialog';
import { AttendantsDialog } from './attendants-dialog';
import { LotCard, type LotDialog } from './lot-card';
import { LotFormDialog } from './lot-form-dialog';
import { ResubmitDialog } from './resubmit-dialog';
import { TagsDialog } from './tags-dialog';

/**
 * The one dialog open on the page: a lot's, a new lot's form, or, for a lot that cannot be deleted
 * (bookings ahead, or history), the offer to deactivate it instead.
 */
type OpenDialog = { dialog: LotDialog; lot: OwnerLot } | { dialog: 'new' } | { dialog: 'deactivate'; lot: OwnerLot; reason: string };

/** Takes the lot's new bookings, or stops them; what is booked stands either way. */
function useSetActive() {
  const update = useUpdateLot();
  return (lot: OwnerLot, isActive: boolean) =>
    update.mutate(
      { id: lot.id, json: { isActive } },
      {
        onSuccess: () =>
          toast({
            title: 'Lot Updated',
            description: isActive ? `${lot.name} takes new bookings again.` : `${lot.name} takes no new bookings; what is booked stands.`,
          }),
        onError: (error) => toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
}

function DeleteLotDialogs({
  open,
  onOpen,
  onClose,
  setActive,
}: {
  open: OpenDialog | null;
  onOpen: (open: OpenDialog) => void;
  onClose: () => void;
  setActive: ReturnType<typeof useSetActive>;
}) {
  const remove = useDeleteLot();
  const deleting = open?.dialog === 'delete' ? open.lot : null;
  const offer = open?.dialog === 'deactivate' ? open : null;
  const onDelete = (lot: OwnerLot) =>
    remove.mutate(lot.id, {
      onSuccess: () => toast({ title: 'Lot Deleted' }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && lot.isActive) onOpen({ dialog: 'deactivate', lot, reason: error.text });
        else toast({ title: 'Lot Not Deleted', description: error.message, variant: 'destructive' });
      },
    });
  return (
    <>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(isOpen) => !isOpen && onClose()}
        title="Delete Lot"
        description="Are you sure you want to delete this lot?"
        confirmLabel="Delete"
        onConfirm={() => deleting && onDelete(deleting)}
      />
      <ConfirmDialog
        open={!!offer}
        onOpenChange={(isOpen) => !isOpen && onClose()}
        title="Deactivate Lot Instead?"
        description={offer?.reason ?? ''}
        confirmLabel="Deactivate"
        onConfirm={() => offer && setActive(offer.lot, false)}
      />
    </>
  );
}

/** The dialog of a lot's own (its form, passes, tags, attendants, resubmission), when one is open. */
function LotDialogs({ open, onClose }: { open: OpenDialog | null; onClose: () => void }) {
  if (open?.dialog === 'new') return <LotFormDialog key="new" open onOpenChange={(isOpen) => !isOpen && onClose()} />;
  if (!open || !('lot' in open)) return null;
  const { lot } = open;
  if (open.dialog === 'edit') return <LotFormDialog key={lot.id} lot={lot} open onOpenChange={(isOpen) => !isOpen && onClose()} />;
  if (open.dialog === 'passes') return <PassProductsDialog key={lot.id} lot={lot} onClose={onClose} />;
  if (open.dialog === 'resubmit') return <ResubmitDialog key={lot.id} lot={lot} onClose={onClose} />;
  if (open.dialog === 'tags') return <TagsDialog key={lot.id} lot={lot} onClose={onClose} />;
  if (open.dialog === 'attendants') return <AttendantsDialog key={lot.id} lot={lot} onClose={onClose} />;
  return null;
}

/** The owner's lots: add one for approval, edit or resize one, staff its gate, delete one that has nothing booked. */
export function OwnerLotsPage() {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const adding = useSearch({ from: '/_auth/owner/lots' }).new;
  const navigate = useNavigate({ from: '/owner/lots' });
  const [picked, setOpen] = useState<OpenDialog | null>(null);
  const open: OpenDialog | null = adding ? { dialog: 'new' } : picked;
  const close = () => {
    setOpen(null);
    if (adding) navigate({ search: {}, replace: true });
  };
  const setActive = useSetActive();
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Manage Lots</h1>
        <Button onClick={() => setOpen({ dialog: 'new' })}>Add New Lot</Button>
      </div>
      {lots.length === 0 ? (
        <p className="text-muted-foreground">You have no lots yet. Add one and it is submitted for approval.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {lots.map((lot) => (
            <LotCard
              key={lot.id}
              lot={lot}
              onOpen={(dialog) => setOpen({ dialog, lot })}
              onToggleActive={() => setActive(lot, !lot.isActive)}
            />
          ))}
        </div>
      )}
      <LotDialogs open={open} onClose={close} />
      <DeleteLotDialogs open={open} onOpen={setOpen} onClose={close} setActive={setActive} />
    </main>
  );
}
