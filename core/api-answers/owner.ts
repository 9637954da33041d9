/** The answers of worker/owner/ (docs/owner.md): an owner's lots, figures, attendants and statements. */
import { z } from 'zod';
import { REVIEW_STATUSES } from '../approvals';
import { REVENUE_SOURCES } from '../owner-figures';
import { PRICING_STRATEGIES } from '../pricing';
import { ROLES } from '../roles';
import { STATEMENT_STATUSES } from '../statements';
import { cents, day, instant, pageOf } from './shared';

/** The change from the previous period, as a fraction; null when there was nothing to compare with. */
const change = z.number().nullable();

const kpiFigures = { totalRevenue: cents, occupancy: z.number(), dailyBookings: z.number(), avgDuration: z.number() };

export const ownerKpisAnswer = z
  .looseObject({
    ...kpiFigures,
    previous: z.looseObject(kpiFigures).describe('The same figures over the period before.'),
    change: z.looseObject({ totalRevenue: change, occupancy: change, dailyBookings: change, avgDuration: change }),
    since: instant,
    asOf: instant,
  })
  .meta({ id: 'OwnerKpis' });

export const revenueTrendAnswer = z.array(z.looseObject({ date: day, revenue: cents })).meta({ id: 'RevenueTrend' });

export const lotPerformanceAnswer = z
  .array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      occupancy: z.number(),
      revenue: cents,
      trend: z.enum(['up', 'down', 'neutral']),
    }),
  )
  .meta({ id: 'LotPerformance' });

export const ownerReportAnswer = z
  .looseObject({
    filter: z.looseObject({ lotId: z.string().nullable(), from: day, to: day }),
    kpis: z.looseObject({ totalRevenue: cents, avgOccupancy: z.number(), totalBookings: z.number().int(), avgDuration: z.number() }),
    daily: z.array(
      z.looseObject({ date: day, revenue: cents, occupancy: z.number().nullable(), bookings: z.number().int(), avgDuration: z.number() }),
    ),
    revenue: z.looseObject({
      validatedCents: cents,
      breakdown: z.array(z.looseObject({ source: z.enum(REVENUE_SOURCES.map(({ source }) => source)), label: z.string(), amount: cents })),
    }),
    occupancy: z.looseObject({}),
  })
  .meta({ id: 'OwnerReport' });

export const customerReportAnswer = z
  .looseObject({
    customers: z.number().int(),
    new: z.number().int(),
    repeat: z.number().int(),
    top: z.array(z.looseObject({ email: z.string(), bookings: z.number().int(), spend: cents })),
  })
  .meta({ id: 'CustomerReport' });

export const plateReadReportAnswer = z
  .looseObject({
    reads: z.number().int(),
    kept: z.number().int(),
    keptShare: z.number().nullable(),
    corrected: z.array(
      z.looseObject({ id: z.string(), lotName: z.string(), at: instant, read: z.string(), plate: z.string(), confidence: z.number() }),
    ),
  })
  .meta({ id: 'PlateReadReport' });

/** One sending of a lot to review, with the figures it was sent with. */
export const lotSubmissionAnswer = z
  .looseObject({
    id: z.string(),
    lotId: z.string(),
    status: z.enum(REVIEW_STATUSES),
    notes: z.string().nullable(),
    decisionReason: z.string().nullable(),
    decidedAt: instant.nullable(),
    submittedAt: instant,
    totalSlots: z.number().int(),
    hourlyRate: cents,
  })
  .meta({ id: 'LotSubmission' });

