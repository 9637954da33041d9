import { LocateFixed, Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { DURATION_HOURS } from '../../../core/booking';
import { PLACES } from '../../../core/places';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ArrivalInput, Field, Input, Select } from '../../components/ui/field';
import { FILTERS, type Filter, type FindParkingSearch } from './find-parking-search';
import { VehicleChoice } from './vehicle-choice';

/** Changes the search in the URL: a new search is a new history entry, `replace` only updates the current one. */
export type ChangeSearch = (next: Partial<FindParkingSearch>, replace?: boolean) => void;

/** Where, when and how long: the place typed is searched on submit, the arrival and the duration at once. */
export function SearchForm({ place, when, hours, change }: { place: string; when: string; hours: number; change: ChangeSearch }) {
  const [locationText, setLocationText] = useState(place);
  // The box follows the URL: a search opened from a link, or restored by the back button.
  useEffect(() => setLocationText(place), [place]);
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
  );
}

/** The filters as toggles, and those on as chips with a Remove each and Clear all. */
export function FilterBar({ search, change }: { search: FindParkingSearch; change: ChangeSearch }) {
  const filters = (Object.keys(FILTERS) as Filter[]).filter((filter) => search[filter]);
  const toggle = (filter: Filter) => change({ [filter]: search[filter] ? undefined : true });
  return (
    <>
      <fieldset className="mt-3 flex min-w-0 flex-wrap gap-2" aria-label="Filters">
        <VehicleChoice search={search} change={change} />
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
    </>
  );
}
