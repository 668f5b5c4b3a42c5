import { Grid } from 'antd';

/**
 * Narrower than antd's `md` breakpoint (768 px): a phone. Tables keep one pinned column, filters fold into a drawer and
 * label / value details take one column (docs/ui-conventions.md). Until antd has measured the window (the first
 * render), this answers "not narrow"; antd measures before the first paint.
 */
export function useNarrowScreen(): boolean {
  return Grid.useBreakpoint().md === false;
}

type Pin = 'start' | 'end' | 'left' | 'right' | boolean | undefined;
const pinnedToEnd = (fixed: Pin) => fixed === 'right' || fixed === 'end';
const pinnedToStart = (fixed: Pin) => fixed === 'left' || fixed === 'start' || fixed === true;

/**
 * A table's columns for a phone: at most one stays pinned, so pinned columns never cover each other or the rest. That
 * is the last column pinned to the end (the row's actions, which must stay in reach), else the first pinned to the start;
 * the others scroll with the rows.
 */
export function withOnePinnedColumn<C extends { fixed?: Pin }>(columns: readonly C[]): C[] {
  const kept = columns.filter((column) => pinnedToEnd(column.fixed)).at(-1) ?? columns.find((column) => pinnedToStart(column.fixed));
  return columns.map((column) => (column.fixed && column !== kept ? { ...column, fixed: undefined } : column));
}
