/** One of the owner's lots: its review, figures and notes, and the buttons that open its dialogs. */
import { LOT_REVIEW_LABELS } from '../../../core/approvals';
import { hoursLabel } from '../../../core/booking';
import { lotHours } from '../../../core/lot-json';
import { unlistedNote } from '../../../core/lot-sale';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { OwnerLot } from '../../lib/owner';

/** The dialogs a lot's buttons open. */
export type LotDialog = 'edit' | 'resubmit' | 'attendants' | 'passes' | 'tags' | 'delete';

const REVIEW_STYLES = {
  approved: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
} as const;

function LotFigures({ lot }: { lot: OwnerLot }) {
  const { occupied, total } = lot.occupancy;
  return (
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
  );
}

/** What stands between the lot and drivers: a rejection, a review under way, an unlisting, a listing change. */
function LotNotes({ lot }: { lot: OwnerLot }) {
  return (
    <>
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
    </>
  );
}

function LotButtons({ lot, onOpen, onToggleActive }: { lot: OwnerLot; onOpen: (dialog: LotDialog) => void; onToggleActive: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => onOpen('edit')}>
        Edit
      </Button>
      {lot.review === 'rejected' && (
        <Button size="sm" onClick={() => onOpen('resubmit')} aria-label={`Resubmit ${lot.name}`}>
          Resubmit
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => onOpen('attendants')} aria-label={`Attendants of ${lot.name}`}>
        Attendants
      </Button>
      <Button size="sm" variant="outline" onClick={() => onOpen('passes')} aria-label={`Monthly passes of ${lot.name}`}>
        Passes
      </Button>
      <Button size="sm" variant="outline" onClick={() => onOpen('tags')} aria-label={`Tags of ${lot.name}`}>
        Tags
      </Button>
      <Button size="sm" variant="outline" onClick={onToggleActive}>
        {lot.isActive ? 'Deactivate' : 'Activate'}
      </Button>
      <Button size="sm" variant="destructive" onClick={() => onOpen('delete')} aria-label={`Delete ${lot.name}`}>
        Delete
      </Button>
    </div>
  );
}

export function LotCard({
  lot,
  onOpen,
  onToggleActive,
}: {
  lot: OwnerLot;
  onOpen: (dialog: LotDialog) => void;
  onToggleActive: () => void;
}) {
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
      <LotFigures lot={lot} />
      <LotNotes lot={lot} />
      <p className="text-xs text-muted-foreground">
        {lot.accessibleSlots} accessible · {lot.evChargingSlots} EV charging{lot.levels.length ? ` · levels ${lot.levels.join(', ')}` : ''}
      </p>
      <LotButtons lot={lot} onOpen={onOpen} onToggleActive={onToggleActive} />
    </Card>
  );
}
