import { Button } from './button';

type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The button under a paged list; gone once the last page is loaded. */
export function LoadMore({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="outline" size="sm" className="mt-3 w-full" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
      {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
    </Button>
  );
}