export const ownerLotAnswer = z
  .looseObject({
    id: z.string(),
    ownerId: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    geoLat: z.number(),
    geoLng: z.number(),
    totalSlots: z.number().int(),
    isApproved: z.boolean(),
    isActive: z.boolean(),
    onSale: z.boolean(),
    baseRate: cents,
    strategy: z.enum(PRICING_STRATEGIES),
    review: z.enum(REVIEW_STATUSES),
    rejectionReason: z.string().nullable(),
    submissions: z.array(lotSubmissionAnswer),
    occupancy: z.looseObject({ occupied: z.number().int(), total: z.number().int() }),
    pendingListing: z
      .looseObject({ name: z.string(), address: z.string().nullable(), submittedAt: instant })
      .nullable()
      .describe('A change of name or place waiting for review; null when there is none.'),
  })
  .meta({ id: 'OwnerLot' });

export const ownerLotPageAnswer = pageOf(ownerLotAnswer).meta({ id: 'OwnerLotPage' });

const attendantAnswer = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    emailVerified: z.boolean(),
    onShift: z.boolean(),
    shiftStartedAt: instant.nullable(),
    assignedAt: instant,
  })
  .meta({ id: 'Attendant' });

const lotInvitationAnswer = z
  .looseObject({ id: z.string(), userId: z.string(), name: z.string(), email: z.string(), invitedAt: instant })
  .meta({ id: 'LotInvitation' });

export const attendantsAnswer = z.array(attendantAnswer).meta({ id: 'Attendants' });
export const lotInvitationsAnswer = z.array(lotInvitationAnswer).meta({ id: 'LotInvitations' });

/** Either the person already had an account and attends now, or an invitation went to them. */
export const attendantAddedAnswer = z
  .looseObject({ attendant: attendantAnswer.nullable(), invitation: lotInvitationAnswer.nullable(), created: z.boolean() })
  .meta({ id: 'AttendantAdded' });

export const invitationClosedAnswer = z
  .looseObject({ id: z.string(), status: z.enum(['withdrawn', 'declined']) })
  .meta({ id: 'InvitationClosed' });

export const attendantRemovedAnswer = z
  .looseObject({ id: z.string(), role: z.enum(ROLES), shiftEnded: z.boolean() })
  .meta({ id: 'AttendantRemoved' });

export const myInvitationsAnswer = z
  .array(
    z.looseObject({
      id: z.string(),
      lotId: z.string(),
      lotName: z.string(),
      lotAddress: z.string().nullable(),
      invitedBy: z.string(),
      invitedAt: instant,
    }),
  )
  .meta({ id: 'MyInvitations' });

export const invitationAcceptedAnswer = z
  .looseObject({ lotId: z.string(), lotName: z.string(), role: z.enum(ROLES) })
  .meta({ id: 'InvitationAccepted' });

export const payoutAnswer = z
  .looseObject({
    id: z.string(),
    ownerId: z.string(),
    month: z.string().describe('YYYY-MM.'),
    amountCents: cents,
    paidOn: day,
    reference: z.string(),
  })
  .meta({ id: 'Payout' });

export const ownerStatementAnswer = z
  .looseObject({
    month: z.string(),
    status: z.enum(STATEMENT_STATUSES),
    asOf: instant,
    commissionBasisPoints: z.number().int(),
    lots: z.array(
      z.looseObject({
        lotId: z.string(),
        name: z.string(),
        collectedCents: cents,
        commissionCents: cents,
        payableCents: cents,
        frozenAt: instant.nullable(),
      }),
    ),
    total: z.looseObject({ collectedCents: cents, commissionCents: cents, payableCents: cents, owedCents: cents, carriedCents: cents }),
    payouts: z.array(payoutAnswer),
    paidCents: cents,
  })
  .meta({ id: 'OwnerStatement' });

export const payoutsOverviewAnswer = z
  .looseObject({
    month: z.string(),
    closed: z.boolean(),
    owners: z.array(
      z.looseObject({
        ownerId: z.string(),
        name: z.string(),
        email: z.string(),
        lots: z.number().int(),
        owedCents: cents,
        paidCents: cents,
        dueCents: cents,
        status: z.enum(STATEMENT_STATUSES),
        payouts: z.array(payoutAnswer),
      }),
    ),
  })
  .meta({ id: 'PayoutsOverview' });
