import { Check, Trash2 } from 'lucide-react';
import { notificationTypeLabel } from '../../../core/notifications';
import { relativeTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import type { Notification, NotificationFilter } from '../../lib/notifications';
import { NotificationAbout } from './notification-about';

/** Unread (with its count) or All. */
export function FilterTabs({
  filter,
  unread,
  onChange,
}: {
  filter: NotificationFilter;
  unread: number;
  onChange: (filter: NotificationFilter) => void;
}) {
  return (
    <div role="tablist" aria-label="Filter" className="mb-4 inline-flex rounded-lg border border-border p-1">
      {(['all', 'unread'] as const).map((value) => (
        <button
          type="button"
          key={value}
          role="tab"
          aria-selected={filter === value}
          onClick={() => onChange(value)}
          className={cn(
            'rounded-md px-4 py-1.5 text-sm font-medium',
            filter === value ? 'bg-brand text-brand-foreground' : 'text-muted-foreground',
          )}
        >
          {value === 'all' ? 'All' : `Unread (${unread})`}
        </button>
      ))}
    </div>
  );
}

/** One notification: unread marked, its type, message, what it is about and age, and read and delete. */
export function NotificationItem({ note, onRead, onDelete }: { note: Notification; onRead: () => void; onDelete: () => void }) {
  return (
    <li
      data-testid="notification"
      className={cn('flex gap-3 rounded-xl border border-border p-4', !note.isRead && 'bg-orange-50 dark:bg-orange-950/30')}
    >
      <span aria-hidden className={cn('mt-2 h-2.5 w-2.5 shrink-0 rounded-full', note.isRead ? 'bg-transparent' : 'bg-brand')} />
      {!note.isRead && <span className="sr-only">Unread</span>}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{note.title}</span>
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{notificationTypeLabel(note.type)}</span>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">{note.message}</p>
        <NotificationAbout metadata={note.metadata} />
        <p className="mt-1 text-xs text-muted-foreground">{relativeTime(note.createdAt)}</p>
      </div>
      <div className="flex shrink-0 gap-1">
        {!note.isRead && (
          <Button variant="ghost" size="icon" aria-label={`Mark "${note.title}" read`} onClick={onRead}>
            <Check className="h-4 w-4" />
          </Button>
        )}
        <Button variant="ghost" size="icon" aria-label={`Delete "${note.title}"`} onClick={onDelete}>
          <Trash2 className="h-4 w-4" />
        </Button>
      </div>
    </li>
  );
}
