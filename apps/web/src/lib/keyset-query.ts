import { useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** One answer of a keyset list: the filter's whole `count`, a page of rows, and where the next page starts. */
export interface KeysetPage<T> {
  count: number;
  data: T[];
  next_cursor: string | null;
}

/**
 * A list read page after page with the server's `next_cursor` (infinite scroll). `fetchPage` gets the cursor of the
 * page to read, none for the first.
 */
export function useKeysetQuery<T>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined) => Promise<KeysetPage<T>>,
  options: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: KeysetPage<T>) => last.next_cursor ?? undefined,
    enabled: options.enabled,
  });
}

/** Every row loaded so far, in order. */
export const keysetRows = <T>(data: InfiniteData<KeysetPage<T>> | undefined): T[] => data?.pages.flatMap((page) => page.data) ?? [];

/**
 * Puts a changed row in place in every cached list under `prefix` that holds it, so a list of thousands of loaded rows
 * shows the change without reading them all again.
 */
export function replaceKeysetRow<T extends { id: number }>(client: QueryClient, prefix: QueryKey, row: T): void {
  client.setQueriesData<InfiniteData<KeysetPage<T>>>({ queryKey: prefix }, (data) => {
    if (!data?.pages.some((page) => page.data.some((r) => r.id === row.id))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((r) => (r.id === row.id ? row : r)) })) };
  });
}
