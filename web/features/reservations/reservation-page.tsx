import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Download, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Directions } from '../../components/directions';
import { billedHours } from '../../../core/pricing';
import { remainingTime } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { hasPass } from '../../../core/passes';
import { formatDateTime, formatTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { passQuery, platformRulesQuery, reservationQuery } from '../../lib/booking';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { QrPass, QrPending, savePassImage } from './qr-pass';
import { ReservationActions } from './reservation-actions';
import { StatusBadge } from './status-badge';
import { StayValidation } from './stay-validation';
import { passIdOf } from '../../../core/booking';
import { RateStayButton } from '../reviews/rate-stay';

const LotReportsCard = lazy(() => import('../lot-issues/lot-reports-card'));

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="flex justify-between gap-4 py-1.5">
    <dt className="text-muted-foreground">{label}</dt>
    <dd className="text-right font-medium">{value}</dd>
  </div>
);

async function share(passId: string) {
  const url = window.location.href;
  if (navigator.share) {
    await navigator.share({ title: `Parkada pass ${passId}`, url }).catch(() => undefined);
  } else {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The reservation link is on your clipboard.' });
  }
}

/** A reservation: the signed pass the gate scans, the details, and what the driver can still do. */
export function ReservationPage({
  id,
  extendOpen = false,
  reviewOpen = false,
}: {
  id: string;
  extendOpen?: boolean;
  reviewOpen?: boolean;
}) {
  const now = useMinuteClock();
  const { data: reservation } = useSuspenseQuery(reservationQuery(id));
  const { noShowGraceMinutes } = useSuspenseQuery(platformRulesQuery).data;
  const live = hasPass(reservation.status);
  const { data: pass } = useQuery({ ...passQuery(id), enabled: live });
  const [passDrawn, setPassDrawn] = useState(false);
  const hours = billedHours(new Date(reservation.endTs).getTime() - new Date(reservation.startTs).getTime());
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Reservation {reservation.passId}</h1>
        <StatusBadge status={reservation.status} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="text-center">
          <h2 className="mb-3 font-semibold">QR Pass</h2>
          {!live ? (
            <p className="py-16 text-muted-foreground">This pass is no longer valid.</p>
          ) : pass ? (
            <QrPass token={pass.token} passId={pass.passId} onDrawn={() => setPassDrawn(true)} />
          ) : (
            <QrPending />
          )}
          <p className="mt-3 text-lg font-bold">{reservation.lotName}</p>
          <p className="text-sm text-muted-foreground">
            Slot {reservation.slotLabel ?? '—'}
            {reservation.slotLevel ? ` · Level ${reservation.slotLevel}` : ''} · {reservation.vehiclePlate}
          </p>
          <p className="text-sm">
            {formatDateTime(reservation.startTs)} – {formatTime(reservation.endTs)}
          </p>
          <p className="mt-1 font-semibold">{formatPeso(reservation.amountCents)}</p>
          {live && <p className="text-sm text-muted-foreground">Time remaining: {remainingTime(reservation.endTs, now)}</p>}
          <p className="mt-2 font-mono text-sm">Pass ID {reservation.passId}</p>
          <div className="mt-4 flex justify-center gap-2">
            <Button variant="outline" size="sm" onClick={() => share(reservation.passId)}>
              <Share2 className="h-4 w-4" /> Share
            </Button>
            <Button
              variant="outline"
              size="sm"
              // Saves the drawn code: not before it is drawn.
              disabled={!live || !passDrawn}
              onClick={() =>
                savePassImage({
                  passId: reservation.passId,
                  lotName: reservation.lotName,
                  plate: reservation.vehiclePlate ?? '',
                  slot: reservation.slotLabel ?? '—',
                  window: `${formatDateTime(reservation.startTs)} – ${formatTime(reservation.endTs)}`,
                })
              }
            >
              <Download className="h-4 w-4" /> Save
            </Button>
          </div>
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="mb-2 font-semibold">Details</h2>
            <dl className="text-sm">
              <Row label="Reservation" value={passIdOf(reservation.id)} />
              <Row label="Booked on" value={formatDateTime(reservation.createdAt)} />
              <Row label="Start" value={formatDateTime(reservation.startTs)} />
              <Row label="End" value={formatDateTime(reservation.endTs)} />
              <Row label="Duration" value={`${hours} hour${hours > 1 ? 's' : ''}`} />
              <Row label="Total" value={formatPeso(reservation.amountCents)} />
              <Row label="Lot" value={`${reservation.lotName} (${reservation.geoLat.toFixed(4)}, ${reservation.geoLng.toFixed(4)})`} />
              <Row
                label="Slot"
                value={`${reservation.slotLabel ?? '—'}${reservation.slotLevel ? `, level ${reservation.slotLevel}` : ''}`}
              />
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Directions lot={reservation} lotName={reservation.lotName} />
              <ReservationActions reservation={reservation} extendOpen={extendOpen} />
              {reservation.status === 'COMPLETED' && <RateStayButton id={reservation.id} initiallyOpen={reviewOpen} />}
            </div>
          </Card>
          {reservation.status === 'ACTIVE' && <StayValidation reservationId={reservation.id} />}
          <Card className="render-when-near">
            <h2 className="mb-2 font-semibold">Check-in</h2>
            <ol className="list-inside list-decimal space-y-1 text-sm">
              <li>Drive to {reservation.lotName} and stop at the entrance gate.</li>
              <li>Show this QR pass to the attendant or the scanner.</li>
              <li>Park in slot {reservation.slotLabel ?? 'assigned at the gate'}.</li>
              <li>Leave before the end time, or extend from this page.</li>
            </ol>
            <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-200">
              Arrive within {noShowGraceMinutes} minutes of your start time, or the reservation is cancelled automatically.
            </p>
          </Card>
          <Suspense fallback={null}>
            <LotReportsCard
              lotId={reservation.lotId}
              lotName={reservation.lotName}
              reservationId={reservation.id}
              title="Problem at the Lot?"
              intro="Slot taken, entrance blocked, anything else: the lot's staff see it at the gate and reply here."
            />
          </Suspense>
        </div>
      </div>
    </main>
  );
}
