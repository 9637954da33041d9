/**
 * What a lot's NFC/QR tag opens (docs/gate.md, Entrance tags): at the entrance, one button that
 * checks the driver's reservation (or monthly pass) in; at the exit, one that checks them out and
 * pays from their wallet the price shown. Without a booking, the way to book here.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Nfc } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { passIdOf } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { formatDateTime, formatTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { NoLocation, tapQuery, useTap, type TapStep, type TapView } from '../../lib/tags';

type Done = {
  step: TapStep;
  plate: string;
  slot: string | null;
  time: string;
  amountCents: number | null;
  reservationId: string | null;
  receiptId: string | null;
};

/** The one button of a tag, its refusal beside it, and what it did. */
function TapButton({
  token,
  step,
  label,
  shownCents,
  disabled,
  onDone,
}: {
  token: string;
  step: TapStep;
  label: string;
  shownCents?: number;
  disabled?: boolean;
  onDone: (done: Done) => void;
}) {
  const tap = useTap(token);
  // One key per attempt: a retry after a lost answer is the same tap, answered, not made twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const press = () =>
    tap.mutate(
      { step, key, shownCents },
      {
        onSuccess: (stay) =>
          onDone({
            step,
            plate: stay.plate,
            slot: stay.slot,
            time: (step === 'check-in' ? stay.entryTs : stay.exitTs) ?? stay.entryTs,
            amountCents: stay.amountCents,
            reservationId: stay.reservationId,
            receiptId: stay.receiptId,
          }),
        // A refusal is final for this attempt: the next press is a new one. A lost answer is retried
        // under the same key, so the server answers what it did instead of doing it again.
        onError: (error) => error instanceof ApiError && setKey(crypto.randomUUID()),
      },
    );
  return (
    <div className="space-y-3">
      <Button className="h-14 w-full text-lg" disabled={disabled || tap.isPending} onClick={press}>
        <Nfc aria-hidden className="h-5 w-5" />
        {tap.isPending ? 'One moment…' : label}
      </Button>
      <p className="text-sm text-muted-foreground">
        Your phone is asked for its location when you tap: a tag works only at the lot, so a photo of it cannot check you in or out from
        elsewhere.
      </p>
      {tap.error && (
        <p role="alert" className="rounded-lg border border-destructive p-3 text-sm text-destructive">
          {tap.error instanceof ApiError
            ? tap.error.text
            : tap.error instanceof NoLocation
              ? tap.error.message
              : 'The tap did not go through. Check your connection and try again.'}
        </p>
      )}
    </div>
  );
}

const Facts = ({ rows }: { rows: [string, ReactNode][] }) => (
  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
    {rows.map(([term, value]) => (
      <div key={term} className="contents">
        <dt className="text-muted-foreground">{term}</dt>
        <dd className="font-medium">{value}</dd>
      </div>
    ))}
  </dl>
);

function DonePanel({ done, lotName }: { done: Done; lotName: string }) {
  const checkedIn = done.step === 'check-in';
  return (
    <div data-testid="tap-done" role="status" className="space-y-4 text-center">
      <CheckCircle2 aria-hidden className="mx-auto h-14 w-14 text-green-600" />
      <h2 className="text-xl font-semibold">{checkedIn ? `Checked in at ${lotName}` : `Checked out of ${lotName}`}</h2>
      <Facts
        rows={[
          ['Plate', done.plate],
          ...(done.slot ? [['Slot', done.slot] as [string, ReactNode]] : []),
          [checkedIn ? 'Entered' : 'Left', formatTime(done.time)],
          ...(checkedIn ? [] : [['Paid from wallet', formatPeso(done.amountCents ?? 0)] as [string, ReactNode]]),
        ]}
      />
      {checkedIn && done.reservationId && (
        <Button asChild variant="outline" className="w-full">
          <Link to="/reservation/$id" params={{ id: done.reservationId }}>
            View reservation
          </Link>
        </Button>
      )}
      {!checkedIn && done.receiptId && (
        <Button asChild className="w-full">
          <Link to="/receipt/$id" params={{ id: done.receiptId }}>
            View receipt
          </Link>
        </Button>
      )}
    </div>
  );
}

