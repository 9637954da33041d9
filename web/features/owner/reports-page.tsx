import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { formatPeso, formatPesoShort } from '../../../core/money';
import { dailyRowsCsv, reportFileName } from '../../../core/owner-figures';
import { reportFilterSchema, type ReportFilter } from '../../../core/report-request';
import { manilaDate } from '../../../core/time';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Field, Input } from '../../components/ui/field';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { downloadFile } from '../../lib/download';
import { ownerLotsQuery, type OwnerLot } from '../../lib/owner';
import { ownerCustomersQuery, ownerReportQuery, type OwnerReport } from '../../lib/owner-figures';
import { hours, percent } from './figures-format';
import { ExportHeading } from './export-heading';
import { KpiCard } from './kpi-card';
import { LotSelect } from './lot-select';
import { REPORT_TABS, type ReportTab } from './reports-search';
import { CustomersTab } from './report-customers-tab';
import { OccupancyTab } from './report-occupancy-tab';
import { OverviewTab } from './report-overview-tab';
import { PlateReadsTab } from './report-plate-reads-tab';
import { RevenueTab } from './report-revenue-tab';

/** The report's location and Manila days, kept in the address; a range the request refuses shows its problem. */
function ReportFilterCard({
  lots,
  filter,
  problem,
  onChange,
}: {
  lots: OwnerLot[];
  filter: ReportFilter;
  problem: string | undefined;
  onChange: (change: { lotId?: string; from?: string; to?: string }) => void;
}) {
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-3 sm:p-6">
      <Field label="Location" htmlFor="report-lot">
        <LotSelect
          id="report-lot"
          lots={lots}
          value={filter.lotId ?? ''}
          onPick={(lotId) => onChange({ lotId: lotId || undefined })}
          allLabel="All Locations"
        />
      </Field>
      <Field label="Start Date" htmlFor="report-from">
        <Input
          id="report-from"
          type="date"
          value={filter.from}
          max={filter.to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
      </Field>
      <Field label="End Date" htmlFor="report-to">
        <Input
          id="report-to"
          type="date"
          value={filter.to}
          min={filter.from}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </Field>
      {problem && <p className="text-sm text-destructive sm:col-span-3">{problem}</p>}
    </Card>
  );
}

function ReportKpis({ kpis, fetching }: { kpis: OwnerReport['kpis'] | undefined; fetching: boolean }) {
  return (
    <div className={cn('grid grid-cols-2 gap-4 lg:grid-cols-4', fetching && 'opacity-70')}>
      <KpiCard
        label="Total Revenue"
        value={kpis && formatPesoShort(kpis.totalRevenue)}
        full={kpis && formatPeso(kpis.totalRevenue)}
        change={kpis?.change.totalRevenue}
      />
      <KpiCard label="Avg Occupancy" value={kpis && percent(kpis.avgOccupancy)} change={kpis?.change.avgOccupancy} />
      <KpiCard label="Total Bookings" value={kpis && String(kpis.totalBookings)} change={kpis?.change.totalBookings} />
      <KpiCard label="Avg Duration" value={kpis && hours(kpis.avgDuration)} change={kpis?.change.avgDuration} />
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
  const queryClient = useQueryClient();
  const setSearch = (change: Partial<typeof search>) => navigate({ search: (current) => ({ ...current, ...change }), replace: true });
  const lotName = lots.find((lot) => lot.id === filter.lotId)?.name ?? 'All Locations';

  const exportCsv = report ? () => downloadFile(reportFileName(today), dailyRowsCsv(report.daily)) : null;
  const generatePdf = report
    ? async () => {
        const [{ reportPdf }, customers] = await Promise.all([import('./report-pdf'), queryClient.fetchQuery(ownerCustomersQuery(filter))]);
        downloadFile(
          reportFileName(today).replace(/\.csv$/, '.pdf'),
          await reportPdf(report, customers, { location: lotName, generatedAt: new Date() }),
          'application/pdf',
        );
      }
    : null;

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <ExportHeading title="Reports & Analytics" csv={exportCsv} pdf={generatePdf} />

      <ReportFilterCard lots={lots} filter={filter} problem={checked.error?.issues[0]?.message} onChange={setSearch} />

      {isError ? <p className="text-destructive">{error.message}</p> : null}

      <ReportKpis kpis={report?.kpis} fetching={isFetching} />

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
              <CustomersTab report={report} filter={filter} />
            </TabPanel>
            <TabPanel value="plates">
              <PlateReadsTab filter={filter} />
            </TabPanel>
          </>
        )}
      </Tabs>
    </main>
  );
}
