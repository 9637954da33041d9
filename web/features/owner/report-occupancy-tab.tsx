import { cn } from '../../components/ui/cn';
import type { OwnerReport } from '../../lib/owner-figures';
import { hourLabel, percent } from './figures-format';
import { Panel, Row } from './report-panels';

const DAY_NAMES: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

function Heatmap({ rows }: { rows: OwnerReport['occupancy']['heatmap'] }) {
  return (
    <div className="overflow-x-auto">
      <table
        className="w-full min-w-[36rem] table-fixed border-separate border-spacing-0.5 text-[10px]"
        aria-label="Occupancy by weekday and hour"
      >
        <thead>
          <tr>
            <th className="w-9" />
            {Array.from({ length: 24 }, (_, hour) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the hour of the day, the column's identity.
              <th key={hour} className="font-normal text-muted-foreground">
                {hour % 3 === 0 ? hour : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.weekday}>
              <th className="pr-1 text-left font-normal text-muted-foreground">{DAY_NAMES[row.weekday]}</th>
              {row.hours.map((cell, hour) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the hour of the day, the column's identity.
                  key={hour}
                  title={`${DAY_NAMES[row.weekday]} ${hourLabel(hour)}: ${cell === null ? 'closed or outside the period' : percent(cell)}`}
                  className={cn('h-6 rounded-sm', cell === null && 'bg-muted/40')}
                  style={
                    cell === null
                      ? undefined
                      : {
                          backgroundColor: `color-mix(in srgb, var(--color-brand) ${Math.round(10 + Math.min(cell, 100) * 0.9)}%, transparent)`,
                        }
                  }
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OccupancyTab({ report }: { report: OwnerReport }) {
  const { heatmap, peakHours, stayLengths, utilisation } = report.occupancy;
  const peak = (value: { hour: number; occupancy: number } | null) =>
    value ? `${hourLabel(value.hour)} · ${percent(value.occupancy)}` : 'No stays';
  return (
    <div className="space-y-6">
      <Panel title="Occupancy Heatmap">
        <Heatmap rows={heatmap} />
        <p className="text-xs text-muted-foreground">Darker is fuller. Blank: closed, or that weekday is not in the period.</p>
      </Panel>
      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Peak Hours">
          <ul className="space-y-2">
            <Row label="Weekdays" value={peak(peakHours.weekdays)} />
            <Row label="Saturday" value={peak(peakHours.saturday)} />
            <Row label="Sunday" value={peak(peakHours.sunday)} />
          </ul>
        </Panel>
        <Panel title="Stay Length">
          <ul className="space-y-3">
            {stayLengths.map((bucket) => (
              <Row
                key={bucket.label}
                label={bucket.label}
                value={`${bucket.bookings} · ${bucket.share.toFixed(1)}%`}
                share={bucket.share}
              />
            ))}
          </ul>
        </Panel>
        <Panel title="Utilisation">
          <ul className="space-y-3">
            <Row label="Weekdays" value={percent(utilisation.weekdays)} share={utilisation.weekdays ?? 0} />
            <Row label="Weekends" value={percent(utilisation.weekends)} share={utilisation.weekends ?? 0} />
            <Row label="Overall" value={percent(utilisation.overall)} share={utilisation.overall ?? 0} />
          </ul>
        </Panel>
      </div>
    </div>
  );
}
