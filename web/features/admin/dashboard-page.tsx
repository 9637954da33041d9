import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Banknote, Download, Settings } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { platformKpisQuery, platformMetricsQuery, tenantsQuery } from '../../lib/admin';
import { downloadFile } from '../../lib/download';
import { dashboardCsv, dashboardCsvName } from './dashboard-csv';
import { KpiTiles } from './kpi-tiles';
import { PendingApprovalsPanel } from './pending-approvals-panel';
import { RecentAuditLogs } from './recent-audit-logs';
import { SystemHealthPanel } from './system-health-panel';
import { PlatformMetricsPanel, RevenueByTenantPanel, TopLotsPanel } from './tenant-panels';

/** Export Data: the figures as the dashboard has them (fetched if not yet loaded), as one CSV. */
function ExportDataButton() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const exportData = async () => {
    setBusy(true);
    try {
      const [kpis, tenants, metrics] = await Promise.all([
        queryClient.fetchQuery(platformKpisQuery),
        queryClient.fetchQuery(tenantsQuery),
        queryClient.fetchQuery(platformMetricsQuery),
      ]);
      downloadFile(dashboardCsvName(), dashboardCsv({ kpis, tenants, metrics }));
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={exportData} disabled={busy}>
      <Download className="h-4 w-4" /> Export Data
    </Button>
  );
}

/** The super admin's daily view: the platform figures, pending decisions, live system health and the audit trail. */
export function AdminDashboardPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Super Admin Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <ExportDataButton />
          <Button variant="outline" asChild>
            <Link to="/admin/payouts">
              <Banknote className="h-4 w-4" /> Payouts
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/admin/settings">
              <Settings className="h-4 w-4" /> Settings
            </Link>
          </Button>
        </div>
      </div>
      <KpiTiles />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PendingApprovalsPanel />
        <SystemHealthPanel />
        <RevenueByTenantPanel />
        <TopLotsPanel />
        <PlatformMetricsPanel />
        <RecentAuditLogs />
      </div>
    </main>
  );
}
