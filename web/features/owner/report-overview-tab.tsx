import { useMemo } from 'react';
import { formatPeso } from '../../../core/money';
import { dayStatus } from '../../../core/owner-figures';
import { Chart } from '../../components/ui/chart';
import { cn } from '../../components/ui/cn';
import { SidewaysScroll } from '../../components/ui/sideways-scroll';
import type { OwnerReport } from '../../lib/owner-figures';
import { hours, percent, pesoShort, shortDay } from './figures-format';
import { BLUE, Panel } from './report-panels';

export function OverviewTab({ report }: { report: OwnerReport }) {
  const trend = useMemo(
    () => ({
      labels: report.daily.map((day) => shortDay(day.date)),
      series: [{ label: 'Revenue', values: report.daily.map((day) => day.revenue) }],
    }),
    [report],
  );
  const byHour = useMemo(
    () => ({
      labels: Array.from({ length: 24 }, (_, hour) => String(hour)),
      series: [{ label: 'Occupancy', values: report.occupancy.byHour, color: BLUE }],
    }),
    [report],
  );
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Revenue Trend">
          <Chart
            title="Money received per day"
            labels={trend.labels}
            series={trend.series}
            kind={report.daily.length > 1 ? 'line' : 'bars'}
            format={pesoShort}
            unit={100}
          />
        </Panel>
        <Panel title="Occupancy Distribution">
          <Chart title="Occupancy by hour of day" labels={byHour.labels} series={byHour.series} kind="bars" format={(v) => `${v}%`} />
        </Panel>
      </div>
      <Panel title="Daily Performance">
        <SidewaysScroll label="Daily performance">
          <table className="w-full min-w-[32rem] whitespace-nowrap text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                {['Date', 'Revenue', 'Occupancy', 'Bookings', 'Avg Duration', 'Status'].map((heading) => (
                  <th key={heading} className="py-2 pr-3 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.daily.map((day) => (
                <tr key={day.date} className="border-t border-border" data-testid="daily-row">
                  <td className="py-2 pr-3">{day.date}</td>
                  <td className="py-2 pr-3">{formatPeso(day.revenue)}</td>
                  <td className="py-2 pr-3">{percent(day.occupancy)}</td>
                  <td className="py-2 pr-3">{day.bookings}</td>
                  <td className="py-2 pr-3">{hours(day.avgDuration)}</td>
                  <td className="py-2 pr-3">
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        dayStatus(day.occupancy) === 'High' ? 'bg-brand text-brand-foreground' : 'bg-muted',
                      )}
                    >
                      {dayStatus(day.occupancy)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SidewaysScroll>
      </Panel>
    </div>
  );
}
