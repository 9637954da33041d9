/**
 * Generate PDF: the report on screen as an A4 document with the same numbers. Loaded on the click
 * (pdf-lib is large), so neither the reports screen nor anyone else downloads it before.
 */
import { formatDateTime } from '../../../core/time';
import { dayStatus } from '../../../core/owner-figures';
import type { OwnerCustomers, OwnerReport } from '../../lib/owner-figures';
import { pdfPesos as pesos, pdfWriter } from '../../lib/pdf-writer';
import { changeText, hourLabel, hours, percent } from './figures-format';

type Writer = Awaited<ReturnType<typeof pdfWriter>>;

/** The four key figures, each with its change on the period before. */
function writeSummary({ line, heading }: Writer, report: OwnerReport) {
  const { kpis } = report;
  heading('Summary');
  line([
    [`Total Revenue: ${pesos(kpis.totalRevenue)}`, 0],
    [changeText(kpis.change.totalRevenue), 260],
  ]);
  line([
    [`Avg Occupancy: ${percent(kpis.avgOccupancy)}`, 0],
    [changeText(kpis.change.avgOccupancy), 260],
  ]);
  line([
    [`Total Bookings: ${kpis.totalBookings}`, 0],
    [changeText(kpis.change.totalBookings), 260],
  ]);
  line([
    [`Avg Duration: ${hours(kpis.avgDuration)}`, 0],
    [changeText(kpis.change.avgDuration), 260],
  ]);
}

/** One row a day, the header again on each new page. */
function writeDaily({ line, heading, bold }: Writer, report: OwnerReport) {
  heading('Daily Performance');
  const columns = [0, 90, 200, 290, 370, 450];
  const header = () =>
    line(
      ['Date', 'Revenue', 'Occupancy', 'Bookings', 'Avg Duration', 'Status'].map((title, i) => [title, columns[i]] as [string, number]),
      bold,
    );
  header();
  for (const day of report.daily) {
    line(
      [
        [day.date, columns[0]],
        [pesos(day.revenue), columns[1]],
        [percent(day.occupancy), columns[2]],
        [String(day.bookings), columns[3]],
        [hours(day.avgDuration), columns[4]],
        [dayStatus(day.occupancy), columns[5]],
      ],
      undefined,
      header,
    );
  }
}

/** Where the money came from, and its best hours. */
function writeRevenue({ line, heading }: Writer, report: OwnerReport) {
  heading('Revenue Breakdown');
  for (const part of report.revenue.breakdown)
    line([
      [part.label, 0],
      [pesos(part.amount), 200],
    ]);
  heading('Top Performing Hours');
  if (report.revenue.topHours.length === 0) line([['No money received in this period.', 0]]);
  for (const top of report.revenue.topHours)
    line([
      [`${hourLabel(top.hour)}–${hourLabel((top.hour + 1) % 24)}`, 0],
      [pesos(top.amount), 200],
    ]);
}

/** Utilisation, peak hours and stay lengths. */
function writeOccupancy({ line, heading }: Writer, report: OwnerReport) {
  const { occupancy } = report;
  heading('Occupancy');
  const peak = (value: { hour: number; occupancy: number } | null) =>
    value ? `${hourLabel(value.hour)} (${percent(value.occupancy)})` : 'no stays';
  line([
    [
      `Utilisation: weekdays ${percent(occupancy.utilisation.weekdays)}, weekends ${percent(occupancy.utilisation.weekends)}, overall ${percent(occupancy.utilisation.overall)}`,
      0,
    ],
  ]);
  line([
    [
      `Peak hours: weekdays ${peak(occupancy.peakHours.weekdays)}, Saturday ${peak(occupancy.peakHours.saturday)}, Sunday ${peak(occupancy.peakHours.sunday)}`,
      0,
    ],
  ]);
  line([
    [
      `Stay length: ${occupancy.stayLengths.map((bucket) => `${bucket.label} ${bucket.bookings} (${bucket.share.toFixed(1)}%)`).join(', ')}`,
      0,
    ],
  ]);
}

/** How many customers, new and repeat, and the top ones. */
function writeCustomers({ line, heading }: Writer, customers: OwnerCustomers) {
  heading('Customers');
  line([[`${customers.customers} customers: ${customers.new} new, ${customers.repeat} repeat`, 0]]);
  for (const customer of customers.top)
    line([
      [customer.email, 0],
      [`${customer.bookings} booking${customer.bookings === 1 ? '' : 's'}`, 200],
      [pesos(customer.spend), 300],
    ]);
}

export async function reportPdf(
  report: OwnerReport,
  customers: OwnerCustomers,
  about: { location: string; generatedAt: Date },
): Promise<Uint8Array<ArrayBuffer>> {
  const writer = await pdfWriter(`Parkada report ${report.filter.from} to ${report.filter.to}`);
  const { title, line, save } = writer;
  title('Parkada — Reports & Analytics');
  line([[`Location: ${about.location}`, 0]]);
  line([
    [
      `Period: ${report.filter.from} to ${report.filter.to} (Manila), compared with ${report.filter.previousFrom} to ${report.filter.previousTo}`,
      0,
    ],
  ]);
  line([[`Generated ${formatDateTime(about.generatedAt.toISOString())}`, 0]]);

  writeSummary(writer, report);
  writeDaily(writer, report);
  writeRevenue(writer, report);
  writeOccupancy(writer, report);
  writeCustomers(writer, customers);
  return save();
}
