import type { ReactNode } from 'react';
import { SIGNUP_ROLE_LABELS } from '../../../core/roles';
import type { Decision, ReviewStatus } from '../../../core/approvals';
import { unlistedNote, type ListingAction } from '../../../core/lot-sale';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { DocumentList, type ListedDocument } from '../../components/document-list';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { ListingChange, LotSubmission, OwnerApplication } from '../../lib/admin';
import { ReviewBadge } from './review-badge';
import { DetailList } from '../../components/detail-list';

type Actions = { onDecide: (decision: Decision) => void; onDetails: () => void };
type CardProps = Actions & {
  title: string;
  status: ReviewStatus;
  details: [string, ReactNode][];
  documents: ListedDocument[];
  notes: string | null;
  /** What else the item offers once decided (an approved lot's Unlist or List again). */
  more?: ReactNode;
};
/** One queue item: badge, details, documents, notes, and Approve / Reject (only while pending) / View Details. */
function ReviewCard({ title, status, details, documents, notes, onDecide, onDetails, more }: CardProps) {
  const pending = status === 'pending';
  return (
    <Card className="space-y-3" data-testid="review-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{title}</h3>
        <ReviewBadge status={status} />
      </div>
      <DetailList rows={details} />
      <DocumentList documents={documents} />
      {notes && <p className="text-sm italic text-muted-foreground">{notes}</p>}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onDecide('approve')} disabled={!pending}>
          Approve
        </Button>
        <Button size="sm" variant="destructive" onClick={() => onDecide('reject')} disabled={!pending}>
          Reject
        </Button>
        <Button size="sm" variant="outline" onClick={onDetails}>
          View Details
        </Button>
        {more}
      </div>
    </Card>
  );
}

/** A resubmission names how many submissions came before it (the details list them). */
const resubmission = (earlier: unknown[]): [string, ReactNode][] =>
  earlier.length ? [['Resubmission', `after ${earlier.length} earlier submission${earlier.length === 1 ? '' : 's'}`]] : [];

export const ownerDetails = (a: OwnerApplication): [string, ReactNode][] => [
  ['Email', a.email],
  ['Phone', a.phone ?? '—'],
  ['Applying as', SIGNUP_ROLE_LABELS[a.applicantRole]],
  ['Business name', a.businessName ?? '—'],
  ['Business licence', a.businessLicense ?? '—'],
  ['TIN', a.taxId ?? '—'],
  ['Submitted', formatDateTime(a.submittedAt)],
  ...resubmission(a.earlier),
  ...(a.decisionReason ? [['Reason', a.decisionReason] as [string, ReactNode]] : []),
];

export const lotDetails = (s: LotSubmission): [string, ReactNode][] => [
  ['Owner', `${s.owner} (${s.ownerEmail})`],
  ['Address', [s.address, s.city].filter(Boolean).join(', ') || '—'],
  ['Slots', `${s.totalSlots} (${s.accessibleSlots} accessible, ${s.evChargingSlots} EV)`],
  ['Rate', `${formatPeso(s.hourlyRate)}/hr`],
  ['Submitted', formatDateTime(s.submittedAt)],
  ...resubmission(s.earlier),
  ...(s.decisionReason ? [['Reason', s.decisionReason] as [string, ReactNode]] : []),
  ...(s.unlistedAt ? [['Listing', unlistedNote(s.unlistedReason)] as [string, ReactNode]] : []),
];

const place = (listing: { address: string | null; geoLat: number; geoLng: number }) =>
  `${listing.address || '—'} (${listing.geoLat.toFixed(5)}, ${listing.geoLng.toFixed(5)})`;

/** Where Directions lead: the entrance, when the owner set one apart from the pin. */
const entrance = (listing: { entranceLat: number | null; entranceLng: number | null }) =>
  listing.entranceLat === null || listing.entranceLng === null
    ? 'Same as the pin'
    : `${listing.entranceLat.toFixed(5)}, ${listing.entranceLng.toFixed(5)}`;

/** A listing change: what drivers see now beside what the owner asks for. */
export const listingDetails = (c: ListingChange): [string, ReactNode][] => [
  ['Owner', `${c.owner} (${c.ownerEmail})`],
  ['Name now', c.current.name],
  ['New name', c.name],
  ['Place now', place(c.current)],
  ['New place', place(c)],
  ['Entrance now', entrance(c.current)],
  ['New entrance', entrance(c)],
  ['Submitted', formatDateTime(c.submittedAt)],
  ...(c.decisionReason ? [['Reason', c.decisionReason] as [string, ReactNode]] : []),
];

export const ListingChangeCard = ({ change: c, ...actions }: Actions & { change: ListingChange }) => (
  <ReviewCard title={c.current.name} status={c.status} details={listingDetails(c)} documents={[]} notes={c.notes} {...actions} />
);

export const OwnerApplicationCard = ({ application: a, ...actions }: Actions & { application: OwnerApplication }) => (
  <ReviewCard title={a.name} status={a.status} details={ownerDetails(a)} documents={a.documents} notes={a.notes} {...actions} />
);

/** A lot submission; once approved, the lot can be unlisted by Parkada, and listed again. */
export const LotSubmissionCard = ({
  submission: s,
  onListing,
  ...actions
}: Actions & { submission: LotSubmission; onListing: (action: ListingAction) => void }) => {
  const action: ListingAction = s.unlistedAt ? 'list' : 'unlist';
  const more = s.status === 'approved' && (
    <Button size="sm" variant="outline" onClick={() => onListing(action)} aria-label={`${LISTING_BUTTONS[action]} ${s.name}`}>
      {LISTING_BUTTONS[action]}
    </Button>
  );
  return (
    <ReviewCard title={s.name} status={s.status} details={lotDetails(s)} documents={s.documents} notes={s.notes} more={more} {...actions} />
  );
};

const LISTING_BUTTONS: Record<ListingAction, string> = { unlist: 'Unlist', list: 'List again' };
