import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, linkOptions, useNavigate, useSearch } from '@tanstack/react-router';
import { ArrowDownRight, ArrowUpRight, BarChart3, Minus, Plus, Receipt, Settings, Store } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { formatPeso, formatPesoShort } from '../../../core/money';
import { TREND_RANGES, type TrendRange } from '../../../core/owner-figures';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Chart } from '../../components/ui/chart';
import { cn } from '../../components/ui/cn';
import { ownerLotsQuery } from '../../lib/owner';
import { LiveStatusBadge } from '../../components/live-status';
import { useLiveLots } from '../../lib/live';
import { lotPerformanceQuery, ownerKpisQuery, revenueTrendQuery } from '../../lib/owner-figures';
import { hours, percent, pesoShort, shortDay } from './figures-format';
import { DynamicPricingPanel } from './dynamic-pricing-panel';
import { KpiCard } from './kpi-card';
import { LotSelect } from './lot-select';

// Only owners read and answer reviews: their chunk loads with the dashboard's, not before.
const OwnerReviews = lazy(() => import('../reviews/owner-reviews').then((m) => ({ default: m.OwnerReviews })));
const OwnerDriverReports = lazy(() => import('../lot-issues/staff-reports-panel').then((panel) => ({ default: panel.OwnerDriverReports })));
// Read by few owners, and only below the fold: its code loads after the dashboard's.
const PriceChangesPanel = lazy(() => import('./price-changes-panel'));

const RANGE_LABELS: Record<TrendRange, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '3m': 'Last 3 months' };

function KpiTiles({ lotId }: { lotId?: string }) {
  const { data, isError, error } = useQuery(ownerKpisQuery(lotId));
  if (isError) return <p className="text-destructive">{error.message}</p>;
  const period = 'yesterday by now';
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <KpiCard
        label="Revenue Today"
        value={data && formatPesoShort(data.totalRevenue)}
        full={data && formatPeso(data.totalRevenue)}
        change={data?.change.totalRevenue}
        period={period}
      />
      <KpiCard label="Occupancy Now" value={data && percent(data.occupancy)} change={data?.change.occupancy} period="this time yesterday" />
      <KpiCard label="Bookings Today" value={data && String(data.dailyBookings)} change={data?.change.dailyBookings} period={period} />
      <KpiCard label="Avg Duration" value={data && hours(data.avgDuration)} change={data?.change.avgDuration} period={period} />
    </div>
  );
}

function RevenueTrend({ lotId, range, setRange }: { lotId?: string; range: TrendRange; setRange: (range: TrendRange) => void }) {
  const { data, isError, error } = useQuery(revenueTrendQuery(range, lotId));
  const chart = useMemo(
    () => data && { labels: data.map((day) => shortDay(day.date)), series: [{ label: 'Revenue', values: data.map((day) => day.revenue) }] },
    [data],
  );
  const total = data?.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <Card className="min-w-0 space-y-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Revenue Trend</h2>
          {total !== undefined && <p className="text-sm text-muted-foreground">{formatPeso(total)} received</p>}
        </div>
        <fieldset className="flex min-w-0 flex-wrap gap-1" aria-label="Revenue trend range">
          {(Object.keys(TREND_RANGES) as TrendRange[]).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={value === range ? 'primary' : 'outline'}
              aria-pressed={value === range}
              onClick={() => setRange(value)}
            >
              {RANGE_LABELS[value]}
            </Button>
          ))}
        </fieldset>
      </div>
      {isError ? (
        <p className="text-destructive">{error.message}</p>
      ) : chart ? (
        <Chart
          title={`Money received per day, ${RANGE_LABELS[range].toLowerCase()}`}
          labels={chart.labels}
          series={chart.series}
          format={pesoShort}
          unit={100}
        />
      ) : (
        <div className="h-[220px] animate-pulse rounded bg-muted" />
      )}
    </Card>
  );
}

const TREND_ICONS = { up: ArrowUpRight, down: ArrowDownRight, neutral: Minus } as const;

