import { useEffect, useState } from 'react';
import { formatTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { useAuth } from '../../lib/session';
import { dismissRejected, rejectedItems, type QueuedBy, type QueuedItem, type Rejected } from './gate-store';
import { appliedItems, dismissApplied, onFlushed, queuedByOthers, type Applied } from './offline-queue';
import { useConnection } from './use-gate';

/**
 * The spec's Online/Offline switch, made to tell the truth: it follows the connection (the browser's
 * signal and whether the server answers) rather than a tap, and says how many entries and exits wait
 * on this device. What the queue sent is listed with what the server made of it; items it refused
 * stay listed until dismissed.
 */
export function ConnectionSwitch() {
  const { online, queued, syncing } = useConnection();
  const label = online ? 'Online' : 'Offline';
  const waiting = queued === 0 ? 'nothing queued' : `${queued} queued`;
  return (
    <div
      role="status"
      aria-label={`${label}, ${waiting}`}
      data-testid="connection"
      className="inline-flex items-center gap-3 rounded-full border border-border bg-card px-3 py-1.5 text-sm"
    >
      <span
        aria-hidden
        className={cn('relative inline-flex h-5 w-9 rounded-full transition-colors', online ? 'bg-green-600' : 'bg-slate-400')}
      >
        <span
          className={cn('absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all', online ? 'left-[1.125rem]' : 'left-0.5')}
        />
      </span>
      <span className="font-medium">{label}</span>
      <span className="text-muted-foreground" data-testid="queued-count">
        {syncing && queued > 0 ? `Sending ${queued}…` : waiting}
      </span>
    </div>
  );
}

const KIND_LABELS = { enter: 'check-in', exit: 'check-out' } as const;

/**
 * What the queue sent lately and what the server made of each, then what it refused, each list
 * dismissible; and what someone else queued on this phone and signed out before it could be sent.
 * An item of someone else's says whose it is.
 */
export function SentItems() {
  const userId = useAuth().user?.id;
  const [items, setItems] = useState<Rejected[]>([]);
  const [applied, setApplied] = useState<Applied[]>(appliedItems);
  const [others, setOthers] = useState<QueuedItem[]>([]);
  useEffect(() => {
    const load = () => {
      void rejectedItems().then(setItems);
      setApplied(appliedItems());
      if (userId) void queuedByOthers(userId).then(setOthers);
    };
    load();
    return onFlushed(load);
  }, [userId]);
  const whose = (queuedBy?: QueuedBy) => (queuedBy && queuedBy.id !== userId ? ` (queued by ${queuedBy.name})` : '');
  return (
    <>
      {others.length > 0 && <QueuedByOthers items={others} />}
      {applied.length > 0 && (
        <section aria-labelledby="applied-heading" className="rounded-xl border border-border p-4" data-testid="sent-items">
          <div className="flex items-center justify-between gap-3">
            <h2 id="applied-heading" className="font-semibold">
              Sent from this device
            </h2>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                dismissApplied();
                setApplied([]);
              }}
            >
              Clear
            </Button>
          </div>
          <ul className="mt-2 space-y-2 text-sm">
            {applied.map((item) => (
              <li key={item.key}>
                <strong>{item.plate}</strong> {item.message}
                {whose(item.queuedBy)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {items.length > 0 && (
        <section aria-labelledby="rejected-heading" className="rounded-xl border border-destructive p-4">
          <h2 id="rejected-heading" className="font-semibold text-destructive">
            Refused when sent
          </h2>
          <ul className="mt-2 space-y-2">
            {items.map((item) => (
              <li key={item.key} className="flex items-center justify-between gap-3 text-sm">
                <span>
                  <strong>{item.plate}</strong> {KIND_LABELS[item.kind]}
                  {whose(item.queuedBy)}: {item.message}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Dismiss ${item.plate}`}
                  onClick={() =>
                    void dismissRejected(item.key).then(() => setItems((all) => all.filter((other) => other.key !== item.key)))
                  }
                >
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** What someone else queued on this phone and signed out before it could be sent. */
function QueuedByOthers({ items }: { items: QueuedItem[] }) {
  return (
    <section aria-labelledby="others-heading" className="rounded-xl border border-amber-500 p-4" data-testid="others-queued">
      <h2 id="others-heading" className="font-semibold">
        Queued on this phone by someone else
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        They signed out before these could be sent. They are sent with your session, in the order they were made, once the server answers.
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.key}>
            <strong>{item.plate}</strong> {KIND_LABELS[item.kind]} queued by {item.queuedBy!.name} at {formatTime(item.queuedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
