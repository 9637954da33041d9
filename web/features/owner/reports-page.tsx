import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Download, FileText } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { formatPeso } from '../../../core/money';
import { dailyRowsCsv, dayStatus, reportFileName, reportFilterSchema, type ReportFilter } from '../../../core/owner-figures';
import { manilaDate } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Chart } from '../../components/ui/chart';
import { cn } from '../../components/ui/cn';
import { Field, Input } from '../../components/ui/field';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { downloadFile } from '../../lib/download';
import { ownerLotsQuery } from '../../lib/owner';
import { ownerReportQuery, type OwnerReport } from '../../lib/owner-figures';
import { hourLabel, hours, percent, pesoShort, shortDay } from './figures-format';
import { KpiCard } from './kpi-card';
import { LotSelect } from './lot-select';
import { REPORT_TABS, type ReportTab } from './reports-search';

const BLUE = '#3b82f6';

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={cn('min-w-0 space-y-3 p-4 sm:p-6', className)}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

/** A row of a list: a name and its figure, with an optional share bar. */
function Row({ label, value, share }: { label: string; value: string; share?: number }) {
  return (
    <li className="space-y-1">
      <div className="flex justify-between gap-3 text-sm">
        <span className="truncate">{label}</span>
        <span className="shrink-0 font-medium">{value}</span>
      </div>
      {share !== undefined && (
        <div className="h-1.5 rounded bg-muted">
          <div className="h-1.5 rounded bg-brand" style={{ width: `${Math.max(0, Math.min(100, share))}%` }} />
        </div>
      )}
    </li>
  );
}

function OverviewTab({ report }: { report: OwnerReport }) {
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
        <div className="overflow-x-auto">
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
        </div>
      </Panel>
    </div>
  );
}

function RevenueTab({ report }: { report: OwnerReport }) {
  const { breakdown, byHour, topHours } = report.revenue;
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

function OccupancyTab({ report }: { report: OwnerReport }) {
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

function CustomersTab({ report }: { report: OwnerReport }) {
  const { customers, new: first, repeat, top } = report.customers;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Customer Segments">
        <ul className="space-y-3">
          <Row label="Customers" value={String(customers)} />
          <Row label="New (first booking here)" value={String(first)} share={customers ? (first / customers) * 100 : 0} />
          <Row label="Repeat" value={String(repeat)} share={customers ? (repeat / customers) * 100 : 0} />
          <Row label="Bookings per customer" value={customers ? (report.kpis.totalBookings / customers).toFixed(1) : '–'} />
        </ul>
      </Panel>
      <Panel title="Top Customers">
        {top.length === 0 ? (
          <Empty>No paying customers in this period.</Empty>
        ) : (
          <ul className="space-y-3">
            {top.map((customer) => (
              <Row
                key={customer.email}
                label={`${customer.email} · ${customer.bookings} booking${customer.bookings === 1 ? '' : 's'}`}
                value={formatPeso(customer.spend)}
              />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/** Reports & Analytics for a location and Manila days (the owner's business days), every figure from the records. */
export function OwnerReportsPage() {
  const search = useSearch({ from: '/_auth/owner/reports' });
  const navigate = useNavigate({ from: '/owner/reports' });
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const today = manilaDate(Date.now());
  const filter: ReportFilter = { lotId: search.lotId, from: search.from ?? today, to: search.to ?? today };
  const checked = reportFilterSchema.safeParse(filter);
  const { data: report, isError, error, isFetching } = useQuery({ ...ownerReportQuery(filter), enabled: checked.success });
  const [making, setMaking] = useState(false);
  const setSearch = (change: Partial<typeof search>) => navigate({ search: (current) => ({ ...current, ...change }), replace: true });
  const lotName = lots.find((lot) => lot.id === filter.lotId)?.name ?? 'All Locations';

  const exportCsv = () => report && downloadFile(reportFileName(today), dailyRowsCsv(report.daily));
  const generatePdf = async () => {
    if (!report) return;
    setMaking(true);
    try {
      const { reportPdf } = await import('./report-pdf');
      downloadFile(
        reportFileName(today).replace(/\.csv$/, '.pdf'),
        await reportPdf(report, { location: lotName, generatedAt: new Date() }),
        'application/pdf',
      );
    } catch (failure) {
      toast({ title: 'PDF Not Made', description: failure instanceof Error ? failure.message : 'Try again.', variant: 'destructive' });
    } finally {
      setMaking(false);
    }
  };

  const kpis = report?.kpis;
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Reports &amp; Analytics</h1>
        <div className="flex gap-2">
          <Button variant="outline" onClick={exportCsv} disabled={!report}>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </Button>
          <Button onClick={generatePdf} disabled={!report || making}>
            <FileText className="h-4 w-4" aria-hidden /> Generate PDF
          </Button>
        </div>
      </div>

      <Card className="grid gap-4 p-4 sm:grid-cols-3 sm:p-6">
        <Field label="Location" htmlFor="report-lot">
          <LotSelect
            id="report-lot"
            lots={lots}
            value={filter.lotId ?? ''}
            onPick={(lotId) => setSearch({ lotId: lotId || undefined })}
            allLabel="All Locations"
          />
        </Field>
        <Field label="Start Date" htmlFor="report-from">
          <Input
            id="report-from"
            type="date"
            value={filter.from}
            max={filter.to}
            onChange={(e) => e.target.value && setSearch({ from: e.target.value })}
          />
        </Field>
        <Field label="End Date" htmlFor="report-to">
          <Input
            id="report-to"
            type="date"
            value={filter.to}
            min={filter.from}
            onChange={(e) => e.target.value && setSearch({ to: e.target.value })}
          />
        </Field>
        {!checked.success && <p className="text-sm text-destructive sm:col-span-3">{checked.error.issues[0]?.message}</p>}
      </Card>

      {isError ? <p className="text-destructive">{error.message}</p> : null}

      <div className={cn('grid grid-cols-2 gap-4 lg:grid-cols-4', isFetching && 'opacity-70')}>
        <KpiCard label="Total Revenue" value={kpis && formatPeso(kpis.totalRevenue)} change={kpis?.change.totalRevenue} />
        <KpiCard label="Avg Occupancy" value={kpis && percent(kpis.avgOccupancy)} change={kpis?.change.avgOccupancy} />
        <KpiCard label="Total Bookings" value={kpis && String(kpis.totalBookings)} change={kpis?.change.totalBookings} />
        <KpiCard label="Avg Duration" value={kpis && hours(kpis.avgDuration)} change={kpis?.change.avgDuration} />
      </div>

      <Tabs value={search.tab} onValueChange={(tab) => setSearch({ tab: tab as ReportTab })}>
        <TabList label="Report type" tabs={REPORT_TABS} />
        {report && (
          <>
            <TabPanel value="overview">
              <OverviewTab report={report} />
            </TabPanel>
            <TabPanel value="revenue">
              <RevenueTab report={report} />
            </TabPanel>
            <TabPanel value="occupancy">
              <OccupancyTab report={report} />
            </TabPanel>
            <TabPanel value="customers">
              <CustomersTab report={report} />
            </TabPanel>
          </>
        )}
      </Tabs>
    </main>
  );
}
