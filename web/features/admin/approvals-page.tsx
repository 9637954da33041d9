import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Download, Inbox } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { REVIEW_FILTER_LABELS, REVIEW_FILTERS, type ReviewFilter, type ReviewKind } from '../../../core/approvals';
import { DocumentList } from '../../components/document-list';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Select } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Stale } from '../../components/ui/stale';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import {
  allListingChanges,
  allLotSubmissions,
  allOwnerApplications,
  listingChangesQuery,
  lotSubmissionsQuery,
  ownerApplicationsQuery,
  type ListingChange,
  type LotSubmission,
  type OwnerApplication,
} from '../../lib/admin';
import { downloadFile } from '../../lib/download';
import { loadedItems } from '../../lib/pages';
import { ListingChangeCard, listingDetails, lotDetails, LotSubmissionCard, OwnerApplicationCard, ownerDetails } from './approval-cards';
import { listingChangesCsv, lotSubmissionsCsv, ownerApplicationsCsv } from './approvals-csv';
import { DecisionDialog, type PendingDecision } from './decision-dialog';
import { ListingDialog, type PendingListing } from './listing-dialog';
import { ReviewBadge } from './review-badge';
import { SubmissionHistory } from './submission-history';
import { DetailList } from '../../components/detail-list';

const TABS = [
  { value: 'owner', label: 'Owner Applications' },
  { value: 'lot', label: 'Lot Submissions' },
  { value: 'listing', label: 'Listing Changes' },
] as const;

type Chosen = { kind: 'owner'; item: OwnerApplication } | { kind: 'lot'; item: LotSubmission } | { kind: 'listing'; item: ListingChange };

/** Approvals, so nothing goes live unreviewed: the queues by status (with approved lots' listing changes), each decision confirmed. */
export function ApprovalsPage() {
  const { status, tab } = useSearch({ from: '/_auth/admin/approvals' });
  const navigate = useNavigate({ from: '/admin/approvals' });
  // Another status keeps the queues on screen, marked stale, until its own have loaded (the loader loaded the first).
  const shownStatus = useDeferredValue(status);
  const owners = useSuspenseInfiniteQuery(ownerApplicationsQuery(shownStatus));
  const lots = useSuspenseInfiniteQuery(lotSubmissionsQuery(shownStatus));
  const listings = useSuspenseInfiniteQuery(listingChangesQuery(shownStatus));
  const [deciding, setDeciding] = useState<PendingDecision | null>(null);
  const [details, setDetails] = useState<Chosen | null>(null);
  const [listing, setListing] = useState<PendingListing | null>(null);
  const ownerItems = loadedItems(owners.data);
  const lotItems = loadedItems(lots.data);
  const listingItems = loadedItems(listings.data);
  const shownCount = { owner: ownerItems.length, lot: lotItems.length, listing: listingItems.length }[tab];

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">Approvals Management</h1>
        <div className="flex items-end gap-2">
          <StatusFilter status={status} onChange={(next) => navigate({ search: (s) => ({ ...s, status: next }) })} />
          <ExportButton tab={tab} status={status} empty={shownCount === 0} />
        </div>
      </div>
      <Stale stale={shownStatus !== status}>
        <Tabs value={tab} onValueChange={(value) => navigate({ search: (s) => ({ ...s, tab: value as ReviewKind }) })}>
          <TabList label="Approval queues" tabs={TABS} />
          <TabPanel value="owner">
            <Queue list={owners} count={ownerItems.length} kind="owner" status={shownStatus}>
              {ownerItems.map((a) => (
                <OwnerApplicationCard
                  key={a.id}
                  application={a}
                  onDecide={(decision) => setDeciding({ kind: 'owner', id: a.id, name: a.name, decision, earlier: a.earlier })}
                  onDetails={() => setDetails({ kind: 'owner', item: a })}
                />
              ))}
            </Queue>
          </TabPanel>
          <TabPanel value="lot">
            <Queue list={lots} count={lotItems.length} kind="lot" status={shownStatus}>
              {lotItems.map((s) => (
                <LotSubmissionCard
                  key={s.id}
                  submission={s}
                  onDecide={(decision) => setDeciding({ kind: 'lot', id: s.id, name: s.name, decision, earlier: s.earlier })}
                  onDetails={() => setDetails({ kind: 'lot', item: s })}
                  onListing={(action) => setListing({ lotId: s.lotId, name: s.name, action })}
                />
              ))}
            </Queue>
          </TabPanel>
          <TabPanel value="listing">
            <Queue list={listings} count={listingItems.length} kind="listing" status={shownStatus}>
              {listingItems.map((c) => (
                <ListingChangeCard
                  key={c.id}
                  change={c}
                  onDecide={(decision) => setDeciding({ kind: 'listing', id: c.id, name: `${c.current.name} → ${c.name}`, decision })}
                  onDetails={() => setDetails({ kind: 'listing', item: c })}
                />
              ))}
            </Queue>
          </TabPanel>
        </Tabs>
      </Stale>
      <DecisionDialog pending={deciding} onClose={() => setDeciding(null)} />
      <DetailsDialog chosen={details} onClose={() => setDetails(null)} />
      {listing && <ListingDialog pending={listing} onClose={() => setListing(null)} />}
    </main>
  );
}

