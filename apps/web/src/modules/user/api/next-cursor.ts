/**
 * The next page of an infinite user list: the answer's `next_cursor`, until the server says there is none or a page
 * comes back empty (§4: scrolling loads pages until an empty one).
 */
export const nextCursorOf = (page: { data: readonly unknown[]; next_cursor: string | null }): string | undefined =>
  page.data.length > 0 && page.next_cursor ? page.next_cursor : undefined;
