import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { nextQuarterHour, toManilaInput } from '../../../core/time';
import { Card } from '../../components/ui/card';
import { preferencesQuery } from '../../lib/account';
import type { DriverLot } from '../../lib/booking';
import { useIdleAfter } from '../../lib/idle';
import { loadedItems } from '../../lib/pages';
import { BookingPending } from '../booking/booking-pending';
import { LotList, SortControl, useLotsFound } from './lot-list';
import { FilterBar, SearchForm, type ChangeSearch } from './search-bar';
import { FIND_PARKING_MAIN, FindParkingHeading } from './find-parking-shell';
import { lotQueryOf, mapViewOf, whereOf, windowOf } from './find-parking-search';

// The map (Leaflet) and the booking dialog load in chunks of their own, so the search and the list, which
// the driver reads first, do not wait for them (docs/performance.md, web). The map's code is fetched at
// once; the map itself starts when the browser is idle after the list (web/lib/idle.ts).
const loadMap = () => import('./lot-map');
const LotMap = lazy(() => loadMap().then((module) => ({ default: module.LotMap })));
const BookingDialog = lazy(() => import('../booking/booking-dialog').then((module) => ({ default: module.BookingDialog })));

/** Find Parking, searching real availability for the chosen window; the search lives in the URL. */
export function FindParkingPage() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  // Not read with suspense: the search and the list's skeleton paint at once while the loader's prefetch runs.
  const { data: prefs } = useQuery(preferencesQuery);
  const where = whereOf(search);
  const [defaultArrival] = useState(() => toManilaInput(nextQuarterHour()));
  const when = search.arrive ?? defaultArrival;
  const [booking, setBooking] = useState<DriverLot | null>(null);
  const { start, hours } = windowOf(search, prefs?.defaultDuration, defaultArrival);

  const lotsFound = useLotsFound(lotQueryOf(search, { start, hours }));
  const lots = loadedItems(lotsFound.data);
  useEffect(() => void loadMap(), []);
  const mapShown = useIdleAfter(!lotsFound.isPending);

  /** A new search is a new history entry; moving the map only updates the current one. */
  const change: ChangeSearch = (next, replace = false) => navigate({ search: (current) => ({ ...current, ...next }), replace });

  return (
    <main className={FIND_PARKING_MAIN}>
      <FindParkingHeading />
      <Card className="p-4">
        <SearchForm place={where.label} when={when} hours={hours} change={change} />
        <FilterBar search={search} change={change} />
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1fr]">
        {mapShown ? (
          <Suspense fallback={<MapPlaceholder />}>
            <LotMap view={mapViewOf(search)} lots={lots} onSelect={setBooking} onMoved={(bbox) => change({ bbox }, true)} />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
        <section aria-label="Nearby Parking Lots" className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-semibold">
              Nearby Parking Lots{' '}
              <span className="text-muted-foreground" data-testid="lot-count">
                ({lots.length}
                {lotsFound.hasNextPage ? '+' : ''})
              </span>
            </h2>
            <SortControl
              sort={search.sort ?? 'nearest'}
              onChange={(sort) => change({ sort: sort === 'nearest' ? undefined : sort }, true)}
            />
          </div>
          <LotList lotsFound={lotsFound} vehicle={search.vehicle} onReserve={setBooking} />
        </section>
      </div>
      {booking && (
        <Suspense fallback={<BookingPending />}>
          <BookingDialog
            key={booking.id}
            lot={booking}
            start={start}
            durationHours={hours}
            needs={{ accessible: !!search.accessible, ev: !!search.ev }}
            vehicleType={search.vehicle}
            onClose={() => setBooking(null)}
          />
        </Suspense>
      )}
    </main>
  );
}

/** The map's place while its code loads: the same size, so nothing moves when it arrives. */
const MapPlaceholder = () => (
  <div
    role="status"
    aria-label="Loading map"
    className="h-[calc(18rem+2.5rem)] animate-pulse rounded-xl bg-muted lg:h-[calc(24rem+2.5rem)]"
  />
);
