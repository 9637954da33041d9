import { useQuery } from '@tanstack/react-query';
import type { ReportFilter } from '../../../core/report-request';
import { formatDateTime } from '../../../core/time';
import { Spinner } from '../../components/ui/spinner';
import { ownerPlateReadsQuery } from '../../lib/owner-figures';
import { Empty, Panel, Row } from './report-panels';

/** How well the gate camera read plates: the entries a read filled, the share kept as read, and the ones corrected. */
export function PlateReadsTab({ filter }: { filter: ReportFilter }) {
  const { data, isError, error } = useQuery(ownerPlateReadsQuery(filter));
  if (isError) return <p className="text-destructive">{error.message}</p>;
  if (!data) return <Spinner label="Counting plate reads" compact />;
  const { reads, kept, keptShare, corrected } = data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Camera Plate Reads">
        {reads === 0 ? (
          <Empty>No entry in this period took its plate from the gate camera.</Empty>
        ) : (
          <ul className="space-y-3">
            <Row label="Entries read by the camera" value={String(reads)} />
            <Row label="Kept as read" value={String(kept)} share={(keptShare ?? 0) * 100} />
            <Row label="Corrected by the attendant" value={String(reads - kept)} share={(1 - (keptShare ?? 0)) * 100} />
          </ul>
        )}
      </Panel>
      <Panel title="Corrected Reads">
        {corrected.length === 0 ? (
          <Empty>The attendants corrected no read in this period.</Empty>
        ) : (
          <ul className="space-y-3">
            {corrected.map((read) => (
              <Row
                key={read.id}
                label={`${formatDateTime(read.at)} · ${read.lotName} · read ${read.read} (${Math.round(read.confidence * 100)}% sure)`}
                value={read.plate}
              />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
