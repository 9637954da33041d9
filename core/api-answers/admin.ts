/** The answers of worker/admin/ (docs/admin.md): the super admin's figures, settings, reviews and accounts. */
import { z } from 'zod';
import { REVIEW_STATUSES } from '../approvals';
import { AUDIT_ACTIONS } from '../audit';
import { HEALTH_STATUSES } from '../health';
import { accountAnswer } from './auth';
import { applicationDocumentAnswer, ownerApplicationAnswer } from './documents';
import { lotSubmissionAnswer } from './owner';
import { platformRulesAnswer } from './platform';
import { cents, instant, pageOf } from './shared';

export const platformKpisAnswer = z
  .looseObject({
    totalTenants: z.number().int(),
    totalLots: z.number().int(),
    totalRevenue: cents,
    activeUsers: z.number().int(),
    pendingApprovals: z.number().int(),
  })
  .meta({ id: 'PlatformKpis' });

export const tenantFiguresAnswer = z
  .looseObject({
    revenueByTenant: z.array(
      z.looseObject({ ownerId: z.string(), name: z.string(), email: z.string(), lots: z.number().int(), revenueCents: cents }),
    ),
    topLots: z.array(
      z.looseObject({
        lotId: z.string(),
        name: z.string(),
        owner: z.string(),
        revenueCents: cents,
        bookings: z.number().int(),
        occupancy: z.number(),
      }),
    ),
  })
  .meta({ id: 'TenantFigures' });

export const platformMetricsAnswer = z
  .looseObject({
    bookingsToday: z.number().int(),
    occupancy: z.looseObject({ occupied: z.number().int(), total: z.number().int(), percent: z.number() }),
    cancellationRate: z.number(),
    noShowRate: z.number(),
    startedReservations: z.number().int(),
    days: z.number().int(),
  })
  .meta({ id: 'PlatformMetrics' });

export const secondFactorSettingAnswer = z.looseObject({ secondFactorRequired: z.boolean() }).meta({ id: 'SecondFactorSetting' });

/** The settings in force, the defaults they replace, and who changed them last. */
export const platformSettingsChangeAnswer = z
  .looseObject({
    defaults: platformRulesAnswer,
    settings: platformRulesAnswer,
    updatedAt: instant.nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminSettings' });

export const adminSettingsAnswer = platformSettingsChangeAnswer
  .extend(secondFactorSettingAnswer.shape)
  .meta({ id: 'AdminSettingsWithSecondFactor' });

export const systemHealthAnswer = z
  .looseObject({
    status: z.enum(HEALTH_STATUSES),
    checkedAt: instant,
    deployment: z.looseObject({ versionId: z.string(), startedAt: instant, uptimeSeconds: z.number() }).nullable(),
    services: z.array(z.looseObject({ name: z.string(), status: z.enum(HEALTH_STATUSES), responseTimeMs: z.number(), detail: z.string() })),
  })
  .meta({ id: 'SystemHealth' });

export const auditLogAnswer = pageOf(
  z.looseObject({
    id: z.string(),
    timestamp: instant,
    action: z.enum(AUDIT_ACTIONS),
    actor: z.string(),
    actorId: z.string().nullable(),
    subject: z.string(),
    context: z.record(z.string(), z.unknown()),
  }),
).meta({ id: 'AuditLogPage' });

export const ownerApplicationsAnswer = pageOf(
  ownerApplicationAnswer.extend({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    decidedBy: z.string().nullable(),
  }),
).meta({ id: 'OwnerApplicationPage' });

export const lotSubmissionsAnswer = pageOf(
  lotSubmissionAnswer.extend({
    ownerId: z.string(),
    owner: z.string(),
    ownerEmail: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    documents: z.array(z.looseObject({ name: z.string(), url: z.string().optional() })),
    earlier: z.array(lotSubmissionAnswer),
  }),
).meta({ id: 'LotSubmissionPage' });

const lotPlace = {
  name: z.string(),
  address: z.string().nullable(),
  geoLat: z.number(),
  geoLng: z.number(),
  entranceLat: z.number().nullable(),
  entranceLng: z.number().nullable(),
};

export const lotChangesAnswer = pageOf(
  z.looseObject({
    id: z.string(),
    lotId: z.string(),
    ownerId: z.string(),
    owner: z.string(),
    ownerEmail: z.string(),
    status: z.enum(REVIEW_STATUSES),
    submittedAt: instant,
    ...lotPlace,
    current: z.looseObject(lotPlace),
  }),
).meta({ id: 'LotChangePage' });

export const pendingApprovalsAnswer = z
  .looseObject({
    owners: z.array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        submittedAt: instant,
        documents: z.array(applicationDocumentAnswer),
      }),
    ),
    lots: z.array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        owner: z.string(),
        slots: z.number().int(),
        rate: cents,
        submittedAt: instant,
        resubmission: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'PendingApprovals' });

export const lotListingAnswer = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    onSale: z.boolean(),
    unlistedAt: instant.nullable(),
    unlistedReason: z.string().nullable(),
  })
  .meta({ id: 'LotListing' });

export const accountsAnswer = pageOf(accountAnswer).meta({ id: 'AccountPage' });
