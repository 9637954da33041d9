import type { SearchedVehicle } from '../find-parking/find-parking-search';
import { SUPPORT } from '../../../core/support';
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatPeso } from '../../../core/money';
import { fromManilaInput, nextQuarterHour, toManilaInput } from '../../../core/time';
import { Directions } from '../../components/directions';
import { useLiveLot } from '../../lib/live';
import { lotQuery, platformRulesQuery } from '../../lib/booking';
import { BookingDialog } from '../booking/booking-dialog';
import { BookingPending } from '../booking/booking-pending';
import { AvailabilityBadge } from '../find-parking/lot-card';
import { LotPassesCard } from '../monthly-passes/lot-passes-card';
import { LotReviews } from '../reviews/lot-reviews';
import { LotRating } from '../reviews/stars';
import { driverHoursLabel } from '../../../core/booking';
import { lotAmenities, lotHours } from '../../../core/lot-json';
import { hourlyCentsOf } from '../../../core/search';
import { HoursAndRules, LiveAvailability, QuickReserve } from './lot-cards';
import { RateCardCard } from './rate-card-card';

const AMENITY_LABELS = { accessible: 'Accessible', evCharging: 'EV Charging', security: 'Security', covered: 'Covered' } as const;
const LotReportsCard = lazy(() => import('../lot-issues/lot-reports-card'));

/** A lot's detail; availability follows the lot live (every 10 s while the live connection is down), so a driver picks from spaces that are still free. */
export function LotPage({ id, vehicle }: { id: string; vehicle?: SearchedVehicle }) {
  const [when, setWhen] = useState(() => toManilaInput(nextQuarterHour()));
  const [hours, setHours] = useState<number | null>(null);
  const [booking, setBooking] = useState(false);
  const start = fromManilaInput(when);
  // The route's loader read the lot (live figures); its own polling is the window's below.
  const { data: loaded } = useSuspenseQuery({ ...lotQuery(id), refetchInterval: false });
  const { freeCancelMinutes, noShowGraceMinutes } = useSuspenseQuery(platformRulesQuery).data;
  // Availability and price are for the window being booked; the last figures stay while a new window loads.
  // Every change at the lot arrives live and re-reads the window; polling is the fallback while the socket is down.
  const live = useLiveLot(id, [['/api/lots', id]]);
  const windowed = useQuery({
    ...lotQuery(id, { start, durationHours: String(hours ?? 1) }),
    placeholderData: keepPreviousData,
    refetchInterval: live === 'live' ? false : 10_000,
  });
  const lot = windowed.data ?? loaded;
  const isPlaceholderData = windowed.isPlaceholderData || !windowed.data;
  const amenities = lotAmenities(lot);
  const { free, total } = lot.availability;

  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-3xl font-bold">{lot.name}</h1>
      <p className="text-muted-foreground">
        {lot.address} · {lot.geoLat.toFixed(4)}, {lot.geoLng.toFixed(4)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Directions lot={lot} lotName={lot.name} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <span className="font-bold">{formatPeso(hourlyCentsOf(lot.availability.quote))}/hr</span>
        <span className="text-sm">{driverHoursLabel(lotHours(lot), new Date())}</span>
        <AvailabilityBadge free={free} total={total} />
        {(Object.keys(AMENITY_LABELS) as (keyof typeof AMENITY_LABELS)[])
          .filter((key) => amenities[key])
          .map((key) => (
            <span key={key} className="rounded-full bg-muted px-2 py-0.5 text-xs">
              {AMENITY_LABELS[key]}
            </span>
          ))}
        <LotRating rating={lot.rating} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <LiveAvailability lot={lot} live={live} at={start} />
          <LotReviews lotId={lot.id} />
          <HoursAndRules lot={lot} noShowGraceMinutes={noShowGraceMinutes} />
        </div>
        <div className="space-y-6">
          <QuickReserve
            lot={lot}
            vehicle={vehicle}
            window={{ when, start, hours }}
            onWhen={setWhen}
            onHours={setHours}
            canReserve={!isPlaceholderData}
            freeCancelMinutes={freeCancelMinutes}
            onReserve={() => setBooking(true)}
          />
          <RateCardCard lot={lot} />
          <LotPassesCard lotId={lot.id} />
          {/* Report an Issue goes to the lot's staff (docs/gate.md, Driver reports); its dialog and list load on their own. */}
          <Suspense fallback={null}>
            <LotReportsCard
              lotId={lot.id}
              lotName={lot.name}
              intro={`Parkada support, ${SUPPORT.hours}, at ${SUPPORT.email} or on the Help page. A problem at the lot goes straight to its staff, who reply here.`}
            />
          </Suspense>
        </div>
      </div>
      {booking && hours && (
        <Suspense fallback={<BookingPending />}>
          <BookingDialog lot={lot} start={start} durationHours={hours} vehicleType={vehicle} onClose={() => setBooking(false)} />
        </Suspense>
      )}
    </main>
  );
}
