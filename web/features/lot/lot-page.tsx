import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { mapLevel, MAP_COLORS } from '../../../core/availability';
import { DURATION_HOURS, WEEKDAYS } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { quote } from '../../../core/pricing';
import { formatDateTime, formatTime, fromManilaInput, nextQuarterHour, toManilaInput } from '../../../core/time';
import { Directions } from '../../components/directions';
import { LiveStatusBadge } from '../../components/live-status';
import { useLiveLot } from '../../lib/live';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ArrivalInput, Field } from '../../components/ui/field';
import { cn } from '../../components/ui/cn';
import { lotForecastQuery, lotQuery, platformRulesQuery } from '../../lib/booking';
import { forecastText } from '../../../core/forecast';
import { BookingDialog } from '../booking/booking-dialog';
import { BookingPending } from '../booking/booking-pending';
import { AvailabilityBadge } from '../find-parking/lot-card';
import { LotPassesCard } from '../monthly-passes/lot-passes-card';
import { LotReviews } from '../reviews/lot-reviews';
import { LotRating } from '../reviews/stars';
import { lotAmenities, lotHours, lotRules } from '../../../core/lot-json';
import { HOUR_MS } from '../../../core/time';
import { lotUnavailable } from '../../../core/lot-sale';

const AMENITY_LABELS = { accessible: 'Accessible', evCharging: 'EV Charging', security: 'Security', covered: 'Covered' } as const;
const LotReportsCard = lazy(() => import('../lot-issues/lot-reports-card'));

/** A lot's detail; availability follows the lot live (every 10 s while the live connection is down), so a driver picks from spaces that are still free. */
export function LotPage({ id }: { id: string }) {
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
  const hoursByDay = lotHours(lot);
  const rules = lotRules(lot);
  const { free, total } = lot.availability;
  const percent = total ? Math.round(((total - free) / total) * 100) : 100;

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
        <span className="font-bold">{formatPeso(lot.pricing.baseRateCents)}/hr</span>
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
          <Card>
            <h2 className="mb-3 flex items-center justify-between gap-2 font-semibold">
              Live Availability <LiveStatusBadge status={live} />
            </h2>
            <p className="text-3xl font-bold" data-testid="lot-free">
              {free} <span className="text-base font-normal text-muted-foreground">of {total} slots free</span>
            </p>
            <div className="mt-3 h-2 rounded-full bg-muted" role="img" aria-label={`${percent}% occupied`}>
              <div className="h-2 rounded-full" style={{ width: `${percent}%`, backgroundColor: MAP_COLORS[mapLevel(free, total)] }} />
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              {percent}% occupied {formatDateTime(lot.availability.window.start)} – {formatTime(lot.availability.window.end)}
            </p>
            <UsualAvailability lotId={id} at={start} />
          </Card>
          <LotReviews lotId={lot.id} />
          <Card className="render-when-near">
            <h2 className="mb-3 font-semibold">Operating Hours</h2>
            <dl className="grid grid-cols-2 gap-1 text-sm">
              {WEEKDAYS.map((day) => (
                <div key={day} className="contents">
                  <dt className="capitalize text-muted-foreground">{day}</dt>
                  <dd>{hoursByDay[day] ? `${hoursByDay[day].open} – ${hoursByDay[day].close}` : 'Closed'}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card className="render-when-near">
            <h2 className="mb-3 font-semibold">Rules</h2>
            <ul className="space-y-1 text-sm">
              <li>Maximum stay: {rules.maxDuration ?? 24} hours</li>
              <li>Overnight parking: {rules.allowOvernight ? 'Allowed' : 'Not Allowed'}</li>
              <li>Vehicles: {(rules.vehicleTypes ?? ['car']).join(', ')}</li>
              <li>Show your QR pass at the gate; arrive within {noShowGraceMinutes} minutes of your start time.</li>
            </ul>
          </Card>
        </div>
        <div className="space-y-6">
          <Card>
            <h2 className="mb-3 font-semibold">Quick Reserve</h2>
            <div className="mb-3">
              <Field label="Arrival" htmlFor="quick-when">
                <ArrivalInput id="quick-when" value={when} onChange={setWhen} />
              </Field>
            </div>
            <div className="grid grid-cols-2 gap-2">
              {DURATION_HOURS.filter((h) => h <= (rules.maxDuration ?? 24) && h < 24).map((h) => (
                <button
                  key={h}
                  type="button"
                  aria-pressed={hours === h}
                  onClick={() => setHours(h)}
                  className={cn('rounded-lg border p-2 text-sm', hours === h ? 'border-brand bg-brand/10' : 'border-border')}
                >
                  <span className="block font-semibold">
                    {h} hour{h > 1 ? 's' : ''}
                  </span>
                  {formatPeso(quote(lot.pricing, h * HOUR_MS, Date.parse(start)).totalCents)}
                </button>
              ))}
            </div>
            {lot.availability.problem && <p className="mt-3 text-sm text-amber-700 dark:text-amber-400">{lot.availability.problem}</p>}
            {!lot.onSale && <p className="mt-3 text-sm text-amber-700 dark:text-amber-400">{lotUnavailable(lot.name)}</p>}
            <Button
              className="mt-4 w-full"
              disabled={isPlaceholderData || free <= 0 || hours === null || !!lot.availability.problem || !lot.onSale}
              onClick={() => setBooking(true)}
            >
              {free <= 0 ? 'Currently Full' : 'Reserve Now'}
            </Button>
            <p className="mt-2 text-xs text-muted-foreground">
              No booking fees • Free cancellation up to {freeCancelMinutes} minutes before arrival
            </p>
          </Card>
          <LotPassesCard lotId={lot.id} />
          {/* Report an Issue goes to the lot's staff (docs/gate.md, Driver reports); its dialog and list load on their own. */}
          <Suspense fallback={null}>
            <LotReportsCard
              lotId={lot.id}
              lotName={lot.name}
              intro="Parkada support, 7 AM – 10 PM daily, at support@parkada.ph. A problem at the lot goes straight to its staff, who reply here."
            />
          </Suspense>
        </div>
      </div>
      {booking && hours && (
        <Suspense fallback={<BookingPending />}>
          <BookingDialog lot={lot} start={start} durationHours={hours} onClose={() => setBooking(false)} />
        </Suspense>
      )}
    </main>
  );
}

/** "Usually N of M free at 18:00 on Fridays" for the arrival chosen, from the lot's own history; nothing while it loads or if it fails. */
function UsualAvailability({ lotId, at }: { lotId: string; at: string }) {
  const { data } = useQuery({ ...lotForecastQuery(lotId, at), placeholderData: keepPreviousData });
  if (!data) return null;
  return (
    <p className="mt-2 text-sm" data-testid="lot-forecast">
      {forecastText(data)}
    </p>
  );
}