function LotPerformance() {
  const { data, isError, error } = useQuery(lotPerformanceQuery);
  return (
    <Card className="min-w-0 space-y-3 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">Lot Performance</h2>
        <p className="text-sm text-muted-foreground">Last 7 days; trend against the same days a week before, by this time.</p>
      </div>
      {isError && <p className="text-destructive">{error.message}</p>}
      {data?.length === 0 && <p className="text-sm text-muted-foreground">No lots yet.</p>}
      <ul className="divide-y divide-border">
        {data?.map((lot) => {
          const Icon = TREND_ICONS[lot.trend];
          return (
            <li key={lot.id} className="flex items-center justify-between gap-3 py-3" data-testid="lot-performance">
              <div className="min-w-0">
                <p className="truncate font-medium">{lot.name}</p>
                <p className="text-sm text-muted-foreground">{percent(lot.occupancy)} occupied</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span className="font-medium">{formatPeso(lot.revenue)}</span>
                <Icon
                  className={cn(
                    'h-4 w-4',
                    lot.trend === 'up'
                      ? 'text-green-600 dark:text-green-400'
                      : lot.trend === 'down'
                        ? 'text-destructive'
                        : 'text-muted-foreground',
                  )}
                  aria-label={`revenue trend ${lot.trend}`}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Add New Lot opens the lots page with its create dialog open (`new`). */
const QUICK_ACTIONS = [
  {
    link: linkOptions({ to: '/owner/lots', search: { new: true } }),
    label: 'Add New Lot',
    summary: 'Submit a lot for approval',
    Icon: Plus,
  },
  { link: linkOptions({ to: '/settings' }), label: 'Manage Settings', summary: 'Your account and preferences', Icon: Settings },
  { link: linkOptions({ to: '/owner/reports' }), label: 'View Reports', summary: 'Revenue, occupancy, customers', Icon: BarChart3 },
  { link: linkOptions({ to: '/owner/statements' }), label: 'Statements', summary: 'What Parkada owes you, month by month', Icon: Receipt },
  {
    link: linkOptions({ to: '/owner/merchants' }),
    label: 'Merchant Validations',
    summary: 'Shops that pay for their customers’ parking',
    Icon: Store,
  },
];

/** The dashboard follows at most this many lots live; past them, its minute's polling still keeps it current. */
const LIVE_LOTS_AT_MOST = 20;
const LIVE_REFRESH = [['/api/owner/kpis'], ['/api/owner/lot-performance'], ['/api/owner/revenue']];

/** Owner Dashboard, how the business is doing: today's figures, the revenue trend and each lot's performance. */
export function OwnerDashboardPage() {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  // The location and the trend's range live in the URL: a reload or Back keeps them.
  const { lot: lotId = '', range = '7d' } = useSearch({ from: '/_auth/owner/' });
  const navigate = useNavigate({ from: '/owner' });
  const setLotId = (lot: string) => navigate({ search: (s) => ({ ...s, lot: lot || undefined }), replace: true });
  const setRange = (value: TrendRange) => navigate({ search: (s) => ({ ...s, range: value }), replace: true });
  // Every change at the lots shown re-reads today's figures, without polling (a busy owner's first lots only).
  const liveLots = lotId
    ? [lotId]
    : lots
        .filter((lot) => lot.isApproved)
        .map((lot) => lot.id)
        .slice(0, LIVE_LOTS_AT_MOST);
  const live = useLiveLots(liveLots, LIVE_REFRESH);
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold">Owner Dashboard</h1>
          {liveLots.length > 0 && <LiveStatusBadge status={live} />}
        </div>
        <div className="flex min-w-0 flex-wrap gap-2">
          <LotSelect
            aria-label="Location"
            className="min-w-0 max-w-[14rem]"
            lots={lots}
            value={lotId}
            onPick={setLotId}
            allLabel="All Locations"
          />
          <Button asChild>
            <Link to="/owner/lots" search={{ new: true }}>
              <Plus className="h-4 w-4" aria-hidden /> Add Lot
            </Link>
          </Button>
        </div>
      </div>
      <KpiTiles lotId={lotId || undefined} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RevenueTrend lotId={lotId || undefined} range={range} setRange={setRange} />
        </div>
        <LotPerformance />
      </div>
      <DynamicPricingPanel lotId={lotId || undefined} />
      <Suspense fallback={null}>
        <OwnerReviews lotId={lotId || undefined} />
        <OwnerDriverReports />
      </Suspense>
      <Suspense fallback={<div className="h-40 animate-pulse rounded-xl bg-muted" />}>
        <PriceChangesPanel lotId={lotId || undefined} />
      </Suspense>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {QUICK_ACTIONS.map(({ link, label, summary, Icon }) => (
          <Link key={label} {...link} className="group min-w-0">
            <Card className="flex items-center gap-3 p-4 transition-colors group-hover:bg-muted">
              <Icon className="h-6 w-6 shrink-0 text-brand" aria-hidden />
              <div className="min-w-0">
                <p className="font-semibold">{label}</p>
                <p className="truncate text-sm text-muted-foreground">{summary}</p>
              </div>
            </Card>
          </Link>
        ))}
      </div>
    </main>
  );
}
