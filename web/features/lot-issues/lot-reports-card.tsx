import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { myIssuesQuery } from '../../lib/lot-issues';
import { IssueList } from './issue-list';

const ReportIssueDialog = lazy(() => import('./report-issue-dialog'));

/**
 * The driver's Report an Issue at a lot (or for one reservation there), and the reports they made
 * there with their status and thread.
 */
export default function LotReportsCard({
  lotId,
  lotName,
  reservationId,
  title = 'Need Help?',
  intro,
}: {
  lotId: string;
  lotName: string;
  reservationId?: string;
  title?: string;
  intro?: string;
}) {
  const [reporting, setReporting] = useState(false);
  const mine = useQuery(myIssuesQuery);
  const here = (mine.data ?? []).filter((issue) => issue.lotId === lotId && (!reservationId || issue.reservationId === reservationId));
  return (
    <Card>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {intro && <p className="text-sm text-muted-foreground">{intro}</p>}
      <Button variant="outline" className="mt-3 w-full" onClick={() => setReporting(true)}>
        Report an Issue
      </Button>
      {mine.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          Your reports could not be loaded. {mine.error.message}
        </p>
      ) : here.length > 0 ? (
        <section aria-label="Your reports" className="mt-4">
          <h3 className="text-sm font-semibold">Your Reports</h3>
          <IssueList issues={here} empty="" />
        </section>
      ) : null}
      {reporting && (
        <Suspense fallback={<Spinner label="Loading" />}>
          <ReportIssueDialog lotId={lotId} lotName={lotName} reservationId={reservationId} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </Card>
  );
}
