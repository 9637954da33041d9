import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { LocateFixed, Search, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { DURATION_HOURS } from '../../../core/booking';
import { PLACES } from '../../../core/places';
import { SORTS, type Sort } from '../../../core/suggestions';
import { nextQuarterHour, toManilaInput } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ArrivalInput, Field, Input, Select } from '../../components/ui/field';
import { cn } from '../../components/ui/cn';
import { preferencesQuery } from '../../lib/account';
import { lotsQuery, type DriverLot } from '../../lib/booking';
import { useIdleAfter } from '../../lib/idle';
import { loadedItems } from '../../lib/pages';
import { BookingPending } from '../booking/booking-pending';
import { FIND_PARKING_MAIN, FindParkingHeading } from './find-parking-shell';
import { LotCard } from './lot-card';
import { FILTERS, lotQueryOf, mapViewOf, SORT_LABELS, whereOf, windowOf, type Filter, type FindParkingSearch } from './find-parking-search';

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
  const [locationText, setLocationText] = useState(where.label);
  // The box follows the URL: a search opened from a link, or restored by the back button.
  useEffect(() => setLocationText(where.label), [where.label]);
  const [defaultArrival] = useState(() => toManilaInput(nextQuarterHour()));
  const when = search.arrive ?? defaultArrival;
  const [booking, setBooking] = useState<DriverLot | null>(null);
  const { start, hours } = windowOf(search, prefs?.defaultDuration, defaultArrival);
  const filters = (Object.keys(FILTERS) as Filter[]).filter((filter) => search[filter]);

  // What is in view is read again every 60 s, from search's cached read model.
  const lotsFound = useInfiniteQuery({
    ...lotsQuery(lotQueryOf(search, { start, hours })),
    refetchInterval: 60_000,
  });
  const lots = loadedItems(lotsFound.data);
  const { isPending: isLoading, isError, error } = lotsFound;
  useEffect(() => void loadMap(), []);
  const mapShown = useIdleAfter(!isLoading);

  /** A new search is a new history entry; moving the map only updates the current one. */
  const change = (next: Partial<FindParkingSearch>, replace = false) =>
    navigate({ search: (current) => ({ ...current, ...next }), replace });
  const toggle = (filter: Filter) => change({ [filter]: search[filter] ? undefined : true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({ place: locationText.trim(), at: undefined, bbox: undefined });
  };
  const locate = () =>
    navigator.geolocation?.getCurrentPosition((position) => {
      change({
        place: 'My location',
        at: `${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`,
        bbox: undefined,
      });
    });

  return (
    <main className={FIND_PARKING_MAIN}>
      <FindParkingHeading />
      <Card className="p-4">
        <form onSubmit={submit} className="grid gap-3 md:grid-cols-[2fr_1.3fr_1fr_auto] md:items-end">
          <Field label="Location" htmlFor="search-location">
            <div className="flex gap-2">
              <Input
                id="search-location"
                list="manila-places"
                value={locationText}
                onChange={(e) => setLocationText(e.target.value)}
                placeholder="Place, lot name or street"
              />
              <Button type="button" variant="outline" size="icon" aria-label="Use my location" onClick={locate}>
                <LocateFixed className="h-4 w-4" />
              </Button>
            </div>
            <datalist id="manila-places">
              {PLACES.map((place) => (
                <option key={place.name} value={place.name} />
              ))}
            </datalist>
          </Field>
          <Field label="Arrival" htmlFor="search-when">
            <ArrivalInput id="search-when" value={when} onChange={(arrive) => change({ arrive }, true)} />
          </Field>
          <Field label="Duration" htmlFor="search-duration">
            <Select id="search-duration" value={hours} onChange={(e) => change({ hours: Number(e.target.value) }, true)}>
              {DURATION_HOURS.map((h) => (
                <option key={h} value={h}>
                  {h === 24 ? 'All day' : `${h} hour${h > 1 ? 's' : ''}`}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit">
            <Search className="h-4 w-4" /> Search
          </Button>
        </form>
        <fieldset className="mt-3 flex min-w-0 flex-wrap gap-2" aria-label="Filters">
          {(Object.keys(FILTERS) as Filter[]).map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={!!search[filter]}
              onClick={() => toggle(filter)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                search[filter] ? 'border-brand bg-brand text-brand-foreground' : 'border-border',
              )}
            >
              {FILTERS[filter]}
            </button>
          ))}
        </fieldset>
        {filters.length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            {filters.map((filter) => (
              <span key={filter} className="flex items-center gap-1 rounded-full bg-muted px-3 py-1">
                {FILTERS[filter]}
                <button type="button" aria-label={`Remove ${FILTERS[filter]}`} onClick={() => toggle(filter)}>
                  <X className="h-3 w-3" />
                </button>
              </span>
            ))}
            <button
              type="button"
              className="font-medium text-brand"
              onClick={() => change({ openNow: undefined, accessible: undefined, ev: undefined, under100: undefined })}
            >
              Clear all
            </button>
          </div>
        )}
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
          {isError && <p className="text-destructive">{error.message}</p>}
          {isLoading ? (
            <div className="space-y-3" role="status" aria-label="Loading lots">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-36 animate-pulse rounded-xl bg-muted" />
              ))}
            </div>
          ) : lots.length === 0 ? (
            <Card className="text-center text-muted-foreground">No parking lots found matching your criteria.</Card>
          ) : (
            <div className="space-y-3">
              {lots.map((lot) => (
                <LotCard key={lot.id} lot={lot} onReserve={() => setBooking(lot)} />
              ))}
              {lotsFound.hasNextPage && (
                <Button
                  variant="outline"
                  className="w-full"
                  disabled={lotsFound.isFetchingNextPage}
                  onClick={() => lotsFound.fetchNextPage()}
                >
                  {lotsFound.isFetchingNextPage ? 'Loading…' : 'Show more'}
                </Button>
              )}
            </div>
          )}
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
            onClose={() => setBooking(null)}
          />
        </Suspense>
      )}
    </main>
  );
}

/** The list's order: nearest first, cheapest first or Best for you (docs/search.md), kept in the URL as `sort`. */
function SortControl({ sort, onChange }: { sort: Sort; onChange: (sort: Sort) => void }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="search-sort" className="text-muted-foreground">
        Sort by
      </label>
      <Select id="search-sort" className="w-auto" value={sort} onChange={(e) => onChange(e.target.value as Sort)}>
        {SORTS.map((choice) => (
          <option key={choice} value={choice}>
            {SORT_LABELS[choice]}
          </option>
        ))}
      </Select>
    </div>
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