/** Which queues are shown: pending, approved, rejected or all. */
function StatusFilter({ status, onChange }: { status: ReviewFilter; onChange: (status: ReviewFilter) => void }) {
  return (
    <Field label="Status" htmlFor="approval-status">
      <Select id="approval-status" className="w-40" value={status} onChange={(e) => onChange(e.target.value as ReviewFilter)}>
        {REVIEW_FILTERS.map((value) => (
          <option key={value} value={value}>
            {REVIEW_FILTER_LABELS[value]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Export covers every item under the filter, not only the pages loaded so far. */
function ExportButton({ tab, status, empty }: { tab: ReviewKind; status: ReviewFilter; empty: boolean }) {
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      if (tab === 'owner') downloadFile(`owner-applications-${status}.csv`, ownerApplicationsCsv(await allOwnerApplications(status)));
      else if (tab === 'lot') downloadFile(`lot-submissions-${status}.csv`, lotSubmissionsCsv(await allLotSubmissions(status)));
      else downloadFile(`listing-changes-${status}.csv`, listingChangesCsv(await allListingChanges(status)));
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="outline" onClick={exportList} disabled={exporting || empty}>
      <Download className="h-4 w-4" /> {exporting ? 'Exporting…' : 'Export'}
    </Button>
  );
}

const EMPTY: Record<ReviewKind, string> = { owner: 'owner applications', lot: 'lot submissions', listing: 'listing changes' };

/** The spec's empty state, or the cards and Load more. */
function Queue({
  list,
  count,
  kind,
  status,
  children,
}: {
  list: Parameters<typeof LoadMore>[0]['list'];
  count: number;
  kind: ReviewKind;
  status: ReviewFilter;
  children: ReactNode;
}) {
  if (count === 0)
    return (
      <Card className="text-center text-muted-foreground">
        <Inbox className="mx-auto mb-2 h-8 w-8" aria-hidden />
        <p className="font-semibold text-foreground">No {EMPTY[kind]}</p>
        <p>
          No {status === 'all' ? '' : `${status} `}
          {EMPTY[kind]} to review
        </p>
      </Card>
    );
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
      <LoadMore list={list} />
    </>
  );
}

/** View Details: everything the applicant filed, with the documents. */
function DetailsDialog({ chosen, onClose }: { chosen: Chosen | null; onClose: () => void }) {
  if (!chosen) return null;
  const { item } = chosen;
  const rows =
    chosen.kind === 'owner' ? ownerDetails(chosen.item) : chosen.kind === 'lot' ? lotDetails(chosen.item) : listingDetails(chosen.item);
  const documents = chosen.kind === 'listing' ? [] : chosen.item.documents;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={item.name}>
      <div className="space-y-3">
        <ReviewBadge status={item.status} />
        <DetailList rows={rows} />
        {chosen.kind !== 'listing' && (
          <>
            <h3 className="text-sm font-semibold">Documents</h3>
            <DocumentList documents={documents} />
          </>
        )}
        {item.notes && <p className="text-sm">{item.notes}</p>}
        {chosen.kind !== 'listing' && <SubmissionHistory submissions={chosen.item.earlier} title="Earlier submissions" />}
        <div className="flex justify-end">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
