import { useQuery } from '@tanstack/react-query';
import { LocateFixed, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DURATION_HOURS } from '../../../core/booking';
import { areaNamed, MANILA_AREAS, MANILA_CENTER } from '../../../core/geo';
import { fromManilaInput, nextQuarterHour, toManilaInput } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ArrivalInput, Field, Input, Select } from '../../components/ui/field';
import { cn } from '../../components/ui/cn';
import { preferencesQuery } from '../../lib/account';
import { lotsQuery, type DriverLot, type LotSearch } from '../../lib/booking';
import { BookingDialog } from '../booking/booking-dialog';
import { LotCard } from './lot-card';
import { LotMap } from './lot-map';

const FILTERS = { openNow: 'Open Now', accessible: 'Accessible', ev: 'EV Charging', under100: 'Under ₱100/hr' } as const;
type Filter = keyof typeof FILTERS;

/** Where the search is centred: a named area, the device's position, or Manila with a text search. */
type Place = { label: string; point: [number, number]; q?: string };
const placeFor = (text: string): Place => {
  const area = areaNamed(text);
  if (area) return { label: area.name, point: area.point };
  return { label: text, point: MANILA_CENTER, q: text.trim() || undefined };
};

/** Spec 2.4 Find Parking, searching real availability for the chosen window. */
export function FindParkingPage() {
  const { data: prefs } = useQuery(preferencesQuery);
  const [locationText, setLocationText] = useState('Downtown Manila');
  const [place, setPlace] = useState<Place>(placeFor('Downtown Manila'));
  const [when, setWhen] = useState(() => toManilaInput(nextQuarterHour()));
  const [duration, setDuration] = useState<number | null>(null);
  const [filters, setFilters] = useState<Set<Filter>>(new Set());
  const [booking, setBooking] = useState<DriverLot | null>(null);
  const hours = duration ?? Number(prefs?.defaultDuration ?? 2);
  const start = fromManilaInput(when);

  const query: LotSearch = {
    start,
    durationHours: String(hours),
    near: place.point.join(','),
    q: place.q,
    ...(filters.has('openNow') && { openNow: 'true' }),
    ...(filters.has('accessible') && { accessible: 'true' }),
    ...(filters.has('ev') && { ev: 'true' }),
    ...(filters.has('under100') && { maxPriceCents: '10000' }),
  };
  const { data, isLoading, isError, error } = useQuery(lotsQuery(query));
  const lots = data?.items ?? [];

  const toggle = (filter: Filter) =>
    setFilters((current) => {
      const next = new Set(current);
      if (!next.delete(filter)) next.add(filter);
      return next;
    });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPlace(placeFor(locationText));
  };
  const locate = () =>
    navigator.geolocation?.getCurrentPosition((position) => {
      setLocationText('My location');
      setPlace({ label: 'My location', point: [position.coords.latitude, position.coords.longitude] });
    });

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-3xl font-bold">Find Parking</h1>
      <Card className="p-4">
        <form onSubmit={search} className="grid gap-3 md:grid-cols-[2fr_1.3fr_1fr_auto] md:items-end">
          <Field label="Location" htmlFor="search-location">
            <div className="flex gap-2">
              <Input id="search-location" list="manila-areas" value={locationText} onChange={(e) => setLocationText(e.target.value)} placeholder="Area, lot name or street" />
              <Button type="button" variant="outline" size="icon" aria-label="Use my location" onClick={locate}>
                <LocateFixed className="h-4 w-4" />
              </Button>
            </div>
            <datalist id="manila-areas">
              {MANILA_AREAS.map((area) => (
                <option key={area.name} value={area.name} />
              ))}
            </datalist>
          </Field>
          <Field label="Arrival" htmlFor="search-when">
            <ArrivalInput id="search-when" value={when} onChange={setWhen} />
          </Field>
          <Field label="Duration" htmlFor="search-duration">
            <Select id="search-duration" value={hours} onChange={(e) => setDuration(Number(e.target.value))}>
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
        <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Filters">
          {(Object.keys(FILTERS) as Filter[]).map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={filters.has(filter)}
              onClick={() => toggle(filter)}
              className={cn('rounded-full border px-3 py-1 text-sm', filters.has(filter) ? 'border-brand bg-brand text-white' : 'border-border')}
            >
              {FILTERS[filter]}
            </button>
          ))}
        </div>
        {filters.size > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            {[...filters].map((filter) => (
              <span key={filter} className="flex items-center gap-1 rounded-full bg-muted px-3 py-1">
                {FILTERS[filter]}
                <button type="button" aria-label={`Remove ${FILTERS[filter]}`} onClick={() => toggle(filter)}>
                  <X className="h-3 w-3" />
                </button>
              </span>
            ))}
            <button type="button" className="font-medium text-brand" onClick={() => setFilters(new Set())}>
              Clear all
            </button>
          </div>
        )}
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1fr]">
        <LotMap center={place.point} lots={lots} onSelect={setBooking} />
        <section aria-label="Nearby Parking Lots">
          <h2 className="mb-3 text-xl font-semibold">
            Nearby Parking Lots <span className="text-muted-foreground">({lots.length})</span>
          </h2>
          {isError && <p className="text-destructive">{error.message}</p>}
          {isLoading ? (
            <div className="space-y-3" aria-label="Loading lots">
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
            </div>
          )}
        </section>
      </div>
      <BookingDialog
        key={booking?.id}
        lot={booking}
        start={start}
        durationHours={hours}
        needs={{ accessible: filters.has('accessible'), ev: filters.has('ev') }}
        onClose={() => setBooking(null)}
      />
    </main>
  );
}
