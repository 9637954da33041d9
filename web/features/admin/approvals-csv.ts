import { REVIEW_FILTER_LABELS } from '../../../core/approvals';
import { csvManilaTime, csvPesos, inert, toCsv } from '../../../core/csv';
import type { ListingChange, LotSubmission, OwnerApplication } from '../../lib/admin';

const decision = (item: { status: keyof typeof REVIEW_FILTER_LABELS; decisionReason: string | null; decidedAt: string | null }) => [
  REVIEW_FILTER_LABELS[item.status],
  inert(item.decisionReason ?? ''),
  item.decidedAt ? csvManilaTime(item.decidedAt) : '',
];

/** The Export of the Owner Applications tab: the filtered list as the admin sees it. */
export const ownerApplicationsCsv = (items: OwnerApplication[]) =>
  toCsv([
    [
      'Submitted',
      'Name',
      'Email',
      'Phone',
      'Applying as',
      'Business name',
      'Business licence',
      'TIN',
      'Documents',
      'Status',
      'Reason',
      'Decided',
    ],
    ...items.map((a) => [
      csvManilaTime(a.submittedAt),
      inert(a.name),
      inert(a.email),
      inert(a.phone ?? ''),
      a.applicantRole,
      inert(a.businessName ?? ''),
      inert(a.businessLicense ?? ''),
      inert(a.taxId ?? ''),
      inert(a.documents.map((d) => d.name).join('; ')),
      ...decision(a),
    ]),
  ]);

/** The Export of the Lot Submissions tab. */
export const lotSubmissionsCsv = (items: LotSubmission[]) =>
  toCsv([
    ['Submitted', 'Lot', 'Address', 'Owner', 'Owner email', 'Slots', 'Hourly rate (PHP)', 'Documents', 'Status', 'Reason', 'Decided'],
    ...items.map((s) => [
      csvManilaTime(s.submittedAt),
      inert(s.name),
      inert([s.address, s.city].filter(Boolean).join(', ')),
      inert(s.owner),
      inert(s.ownerEmail),
      s.totalSlots,
      csvPesos(s.hourlyRate),
      inert(s.documents.map((d) => d.name).join('; ')),
      ...decision(s),
    ]),
  ]);

/** The Export of the Listing Changes tab: each change beside the listing it would replace. */
export const listingChangesCsv = (items: ListingChange[]) =>
  toCsv([
    [
      'Submitted',
      'Lot',
      'New name',
      'Address now',
      'New address',
      'New latitude',
      'New longitude',
      'New entrance latitude',
      'New entrance longitude',
      'Owner',
      'Owner email',
      'Status',
      'Reason',
      'Decided',
    ],
    ...items.map((c) => [
      csvManilaTime(c.submittedAt),
      inert(c.current.name),
      inert(c.name),
      inert(c.current.address ?? ''),
      inert(c.address ?? ''),
      c.geoLat,
      c.geoLng,
      c.entranceLat ?? '',
      c.entranceLng ?? '',
      inert(c.owner),
      inert(c.ownerEmail),
      ...decision(c),
    ]),
  ]);
