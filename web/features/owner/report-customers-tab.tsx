import { useQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../core/money';
import type { ReportFilter } from '../../../core/report-request';
import { Spinner } from '../../components/ui/spinner';
import { ownerCustomersQuery, type OwnerReport } from '../../lib/owner-figures';
import { Empty, Panel, Row } from './report-panels';

export function CustomersTab({ report, filter }: { report: OwnerReport; filter: ReportFilter }) {
  const { data, isError, error } = useQuery(ownerCustomersQuery(filter));
  if (isError) return <p className="text-destructive">{error.message}</p>;
  if (!data) return <Spinner label="Counting customers" compact />;
  const { customers, new: first, repeat, top } = data;
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
