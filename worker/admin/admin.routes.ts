import { Hono } from 'hono';
import { z } from 'zod';
import { DECISIONS, REVIEW_FILTERS } from '../../core/approvals';
import { AUDIT_ACTIONS } from '../../core/audit';
import { adminReasonSchema, roleChangeSchema, roleSchema } from '../../core/admin-request';
import { listingReasonSchema } from '../../core/lot-listing-request';
import { secondFactorSettingSchema, settingsChangeSchema } from '../../core/platform-settings';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import {
  decideListing,
  decideLot,
  decideOwner,
  listLotRevisions,
  listLotSubmissions,
  listOwnerApplications,
  pendingApprovals,
} from './approvals.service';
import { auditTrail, currentKpis, currentMetrics, currentTenantFigures } from './platform.service';
import { adminSettings, changeSettings, setSecondFactorRequired } from './settings.service';
import { systemHealth } from './system-health.service';
import { changeListing } from './lot-listing.service';
import { changeRole, changeSuspension, requireRecentSecondFactor, searchUsers } from './users.service';
import {
  accountsAnswer,
  adminSettingsAnswer,
  auditLogAnswer,
  lotChangesAnswer,
  lotListingAnswer,
  lotSubmissionsAnswer,
  ownerApplicationsAnswer,
  pendingApprovalsAnswer,
  platformKpisAnswer,
  platformMetricsAnswer,
  platformSettingsChangeAnswer,
  secondFactorSettingAnswer,
  systemHealthAnswer,
  tenantFiguresAnswer,
} from '../../core/api-answers/admin';
import { accountAnswer } from '../../core/api-answers/auth';
import { decisionNotice } from '../../core/api-answers/shared';
import { describedAs } from '../http/described';

const DAY_MESSAGE = 'Dates are calendar days as YYYY-MM-DD.';
const calendarDate = z.iso.date(DAY_MESSAGE);

