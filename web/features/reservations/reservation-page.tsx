import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Directions } from '../../components/directions';
import { billedHours } from '../../../core/pricing';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { Card } from '../../components/ui/card';
import { platformRulesQuery, reservationQuery } from '../../lib/booking';
import { ReservationActions } from './reservation-actions';
import { StatusBadge } from './status-badge';
import { StayValidation } from './stay-validation';
import { passIdOf } from '../../../core/booking';
import { RateStayButton } from '../reviews/rate-stay';
import { InstallCard, useOfflineCopies } from '../pwa/install-card';

const LotReportsCard = lazy(() => import('../lot-issues/lot-reports-card'));

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="flex justify-between gap-4 py-1.5">
    <dt className="text-muted-foreground">{label}</dt>
    <dd className="text-right font-medium">{value}</dd>
  </div>
);

import { PassCard } from './pass-card';

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
  const { data: reservation } = useSuspenseQuery(reservationQuery(id));
  const { noShowGraceMinutes } = useSuspenseQuery(platformRulesQuery).data;
  useOfflineCopies();
  const hours = billedHours(new Date(reservation.endTs).getTime() - new Date(reservation.startTs).getTime());
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Reservation {reservation.passId}</h1>
        <StatusBadge status={reservation.status} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <PassCard reservation={reservation} />
        <div className="space-y-6">
          <InstallCard />
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
