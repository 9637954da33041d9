import { cn } from '../../components/ui/cn';
import type { FindParkingSearch } from './find-parking-search';
import type { ChangeSearch } from './search-bar';

const VEHICLES = [
  { label: 'Car', vehicle: undefined },
  { label: 'Motorcycle', vehicle: 'motorcycle' },
] as const;

/** Car (the default) or Motorcycle: the lots listed have a slot for it, priced at its rate. */
export function VehicleChoice({ search, change }: { search: FindParkingSearch; change: ChangeSearch }) {
  return (
    <fieldset className="inline-flex rounded-full border border-border p-0.5">
      <legend className="sr-only">Vehicle</legend>
      {VEHICLES.map(({ label, vehicle }) => (
        <label
          key={label}
          className={cn(
            'cursor-pointer rounded-full px-3 py-0.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            search.vehicle === vehicle && 'bg-brand text-brand-foreground',
          )}
        >
          <input
            type="radio"
            name="vehicle"
            className="sr-only"
            checked={search.vehicle === vehicle}
            onChange={() => change({ vehicle })}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
