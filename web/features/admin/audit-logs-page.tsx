import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '../../../core/audit';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardList } from '../../components/ui/card-list';
import { Field, Input, Select } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Stale } from '../../components/ui/stale';
import { auditLogsQuery, type AuditEntry, type AuditFilters } from '../../lib/admin';
import { loadedItems } from '../../lib/pages';
import { useSearchText } from '../../lib/use-search-text';

/** The entry's context as `key: value` lines; empty values are left out. */
const contextLines = (context: AuditEntry['context']) =>
  Object.entries(context)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);

/** The whole audit trail, newest first: filtered by actor, action and Manila days in the URL, paged. */
export function AuditLogsPage() {
  const filters = useSearch({ from: '/_auth/admin/audit-logs' });
  const navigate = useNavigate({ from: '/admin/audit-logs' });
  const set = (patch: Partial<AuditFilters>) => navigate({ search: (s) => ({ ...s, ...patch }) });
  const [actorText, setActorText] = useSearchText(filters.actor, (actor) => navigate({ search: (s) => ({ ...s, actor }), replace: true }));
  // New filters keep the entries on screen, marked stale, until theirs have loaded (the loader loaded the first).
  const shownFilters = useDeferredValue(filters);
  const entries = useSuspenseInfiniteQuery(auditLogsQuery(shownFilters));
  const shown = loadedItems(entries.data);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">Audit Log</h1>
        {filtered && (
          <Button
            variant="outline"
            onClick={() => {
              setActorText('');
              navigate({ search: {} });
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
      <Card className="mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Actor" htmlFor="audit-actor">
          <Input
            id="audit-actor"
            type="search"
            placeholder="Name, e-mail or user id"
            value={actorText}
            onChange={(e) => setActorText(e.target.value)}
          />
        </Field>
        <Field label="Action" htmlFor="audit-action">
          <Select
            id="audit-action"
            value={filters.action ?? ''}
            onChange={(e) => set({ action: (e.target.value || undefined) as AuditAction | undefined })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="From" htmlFor="audit-from">
          <Input
            id="audit-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </Field>
        <Field label="To" htmlFor="audit-to">
          <Input
            id="audit-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </Field>
      </Card>
      <p className="mb-3 text-sm text-muted-foreground">Times are Manila time; From and To are whole Manila days.</p>
      <Stale stale={shownFilters !== filters}>
        <CardList items={shown} empty={filtered ? 'No audit entries match these filters.' : 'Nothing recorded yet.'}>
          {(entry) => <AuditEntryCard entry={entry} />}
        </CardList>
        <LoadMore list={entries} />
      </Stale>
    </main>
  );
}

/** One entry: the action, who did it, to what, and its context. */
function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const lines = contextLines(entry.context);
  return (
    <Card data-testid="audit-entry" className="p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {AUDIT_ACTION_LABELS[entry.action]} <span className="font-mono text-xs font-normal text-muted-foreground">{entry.action}</span>
        </p>
        <time dateTime={entry.timestamp} className="text-sm text-muted-foreground">
          {formatDateTime(entry.timestamp)}
        </time>
      </div>
      <p className="break-all text-sm">{entry.actor}</p>
      <p className="break-all font-mono text-xs text-muted-foreground">{entry.subject}</p>
      {lines.length > 0 && (
        <ul className="mt-2 space-y-0.5 rounded-lg bg-muted p-2 text-xs">
          {lines.map((line) => (
            <li key={line} className="break-all">
              {line}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
