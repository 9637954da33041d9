import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { MAP_COLORS, mapLevel } from '../../../core/availability';
import { formatPeso } from '../../../core/money';
import { formatDuration } from '../../../core/time';
import { LiveStatusBadge } from '../../components/live-status';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { useLiveLot } from '../../lib/live';
import { lotStatusQuery, type LotStatus } from './gate-api';

/**
 * Lot Status, re-read after every change at the lot (live from the lot object; every 10 s while that
 * connection is down): the cars inside, the slots still free (coloured by the map's rule), waiting cars, alerts.
 */
export function LotStatusCard({ lotId }: { lotId: string }) {
  const live = useLiveLot(lotId, [lotStatusQuery(lotId).queryKey, ['/api/attendant/activity', lotId]]);
  const { data: status, isLoading } = useQuery({ ...lotStatusQuery(lotId), refetchInterval: live === 'live' ? false : 10_000 });
  if (isLoading || !status) {
    return (
      <Card>
        <h2 className="text-lg font-semibold">Lot Status</h2>
        <p className="mt-2 text-muted-foreground">{isLoading ? 'Loading lot status…' : 'Lot status is not available offline.'}</p>
      </Card>
    );
  }
  const { current, free, total, percentage } = status.occupancy;
  const color = MAP_COLORS[mapLevel(free, total)];
  return (
    <Card>
      <h2 className="flex items-center justify-between gap-2 text-lg font-semibold">
        Lot Status <LiveStatusBadge status={live} />
      </h2>
      <p className="text-sm text-muted-foreground">{status.name}</p>
      <div className="mt-4 flex items-baseline justify-between">
        <span className="text-2xl font-bold tabular-nums" data-testid="occupancy">
          {current}/{total}
        </span>
        <span className="font-medium tabular-nums">{percentage}% occupied</span>
      </div>
      <p className="text-sm text-muted-foreground">
        Cars inside · <span data-testid="free-slots">{free}</span> {free === 1 ? 'slot' : 'slots'} free to sell or admit
      </p>
      <div
        role="progressbar"
        aria-label="Occupancy"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        className="mt-2 h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full transition-all" style={{ width: `${Math.min(100, percentage)}%`, backgroundColor: color }} />
      </div>
      {status.waitingQueue > 0 && (
        <p className="mt-3 flex items-center gap-2 rounded-lg bg-muted p-2 text-sm">
          <Clock aria-hidden className="h-4 w-4" />
          {status.waitingQueue} vehicle{status.waitingQueue > 1 ? 's' : ''} expected within {status.arrivingWithinMinutes} minutes
        </p>
      )}
      {status.alerts.length > 0 && (
        <ul className="mt-3 space-y-2">
          {status.alerts.map((alert) => (
            <li
              key={alert.message}
              data-testid="lot-alert"
              className={cn(
                'rounded-lg border p-2 text-sm',
                alert.type === 'warning'
                  ? 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
                  : 'border-border bg-muted',
              )}
            >
              {alert.message}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A peak hour as the server gives it: an hour of the day (0–23) or a label it already formatted. */
function peakHourLabel(peak: LotStatus['stats']['peakHour']) {
  if (peak == null) return '—';
  if (typeof peak === 'string') return peak;
  const hour = peak % 12 === 0 ? 12 : peak % 12;
  return `${hour} ${peak < 12 ? 'AM' : 'PM'}`;
}

const Stat = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div className="flex justify-between gap-4 py-1.5">
    <dt className="text-muted-foreground">{label}</dt>
    <dd className="font-medium tabular-nums" data-testid={testId}>
      {value}
    </dd>
  </div>
);

/** Quick Stats of today at this lot, from the same status answer. */
export function QuickStats({ lotId }: { lotId: string }) {
  const { data: status } = useQuery(lotStatusQuery(lotId));
  const stats = status?.stats;
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold">Quick Stats</h2>
      {!stats ? (
        <p className="text-muted-foreground">No figures yet.</p>
      ) : (
        <dl className="divide-y divide-border">
          <Stat
            label="Average stay"
            value={stats.averageStayMinutes == null ? '—' : formatDuration(stats.averageStayMinutes)}
            testId="stat-average-stay"
          />
          <Stat label="Peak hour" value={peakHourLabel(stats.peakHour)} testId="stat-peak-hour" />
          <Stat label="Issues today" value={String(stats.issuesToday)} testId="stat-issues" />
          <Stat label="Revenue per hour" value={formatPeso(stats.revenuePerHourCents)} testId="stat-revenue-per-hour" />
        </dl>
      )}
    </Card>
  );
}