const auditQuery = pageQuery.extend({
  actor: z.string().trim().min(1).max(200).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of: ${AUDIT_ACTIONS.join(', ')}.` }).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});

const statusQuery = pageQuery.extend({
  status: z.enum(REVIEW_FILTERS, { error: `status must be one of: ${REVIEW_FILTERS.join(', ')}.` }).default('pending'),
});
const decisionParams = z.object({ id: z.uuid('Unknown id'), action: z.enum(DECISIONS, { error: 'The action is approve or reject.' }) });

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
const usersQuery = pageQuery.extend({ q: z.string().trim().max(200).optional(), role: roleSchema.optional() });
const roleParams = z.object({ id: z.uuid('Unknown user id') });
const userParams = z.object({
  id: z.uuid('Unknown user id'),
  action: z.enum(['suspend', 'reactivate'], { error: 'The action is suspend or reactivate.' }),
});

const described = describedAs('admin');

/** The super admin's tools to run the platform; only super admins reach /api/admin (core/roles.ts). */
export const adminRoutes = new Hono<AppEnv>()
  .get('/admin/platform-kpis', described({ summary: "The platform's headline figures", answer: platformKpisAnswer }), async (c) =>
    c.json(await currentKpis(c.var.db)),
  )
  .get('/admin/tenants', described({ summary: 'Owners and their lots, with figures', answer: tenantFiguresAnswer }), async (c) =>
    c.json(await currentTenantFigures(c.var.db)),
  )
  .get('/admin/platform-metrics', described({ summary: "The platform's figures over time", answer: platformMetricsAnswer }), async (c) =>
    c.json(await currentMetrics(c.var.db)),
  )
  .get('/admin/settings', described({ summary: "The platform's settings", answer: adminSettingsAnswer }), async (c) =>
    c.json(await adminSettings(c.env, c.var.db)),
  )
  /** Whether owners and super admins must enrol a second factor (docs/account.md, Second factor). */
  .put(
    '/admin/settings/second-factor',
    described({ summary: 'Require a second factor for a role', answer: secondFactorSettingAnswer }),
    signedIn,
    validate('json', secondFactorSettingSchema),
    async (c) => c.json(await setSecondFactorRequired({ env: c.env, db: c.var.db, admin: c.var.user }, c.req.valid('json').required)),
  )
  .patch(
    '/admin/settings',
    described({ summary: "Change the platform's settings", answer: platformSettingsChangeAnswer }),
    signedIn,
    validate('json', settingsChangeSchema),
    async (c) => c.json(await changeSettings({ db: c.var.db, admin: c.var.user }, c.req.valid('json'))),
  )
  .get(
    '/admin/system-health',
    described({ summary: 'System Health: the probes and the background failures', answer: systemHealthAnswer }),
    async (c) => c.json(await systemHealth(c.env, c.var.db)),
  )
  .get(
    '/admin/audit-logs',
    described({ summary: 'The audit log, filtered', answer: auditLogAnswer }),
    validate('query', auditQuery),
    async (c) => {
      const { limit, cursor, ...search } = c.req.valid('query');
      return c.json(await auditTrail(c.var.db, search, { limit, cursor }));
    },
  )
  .get(
    '/admin/owner-applications',
    described({ summary: 'Owner applications, by status', answer: ownerApplicationsAnswer }),
    validate('query', statusQuery),
    async (c) => {
      const { status, limit, cursor } = c.req.valid('query');
      return c.json(await listOwnerApplications(c.var.db, status, { limit, cursor }));
    },
  )
  .get(
    '/admin/lot-submissions',
    described({ summary: 'Lot submissions, by status', answer: lotSubmissionsAnswer }),
    validate('query', statusQuery),
    async (c) => {
      const { status, limit, cursor } = c.req.valid('query');
      return c.json(await listLotSubmissions(c.var.db, status, { limit, cursor }));
    },
  )
  .get(
    '/admin/lot-changes',
    described({ summary: 'Changes owners asked for on listed lots', answer: lotChangesAnswer }),
    validate('query', statusQuery),
    async (c) => {
      const { status, limit, cursor } = c.req.valid('query');
      return c.json(await listLotRevisions(c.var.db, status, { limit, cursor }));
    },
  )
  .post(
    '/admin/lot-changes/:id/:action',
    described({ summary: 'Approve or reject a lot change', answer: decisionNotice, refusals: [404, 409] }),
    signedIn,
    validate('param', decisionParams),
    validate('json', adminReasonSchema),
    async (c) => {
      const { id, action } = c.req.valid('param');
      return c.json(await decideListing({ env: c.env, db: c.var.db, admin: c.var.user }, id, action, c.req.valid('json').reason));
    },
  )
  .get('/admin/pending-approvals', described({ summary: 'Everything waiting for a decision', answer: pendingApprovalsAnswer }), async (c) =>
    c.json(await pendingApprovals(c.var.db)),
  )
  .post(
    '/admin/owners/:id/:action',
    described({ summary: 'Approve or reject an owner application', answer: decisionNotice, refusals: [404, 409] }),
    signedIn,
    validate('param', decisionParams),
    validate('json', adminReasonSchema),
    async (c) => {
      const { id, action } = c.req.valid('param');
      return c.json(await decideOwner({ env: c.env, db: c.var.db, admin: c.var.user }, id, action, c.req.valid('json').reason));
    },
  )
  // Before `/:action`, whose approve or reject would refuse these.
  .post(
    '/admin/lots/:id/unlist',
    described({ summary: 'Take a lot off the search', answer: lotListingAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', listingReasonSchema),
    async (c) => c.json(await changeListing(c.var.db, c.var.user, c.req.valid('param').id, 'unlist', c.req.valid('json').reason)),
  )
  .post(
    '/admin/lots/:id/list',
    described({ summary: 'Put an unlisted lot back in the search', answer: lotListingAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', listingReasonSchema),
    async (c) => c.json(await changeListing(c.var.db, c.var.user, c.req.valid('param').id, 'list', c.req.valid('json').reason)),
  )
  .post(
    '/admin/lots/:id/:action',
    described({ summary: 'Approve or reject a lot submission', answer: decisionNotice, refusals: [404, 409] }),
    signedIn,
    validate('param', decisionParams),
    validate('json', adminReasonSchema),
    async (c) => {
      const { id, action } = c.req.valid('param');
      return c.json(await decideLot({ env: c.env, db: c.var.db, admin: c.var.user }, id, action, c.req.valid('json').reason));
    },
  )
  .get('/admin/users', described({ summary: 'Search the accounts', answer: accountsAnswer }), validate('query', usersQuery), async (c) => {
    const { limit, cursor, ...search } = c.req.valid('query');
    return c.json(await searchUsers(c.var.db, search, { limit, cursor }));
  })
  // Before `/:action`, which would take `role` for an unknown action.
  .post(
    '/admin/users/:id/role',
    described({ summary: "Change an account's role", answer: accountAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', roleParams),
    validate('json', roleChangeSchema),
    async (c) => {
      const { role, reason } = c.req.valid('json');
      await requireRecentSecondFactor(c, c.var.user);
      return c.json(await changeRole({ env: c.env, db: c.var.db, admin: c.var.user }, c.req.valid('param').id, role, reason));
    },
  )
  .post(
    '/admin/users/:id/:action',
    described({ summary: 'Suspend or reinstate an account', answer: accountAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', userParams),
    validate('json', adminReasonSchema),
    async (c) => {
      const { id, action } = c.req.valid('param');
      return c.json(await changeSuspension({ env: c.env, db: c.var.db, admin: c.var.user }, id, action, c.req.valid('json').reason));
    },
  );
