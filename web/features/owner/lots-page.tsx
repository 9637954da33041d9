import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LOT_REVIEW_LABELS } from '../../../core/approvals';
import { hoursLabel } from '../../../core/booking';
import { lotHours } from '../../../core/lot-json';
import { unlistedNote } from '../../../core/lot-sale';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { ownerLotsQuery, useDeleteLot, useUpdateLot, type OwnerLot } from '../../lib/owner';
import { AttendantsDialog } from './attendants-dialog';
import { PassProductsDialog } from '../monthly-passes/pass-products-dialog';
import { LotFormDialog } from './lot-form-dialog';
import { ResubmitDialog } from './resubmit-dialog';
import { TagsDialog } from './tags-dialog';

const REVIEW_STYLES = {
  approved: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
} as const;

function LotCard({
  lot,
  onEdit,
  onResubmit,
  onAttendants,
  onPasses,
  onTags,
  onDelete,
  onToggleActive,
}: {
  lot: OwnerLot;
  onEdit: () => void;
  onResubmit: () => void;
  onAttendants: () => void;
  onPasses: () => void;
  onTags: () => void;
  onDelete: () => void;
  onToggleActive: () => void;
}) {
  const { occupied, total } = lot.occupancy;
  return (
    <Card data-testid="owner-lot" className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold">{lot.name}</h2>
          {lot.address && <p className="text-sm text-muted-foreground">{lot.address}</p>}
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${REVIEW_STYLES[lot.review]}`} data-testid="lot-review">
          {LOT_REVIEW_LABELS[lot.review]}
        </span>
        {!lot.isActive && <span className="rounded-full bg-muted px-2 py-0.5 text-xs">Inactive</span>}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Slots</dt>
          <dd>{lot.totalSlots}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Occupancy</dt>
          <dd>
            {occupied}/{total} ({total ? Math.round((occupied / total) * 100) : 0}%)
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Hours</dt>
          <dd>{hoursLabel(lotHours(lot))}</dd>
        </div>
      </dl>
      {lot.review === 'rejected' && (
        <div className="space-y-2 rounded-lg bg-red-50 p-2 text-sm dark:bg-red-950/40" data-testid="lot-rejection">
          <p>
            <span className="font-medium">Reason:</span> {lot.rejectionReason ?? 'No reason was given.'}
          </p>
          <p className="text-muted-foreground">Edit the lot to fix it, then resubmit it for review.</p>
        </div>
      )}
      {lot.review === 'pending' && lot.submissions.length > 1 && (
        <p className="text-sm text-muted-foreground">Resubmitted {formatDateTime(lot.submissions[0].submittedAt)}; waiting for review.</p>
      )}
      {lot.unlistedAt && (
        <div className="space-y-1 rounded-lg bg-red-50 p-2 text-sm dark:bg-red-950/40" data-testid="lot-unlisted">
          <p className="font-medium">{unlistedNote(lot.unlistedReason)}</p>
          <p className="text-muted-foreground">Drivers cannot find it or buy anything there; what is booked stands.</p>
        </div>
      )}
      {lot.pendingListing && (
        <p className="rounded-lg bg-muted p-2 text-sm" data-testid="pending-listing">
          Listing change under review since {formatDateTime(lot.pendingListing.submittedAt)}: {lot.pendingListing.name}
          {lot.pendingListing.address ? `, ${lot.pendingListing.address}` : ''}. Drivers see the approved listing until then.
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {lot.accessibleSlots} accessible · {lot.evChargingSlots} EV charging{lot.levels.length ? ` · levels ${lot.levels.join(', ')}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
        {lot.review === 'rejected' && (
          <Button size="sm" onClick={onResubmit} aria-label={`Resubmit ${lot.name}`}>
            Resubmit
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onAttendants} aria-label={`Attendants of ${lot.name}`}>
          Attendants
        </Button>
        <Button size="sm" variant="outline" onClick={onPasses} aria-label={`Monthly passes of ${lot.name}`}>
          Passes
        </Button>
        <Button size="sm" variant="outline" onClick={onTags} aria-label={`Tags of ${lot.name}`}>
          Tags
        </Button>
        <Button size="sm" variant="outline" onClick={onToggleActive}>
          {lot.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="sm" variant="destructive" onClick={onDelete} aria-label={`Delete ${lot.name}`}>
          Delete
        </Button>
      </div>
    </Card>
  );
}

/** The owner's lots: add one for approval, edit or resize one, staff its gate, delete one that has nothing booked. */
export function OwnerLotsPage() {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const [editing, setEditing] = useState<OwnerLot | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OwnerLot | null>(null);
  const [staffing, setStaffing] = useState<OwnerLot | null>(null);
  const [selling, setSelling] = useState<OwnerLot | null>(null);
  const [tagging, setTagging] = useState<OwnerLot | null>(null);
  const [resubmitting, setResubmitting] = useState<OwnerLot | null>(null);
  /** A lot that cannot be deleted (bookings ahead, or history) is offered deactivation instead. */
  const [offerDeactivate, setOfferDeactivate] = useState<{ lot: OwnerLot; reason: string } | null>(null);
  const remove = useDeleteLot();
  const update = useUpdateLot();
  const setActive = (lot: OwnerLot, isActive: boolean) =>
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

  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Manage Lots</h1>
        <Button onClick={() => setEditing('new')}>Add New Lot</Button>
      </div>
      {lots.length === 0 ? (
        <p className="text-muted-foreground">You have no lots yet. Add one and it is submitted for approval.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {lots.map((lot) => (
            <LotCard
              key={lot.id}
              lot={lot}
              onEdit={() => setEditing(lot)}
              onResubmit={() => setResubmitting(lot)}
              onAttendants={() => setStaffing(lot)}
              onPasses={() => setSelling(lot)}
              onTags={() => setTagging(lot)}
              onDelete={() => setDeleting(lot)}
              onToggleActive={() => setActive(lot, !lot.isActive)}
            />
          ))}
        </div>
      )}
      {selling && <PassProductsDialog key={selling.id} lot={selling} onClose={() => setSelling(null)} />}
      {resubmitting && <ResubmitDialog key={resubmitting.id} lot={resubmitting} onClose={() => setResubmitting(null)} />}
      {tagging && <TagsDialog key={tagging.id} lot={tagging} onClose={() => setTagging(null)} />}
      {staffing && <AttendantsDialog key={staffing.id} lot={staffing} onClose={() => setStaffing(null)} />}
      {editing && (
        <LotFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          lot={editing === 'new' ? undefined : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Lot"
        description="Are you sure you want to delete this lot?"
        confirmLabel="Delete"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Lot Deleted' }),
            onError: (error) => {
              if (error instanceof ApiError && error.status === 409 && deleting.isActive)
                setOfferDeactivate({ lot: deleting, reason: error.text });
              else toast({ title: 'Lot Not Deleted', description: error.message, variant: 'destructive' });
            },
          })
        }
      />
      <ConfirmDialog
        open={!!offerDeactivate}
        onOpenChange={(open) => !open && setOfferDeactivate(null)}
        title="Deactivate Lot Instead?"
        description={offerDeactivate?.reason ?? ''}
        confirmLabel="Deactivate"
        onConfirm={() => offerDeactivate && setActive(offerDeactivate.lot, false)}
      />
    </main>
  );
}