/** The entrance: the open stay, the booking and its button, or where to book. */
function Entrance({ view, token, onDone }: { view: TapView; token: string; onDone: (done: Done) => void }) {
  const { stay, booking, pass, elsewhere, lot } = view;
  const now = useMinuteClock();
  if (stay)
    return (
      <p>
        You are checked in with {stay.plate} since {formatTime(stay.entryTs)}.
      </p>
    );
  if (booking) {
    const opensLater = Date.parse(booking.checkInFrom) > now.getTime();
    return (
      <div className="space-y-4">
        <Facts
          rows={[
            ['Reservation', passIdOf(booking.id)],
            ['Plate', booking.plate ?? '—'],
            ['From', formatDateTime(booking.startTs)],
            ['Until', formatDateTime(booking.endTs)],
          ]}
        />
        {opensLater && <p className="text-sm text-muted-foreground">Check-in opens at {formatTime(booking.checkInFrom)}.</p>}
        <TapButton token={token} step="check-in" label="Check in" disabled={opensLater} onDone={onDone} />
      </div>
    );
  }
  if (pass)
    return (
      <div className="space-y-4">
        <Facts rows={[['Monthly pass', pass.plate]]} />
        <TapButton token={token} step="check-in" label="Check in" onDone={onDone} />
      </div>
    );
  return (
    <div className="space-y-4">
      <p>
        {elsewhere
          ? `Your reservation at ${formatDateTime(elsewhere.startTs)} is at ${elsewhere.lotName}, not here.`
          : 'You have no reservation or monthly pass here now.'}
      </p>
      <Button asChild className="w-full">
        <Link to="/lots/$id" params={{ id: lot.id }}>
          Book a slot here
        </Link>
      </Button>
    </div>
  );
}

/** The exit: the open stay, what leaving now costs, and the button that pays it from the wallet. */
function Exit({ view, token, onDone }: { view: TapView; token: string; onDone: (done: Done) => void }) {
  const { stay } = view;
  if (!stay) return <p>You have no stay open here. If you are leaving, see the attendant.</p>;
  const amountCents = stay.amountCents ?? 0;
  return (
    <div className="space-y-4">
      <Facts
        rows={[
          ['Plate', stay.plate],
          ['Entered', formatDateTime(stay.entryTs)],
          ['To pay now', amountCents ? `${formatPeso(amountCents)} · ${stay.what}` : 'Nothing more'],
        ]}
      />
      {amountCents > 0 && <p className="text-sm text-muted-foreground">Checking out pays {formatPeso(amountCents)} from your wallet.</p>}
      <TapButton
        token={token}
        step="check-out"
        label={amountCents ? `Check out · ${formatPeso(amountCents)}` : 'Check out'}
        shownCents={amountCents}
        onDone={onDone}
      />
    </div>
  );
}

export function TapPage({ token }: { token: string }) {
  const { data: view } = useSuspenseQuery(tapQuery(token));
  const [done, setDone] = useState<Done | null>(null);
  const entrance = view.kind === 'entrance';
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <Card className="space-y-5">
        <header>
          <p className="text-sm font-medium text-primary">{entrance ? 'Entrance' : 'Exit'}</p>
          <h1 className="text-2xl font-bold">{view.lot.name}</h1>
          {view.lot.address && <p className="text-sm text-muted-foreground">{view.lot.address}</p>}
        </header>
        {done ? (
          <DonePanel done={done} lotName={view.lot.name} />
        ) : entrance ? (
          <Entrance view={view} token={token} onDone={setDone} />
        ) : (
          <Exit view={view} token={token} onDone={setDone} />
        )}
      </Card>
    </main>
  );
}
