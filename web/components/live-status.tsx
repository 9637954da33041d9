import type { LiveStatus } from '../lib/live';
import { cn } from './ui/cn';

/** Whether a screen's figures are following the lot live: a small dot and a word, read out when it changes. */
export function LiveStatusBadge({ status }: { status: LiveStatus }) {
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-xs font-normal text-muted-foreground" data-testid="live-status">
      <span aria-hidden className={cn('h-2 w-2 rounded-full', status === 'live' ? 'bg-green-600' : 'bg-amber-500')} />
      {status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}
