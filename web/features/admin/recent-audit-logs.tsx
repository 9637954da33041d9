import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AUDIT_ACTION_LABELS } from '../../../core/audit';
import { relativeTime } from '../../../core/time';
import { Card } from '../../components/ui/card';
import { recentAuditLogsQuery } from '../../lib/admin';

/** The dashboard's Recent Audit Logs: action, subject, actor and time of the newest entries. */
export function RecentAuditLogs() {
  const { data, isLoading, isError, error } = useQuery(recentAuditLogsQuery);
  return (
    <Card>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold">Recent Audit Logs</h2>
        <Link to="/admin/audit-logs" search={{}} aria-label="View all audit logs" className="text-sm text-brand underline">
          View all
        </Link>
      </div>
      {isLoading ? (
        <div className="h-24 animate-pulse rounded-lg bg-muted" />
      ) : isError ? (
        <p className="text-destructive">{error.message}</p>
      ) : !data?.items.length ? (
        <p className="text-sm text-muted-foreground">Nothing recorded yet</p>
      ) : (
        <ul
          className="max-h-96 divide-y divide-border overflow-y-auto"
          data-testid="audit-logs"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be focusable for a keyboard to scroll it (WCAG 2.1.1).
          tabIndex={0}
          aria-label="Recent audit log entries"
        >
          {data.items.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <p className="font-semibold">
                {AUDIT_ACTION_LABELS[entry.action]}{' '}
                <span className="font-mono text-xs font-normal text-muted-foreground">{entry.action}</span>
              </p>
              <p className="text-muted-foreground">
                {entry.subject} · {entry.actor} · {relativeTime(entry.timestamp)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
