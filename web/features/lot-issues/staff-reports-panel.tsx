import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { lotIssuesAtLotQuery, ownerIssuesQuery } from '../../lib/lot-issues';
import { IssueList } from './issue-list';

type Read = ReturnType<typeof useQuery<Awaited<ReturnType<NonNullable<typeof ownerIssuesQuery.queryFn>>>>>;

function Panel({ title, read, empty, showLot }: { title: string; read: Read; empty: string; showLot?: boolean }) {
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold">
        {title}
        {read.data && read.data.length > 0 && (
          <span className="ml-2 text-sm font-normal text-muted-foreground">({read.data.length} open)</span>
        )}
      </h2>
      {read.isPending ? (
        <Spinner label="Loading driver reports" compact />
      ) : read.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Driver reports could not be loaded. {read.error.message}
        </p>
      ) : (
        <IssueList issues={read.data} empty={empty} showLot={showLot} />
      )}
    </Card>
  );
}

/** The attendant's screen: open reports drivers made at this lot, beside the issues the gate logs. */
export default function LotDriverReports({ lotId }: { lotId: string }) {
  const read = useQuery(lotIssuesAtLotQuery(lotId));
  return <Panel title="Driver Reports" read={read} empty="No open reports from drivers at this lot." />;
}

/** The owner's dashboard: open driver reports at every lot they own or work. */
export function OwnerDriverReports() {
  const read = useQuery(ownerIssuesQuery);
  return <Panel title="Driver Reports" read={read} empty="No open reports from drivers at your lots." showLot />;
}
