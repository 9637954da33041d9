import { useMemo } from 'react';
import { formatPeso } from '../../../core/money';
import { Chart } from '../../components/ui/chart';
import type { OwnerReport } from '../../lib/owner-figures';
import { hourLabel, pesoShort } from './figures-format';
import { Empty, Panel, Row } from './report-panels';

export function RevenueTab({ report }: { report: OwnerReport }) {
  const { breakdown, byHour, topHours, passes, validatedCents } = report.revenue;
  const chart = useMemo(
    () => ({ labels: Array.from({ length: 24 }, (_, hour) => String(hour)), series: [{ label: 'Revenue', values: byHour }] }),
    [byHour],
  );
  const total = report.kpis.totalRevenue;
  return (
    <div className="space-y-6">
      <Panel title="Revenue by Hour">
        <Chart
          title="Money received by Manila hour of day"
          labels={chart.labels}
          series={chart.series}
          kind="bars"
          format={pesoShort}
          unit={100}
        />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Revenue Breakdown">
          <ul className="space-y-3">
            {breakdown.map((line) => (
              <Row
                key={line.source}
                label={line.label}
                value={formatPeso(line.amount)}
                share={total > 0 ? (Math.max(0, line.amount) / total) * 100 : 0}
              />
            ))}
          </ul>
          {/* Not money received: the parking merchants validated, which the owner invoices them for (Merchant Validations). */}
          <ul className="mt-4 border-t border-border pt-3" data-testid="validated-revenue">
            <Row label="Merchant validations (to invoice)" value={formatPeso(validatedCents)} />
          </ul>
        </Panel>
        <Panel title="Monthly Passes">
          <dl className="grid grid-cols-3 gap-2 text-center" data-testid="pass-counts">
            {(
              [
                ['Sold', passes.sold],
                ['Renewed', passes.renewed],
                ['Lapsed', passes.lapsed],
              ] as const
            ).map(([label, count]) => (
              <div key={label}>
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-bold">{count}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title="Top Performing Hours">
          {topHours.length === 0 ? (
            <Empty>No money received in this period.</Empty>
          ) : (
            <ul className="space-y-3">
              {topHours.map((line) => (
                <Row
                  key={line.hour}
                  label={`${hourLabel(line.hour)}–${hourLabel((line.hour + 1) % 24)}`}
                  value={formatPeso(line.amount)}
                  share={(line.amount / topHours[0].amount) * 100}
                />
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
