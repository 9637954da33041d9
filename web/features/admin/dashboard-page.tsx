import { KpiTiles } from './kpi-tiles';
import { PendingApprovalsPanel } from './pending-approvals-panel';
import { RecentAuditLogs } from './recent-audit-logs';
import { SystemHealthPanel } from './system-health-panel';

/** The super admin dashboard (spec 2.20): the platform figures, pending decisions, live system health and the audit trail. */
export function AdminDashboardPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Super Admin Dashboard</h1>
      <KpiTiles />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PendingApprovalsPanel />
        <SystemHealthPanel />
        <RecentAuditLogs />
      </div>
    </main>
  );
}
