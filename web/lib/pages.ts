import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page } from '../../core/paging';

type FetchPage<T> = (cursor: string | undefined, limit?: number) => Promise<Page<T>>;

/** A paged list as an infinite query: each page asks from the previous page's `nextCursor`. */
export const pagedQuery = <T, Key extends QueryKey>(queryKey: Key, fetchPage: FetchPage<T>) =>
  infiniteQueryOptions({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (page: Page<T>) => page.nextCursor ?? undefined,
  });

/** The items of the pages loaded so far, in order. */
export const loadedItems = <T>(data: { pages: Page<T>[] } | undefined): T[] => data?.pages.flatMap((page) => page.items) ?? [];

/** Every item of a list, read in pages of the largest size: for exports that must not stop at what is on screen. */
export async function allItems<T>(fetchPage: FetchPage<T>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor, MAX_PAGE_SIZE);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
