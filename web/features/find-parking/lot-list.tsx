import { useInfiniteQuery } from '@tanstack/react-query';
import { SORTS, type Sort } from '../../../core/suggestions';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/field';
import { lotsQuery, type DriverLot, type LotSearch } from '../../lib/booking';
import { loadedItems } from '../../lib/pages';
import { SORT_LABELS, type SearchedVehicle } from './find-parking-search';
import { LotCard } from './lot-card';

/** The list's order: nearest first, cheapest first or Best for you (docs/search.md), kept in the URL as `sort`. */
export function SortControl({ sort, onChange }: { sort: Sort; onChange: (sort: Sort) => void }) {
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

/** What is in view is read again every 60 s, from search's cached read model. */
export const useLotsFound = (query: LotSearch) => useInfiniteQuery({ ...lotsQuery(query), refetchInterval: 60_000 });

type LotsFound = ReturnType<typeof useLotsFound>;

/** The lots found, a page at a time: a skeleton while the first page loads, what failed, or none found. */
export function LotList({
  lotsFound,
  vehicle,
  onReserve,
}: {
  lotsFound: LotsFound;
  /** The vehicle searched for, carried to each lot's page. */
  vehicle?: SearchedVehicle;
  onReserve: (lot: DriverLot) => void;
}) {
  const lots = loadedItems(lotsFound.data);
  const { isPending: isLoading, isError, error } = lotsFound;
  return (
    <>
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
            <LotCard key={lot.id} lot={lot} vehicle={vehicle} onReserve={() => onReserve(lot)} />
          ))}
          {lotsFound.hasNextPage && (
            <Button variant="outline" className="w-full" disabled={lotsFound.isFetchingNextPage} onClick={() => lotsFound.fetchNextPage()}>
              {lotsFound.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
