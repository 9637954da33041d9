import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../core/time';
import { LoadMore } from '../../components/ui/load-more';
import { loadedItems } from '../../lib/pages';
import { supportInboxQuery } from '../../lib/support';

/** The super admin's Support inbox: every request, those waiting for an answer first, each newest activity first. */
export function SupportInbox() {
  const list = useSuspenseInfiniteQuery(supportInboxQuery);
  const requests = loadedItems(list.data);
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Support</h1>
      {requests.length === 0 ? (
        <p className="text-muted-foreground">No support requests.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <Link to="/admin/support/$id" params={{ id: request.id }} className="font-medium underline-offset-4 hover:underline">
                  {request.subject}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {request.authorName} · {request.categoryLabel}
                </p>
              </div>
              <span className="text-sm text-muted-foreground">
                {request.status === 'answered' ? 'Answered' : 'Open'} · {formatDateTime(request.lastMessageAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </main>
  );
}
