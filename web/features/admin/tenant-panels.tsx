import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatPeso } from '../../../core/money';
import { Card } from '../../components/ui/card';
import { platformMetricsQuery, tenantsQuery } from '../../lib/admin';

/** A dashboard panel: its title, a skeleton while loading, the error, its empty state (when `empty` says one), or its list. */
function Panel({
  title,
  query,
  empty,
  testId,
  children,
}: {
  title: string;
  query: { isLoading: boolean; isError: boolean; error: Error | null };
  empty: string | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {query.isLoading ? (
        <div className="h-24 animate-pulse rounded-lg bg-muted" />
      ) : query.isError ? (
        <p className="text-destructive">{query.error?.message}</p>
      ) : empty ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid={testId}>
          {children}
        </ul>
      )}
    </Card>
  );
}

/** Owners by the revenue of their lots, net of refunds (all time). */
export function RevenueByTenantPanel() {
  const query = useQuery(tenantsQuery);
  const tenants = query.data?.revenueByTenant ?? [];
  return (
    <Panel title="Revenue by Tenant" query={query} empty={tenants.length ? null : 'No owner has a lot yet'} testId="revenue-by-tenant">
      {tenants.map((tenant) => (
        <li key={tenant.ownerId} className="flex items-center justify-between gap-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium">{tenant.name}</span>
            <span className="block truncate text-muted-foreground">
              {tenant.lots} lot{tenant.lots === 1 ? '' : 's'} · {tenant.email}
            </span>
          </span>
          <span className="shrink-0 font-semibold">{formatPeso(tenant.revenueCents)}</span>
        </li>
      ))}
    </Panel>
  );
}

/** Bookable lots by revenue, with bookings and 30-day occupancy. */
export function TopLotsPanel() {
  const query = useQuery(tenantsQuery);
  const lots = query.data?.topLots ?? [];
  return (
    <Panel title="Top Performing Lots" query={query} empty={lots.length ? null : 'No approved lots yet'} testId="top-lots">
      {lots.map((lot) => (
        <li key={lot.lotId} className="py-2 text-sm">
          <div className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate font-medium">{lot.name}</span>
            <span className="shrink-0 font-semibold">{formatPeso(lot.revenueCents)}</span>
          </div>
          <p className="text-muted-foreground">
            {lot.owner} · {lot.bookings} booking{lot.bookings === 1 ? '' : 's'} · {lot.occupancy}% occupied (30 days)
          </p>
        </li>
      ))}
    </Panel>
  );
}

/** Bookings today, occupancy now, and the 30-day cancellation and no-show rates. */
export function PlatformMetricsPanel() {
  const query = useQuery(platformMetricsQuery);
  const m = query.data;
  const rows: [string, string][] = m
    ? [
        ['Bookings today', String(m.bookingsToday)],
        ['Occupancy now', `${m.occupancy.percent}% (${m.occupancy.occupied} of ${m.occupancy.total} slots)`],
        [`Cancellation rate (${m.days} days)`, `${m.cancellationRate}%`],
        [`No-show rate (${m.days} days)`, `${m.noShowRate}%`],
      ]
    : [];
  return (
    <Panel title="Platform Metrics" query={query} empty={null} testId="platform-metrics">
      {rows.map(([label, value]) => (
        <li key={label} className="flex items-center justify-between gap-3 py-2 text-sm">
          <span className="text-muted-foreground">{label}</span>
          <span className="text-right font-semibold">{value}</span>
        </li>
      ))}
    </Panel>
  );
}
