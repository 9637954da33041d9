import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatPeso } from '../../../core/money';
import { relativeTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { pendingApprovalsQuery } from '../../lib/admin';
import { DecisionDialog, type PendingDecision } from './decision-dialog';

const TABS = [
  { value: 'owner', label: 'Owner Applications' },
  { value: 'lot', label: 'Lot Submissions' },
] as const;

type Row = { id: string; name: string; detail: string; submittedAt: string };

/** The dashboard's Pending Approvals: the same decisions and dialog as the approvals screen. */
export function PendingApprovalsPanel() {
  const { data, isLoading, isError, error } = useQuery(pendingApprovalsQuery);
  const [deciding, setDeciding] = useState<PendingDecision | null>(null);
  const owners: Row[] = (data?.owners ?? []).map((o) => ({ id: o.id, name: o.name, detail: o.email, submittedAt: o.submittedAt }));
  const lots: Row[] = (data?.lots ?? []).map((l) => ({
    id: l.id,
    name: l.name,
    detail: `${l.owner} · ${l.slots} slots · ${formatPeso(l.rate)}/hr${l.resubmission ? ' · resubmitted' : ''}`,
    submittedAt: l.submittedAt,
  }));

  const list = (kind: PendingDecision['kind'], rows: Row[]) =>
    isLoading ? (
      <div className="h-24 animate-pulse rounded-lg bg-muted" />
    ) : isError ? (
      <p className="text-destructive">{error.message}</p>
    ) : rows.length === 0 ? (
      <p className="text-sm text-muted-foreground">No pending {kind === 'owner' ? 'owner applications' : 'lot submissions'} to review</p>
    ) : (
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium">{row.name}</p>
              <p className="text-sm text-muted-foreground">
                {row.detail} · {relativeTime(row.submittedAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => setDeciding({ kind, id: row.id, name: row.name, decision: 'approve' })}>
                Approve
              </Button>
              <Button size="sm" variant="destructive" onClick={() => setDeciding({ kind, id: row.id, name: row.name, decision: 'reject' })}>
                Reject
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <Card>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold">Pending Approvals</h2>
        <Link to="/admin/approvals" search={{ status: 'pending', tab: 'owner' }} className="text-sm text-brand underline">
          View all
        </Link>
      </div>
      <Tabs defaultValue="owner">
        <TabList label="Pending approvals" tabs={TABS} />
        <TabPanel value="owner">{list('owner', owners)}</TabPanel>
        <TabPanel value="lot">{list('lot', lots)}</TabPanel>
      </Tabs>
      <DecisionDialog pending={deciding} onClose={() => setDeciding(null)} />
    </Card>
  );
}
