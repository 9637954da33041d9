import { csvPesos, inert, toCsv } from '../../../core/csv';
import { manilaDate } from '../../../core/time';
import type { PlatformKpis, PlatformMetrics, TenantFigures } from '../../lib/admin';

/** Export Data: every figure the dashboard shows, one per row (section, item, measure, value), so a spreadsheet can filter and pivot it. */
export function dashboardCsv({ kpis, tenants, metrics }: { kpis: PlatformKpis; tenants: TenantFigures; metrics: PlatformMetrics }) {
  const rows: (string | number)[][] = [
    ['Section', 'Item', 'Measure', 'Value'],
    ['Platform', '', 'Total tenants', kpis.totalTenants],
    ['Platform', '', 'Total lots', kpis.totalLots],
    ['Platform', '', 'Platform revenue (PHP)', csvPesos(kpis.totalRevenue)],
    ['Platform', '', 'Active users (30 days)', kpis.activeUsers],
    ['Platform', '', 'Pending approvals', kpis.pendingApprovals],
    ['Platform metrics', '', 'Bookings today', metrics.bookingsToday],
    ['Platform metrics', '', 'Slots occupied now', metrics.occupancy.occupied],
    ['Platform metrics', '', 'Slots in total', metrics.occupancy.total],
    ['Platform metrics', '', 'Occupancy now (%)', metrics.occupancy.percent],
    ['Platform metrics', '', `Cancellation rate, ${metrics.days} days (%)`, metrics.cancellationRate],
    ['Platform metrics', '', `No-show rate, ${metrics.days} days (%)`, metrics.noShowRate],
  ];
  for (const tenant of tenants.revenueByTenant) {
    const item = inert(`${tenant.name} <${tenant.email}>`);
    rows.push(
      ['Revenue by tenant', item, 'Revenue (PHP)', csvPesos(tenant.revenueCents)],
      ['Revenue by tenant', item, 'Lots', tenant.lots],
    );
  }
  for (const lot of tenants.topLots) {
    const item = inert(lot.name);
    rows.push(
      ['Top performing lots', item, 'Revenue (PHP)', csvPesos(lot.revenueCents)],
      ['Top performing lots', item, 'Bookings', lot.bookings],
      ['Top performing lots', item, `Occupancy, ${metrics.days} days (%)`, lot.occupancy],
    );
  }
  return toCsv(rows);
}

/** parkada-platform-2026-11-24.csv: the Manila date of the export. */
export const dashboardCsvName = (now = new Date()) => `parkada-platform-${manilaDate(now)}.csv`;
