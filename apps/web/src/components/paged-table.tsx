import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { format, useMessages } from '../lib/i18n';
import { KeyboardScrollable } from './keyboard-scrollable';
import { commonMessages } from './messages';
import { useNarrowScreen, withOnePinnedColumn } from './narrow-screen';
import './paged-table.css';

export const DEFAULT_PAGE_SIZE = 20;

/** A page of a list the server pages: the rows and how many match in all. */
type PagedList<Row> = UseQueryResult<{ count: number; data: Row[] }>;

/** A server-paged list's search words and page. New words, a new filter (`restart`) or a new page size go back to page 1. */
export function usePaging(initialPageSize = DEFAULT_PAGE_SIZE) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    keyword,
    page,
    pageSize,
    search: (words: string) => {
      setKeyword(words.trim());
      setPage(1);
    },
    restart: () => setPage(1),
    turn: (next: number, size: number) => {
      setPage(size === pageSize ? next : 1);
      setPageSize(size);
    },
  };
}
export type Paging = ReturnType<typeof usePaging>;

interface KeywordSearchProps {
  label: string;
  /** The words the list is searched by now (none: undefined). */
  keyword: string | undefined;
  /** New words; empty words clear the search. */
  onSearch: (keyword: string | undefined) => void;
  /** The words already shown were searched again: reload, so what changed elsewhere shows up. */
  onRepeat: () => void;
  /** The longest keyword the list's call takes. */
  maxLength?: number;
}

/** The search box above a paged list, wherever its words are kept (`usePaging`, the URL). */
export function KeywordSearch({ label, keyword, onSearch, onRepeat, maxLength = 40 }: KeywordSearchProps) {
  const t = useMessages(commonMessages);
  return (
    <Input.Search
      // Remounted when the words change elsewhere (a cleared filter, the browser's back), so the box shows them.
      key={keyword ?? ''}
      allowClear
      aria-label={label}
      placeholder={label}
      enterButton={t.search}
      maxLength={maxLength}
      defaultValue={keyword}
      className="keyword-search"
      onSearch={(words) => {
        const next = words.trim() || undefined;
        if (next === keyword) onRepeat();
        onSearch(next);
      }}
    />
  );
}

/** `KeywordSearch`'s words kept by `usePaging`: searching the shown words again on page 1 reloads the list. */
export const pagingSearch = (paging: Paging, list: PagedList<unknown>) => ({
  keyword: paging.keyword || undefined,
  onSearch: (words: string | undefined) => paging.search(words ?? ''),
  onRepeat: () => {
    if (paging.page === 1) void list.refetch();
  },
});

/**
 * The header's select-all box. antd sizes the columns by a copy of the header row hidden from assistive technology
 * (aria-hidden); the copy of the box there is made inert, so the keyboard cannot reach a control that screen readers
 * do not see. The box in the header itself stays as antd makes it.
 */
function SelectAllBox({ box }: { box: ReactNode }) {
  const holder = useRef<HTMLSpanElement>(null);
  const [hiddenCopy, setHiddenCopy] = useState(false);
  useLayoutEffect(() => setHiddenCopy(holder.current?.closest('[aria-hidden="true"]') != null), []);
  return (
    <span ref={holder} inert={hiddenCopy}>
      {box}
    </span>
  );
}

/** The select-all column's title: antd's box, in `SelectAllBox`. */
const selectAllTitle = (box: ReactNode) => <SelectAllBox box={box} />;

/** The width a table of these columns scrolls to: their widths' sum, so none is stretched past its own. */
export const columnsWidth = (columns: readonly { width?: number | string }[]) => columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

interface PagedTableProps<Row> {
  list: PagedList<Row>;
  /** What names a row; `id` unless said. */
  rowKey?: TableProps<Row>['rowKey'];
  paging: Paging;
  columns: TableColumnsType<Row>;
  scrollX: number;
  /** Lets the staff choose how many rows a page shows; off where the server fixes the page size. */
  sizeChanger?: boolean;
  /** The total line, `{count}` standing for the number of matches. */
  totalText?: string;
  expandable?: TableProps<Row>['expandable'];
  /** Rows the staff may select for an action on several at once. */
  rowSelection?: TableProps<Row>['rowSelection'];
}

/** A table of one page of a server-paged list, with its empty text and total line in the current language. */
export function PagedTable<Row extends object>({
  list,
  rowKey = 'id',
  paging,
  columns,
  scrollX,
  sizeChanger = true,
  totalText,
  expandable,
  rowSelection,
}: PagedTableProps<Row>) {
  const t = useMessages(commonMessages);
  const narrow = useNarrowScreen();
  return (
    <KeyboardScrollable>
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        columns={narrow ? withOnePinnedColumn(columns) : columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        expandable={expandable}
        rowSelection={rowSelection && { columnTitle: selectAllTitle, ...rowSelection }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.count ?? 0,
          showSizeChanger: sizeChanger,
          showTotal: (count) => format(totalText ?? t.total, { count }),
          onChange: paging.turn,
        }}
        scroll={{ x: scrollX }}
      />
    </KeyboardScrollable>
  );
}
