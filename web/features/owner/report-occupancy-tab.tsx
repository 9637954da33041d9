import { cn } from '../../components/ui/cn';
import { SidewaysScroll } from '../../components/ui/sideways-scroll';
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

type HeatmapRows = { weekday: string; hours: (number | null)[] }[];

function Heatmap({
  rows,
  label = 'Occupancy by weekday and hour',
  describe = percent,
  strength = (cell) => Math.min(cell, 100),
}: {
  rows: HeatmapRows;
  label?: string;
  describe?: (cell: number) => string;
  /** 0 to 100: how dark the cell is. */
  strength?: (cell: number) => number;
}) {
  return (
    <SidewaysScroll label={label}>
      <table className="w-full min-w-[36rem] table-fixed border-separate border-spacing-0.5 text-[10px]" aria-label={label}>
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
                  title={`${DAY_NAMES[row.weekday]} ${hourLabel(hour)}: ${cell === null ? 'closed or outside the period' : describe(cell)}`}
                  className={cn('h-6 rounded-sm', cell === null && 'bg-muted/40')}
                  style={
                    cell === null
                      ? undefined
                      : {
                          backgroundColor: `color-mix(in srgb, var(--color-brand) ${Math.round(10 + strength(cell) * 0.9)}%, transparent)`,
                        }
                  }
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScroll>
  );
}

export function OccupancyTab({ report }: { report: OwnerReport }) {
  const { heatmap, peakHours, stayLengths, utilisation, passHeatmap } = report.occupancy;
  const mostHeld = Math.max(0, ...passHeatmap.flatMap((row) => row.hours.map((cell) => cell ?? 0)));
  const peak = (value: { hour: number; occupancy: number } | null) =>
    value ? `${hourLabel(value.hour)} · ${percent(value.occupancy)}` : 'No stays';
  return (
    <div className="space-y-6">
      <Panel title="Occupancy Heatmap">
        <Heatmap rows={heatmap} />
        <p className="text-xs text-muted-foreground">Darker is fuller. Blank: closed, or that weekday is not in the period.</p>
      </Panel>
      {mostHeld > 0 && (
        <Panel title="Slots Held by Monthly Passes">
          <Heatmap
            rows={passHeatmap}
            label="Slots held by monthly passes by weekday and hour"
            describe={(cell) => `${cell} slot${cell === 1 ? '' : 's'} held on average`}
            strength={(cell) => (cell / mostHeld) * 100}
          />
          <p className="text-xs text-muted-foreground">Slots kept for pass holders in their valid hours, on average over the period.</p>
        </Panel>
      )}
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
