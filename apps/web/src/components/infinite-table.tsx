import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Empty, Flex, Spin, Table, Typography, type TableProps, type TableRef } from 'antd';
import { useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { defineMessages, format, useMessages } from '../lib/i18n';
import { keysetRows, type KeysetPage } from '../lib/keyset-query';
import { useNarrowScreen, withOnePinnedColumn } from './narrow-screen';
import './infinite-table.css';

const texts = defineMessages({
  'zh-CN': { empty: '暂无数据', loaded: '已加载 {loaded} / {count} 条', all: '已全部加载，共 {count} 条', loading: '加载中…' },
  'en-US': { empty: 'No data', loaded: '{loaded} of {count} loaded', all: 'All {count} loaded', loading: 'Loading…' },
});

/** Start reading the next page this close to the end of the loaded rows, so scrolling seldom has to wait. */
const LOAD_AHEAD_PX = 600;
const MIN_BODY_HEIGHT = 240;
/** The footer line under the table. */
const FOOTER_PX = 32;

interface InfiniteTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'virtual' | 'scroll' | 'onScroll' | 'loading' | 'footer'> {
  list: UseInfiniteQueryResult<InfiniteData<KeysetPage<T>>>;
  /** The columns' total width; wider than the screen scrolls sideways. */
  scrollX: number;
  empty?: ReactNode;
  /** Shown at the start of the line under the table, before the loaded / total count. */
  note?: ReactNode;
  /** What the list shows (its filter and order): when it changes, the table goes back to its top. */
  resetKey?: string;
}

/**
 * A keyset list in a virtual table that fills the height left in its parent: only the rows on screen are in the page,
 * so thousands of loaded rows and dozens of columns stay smooth. Scrolling near the end reads the next page. On a phone
 * only one column stays pinned (`withOnePinnedColumn`).
 */
export function InfiniteTable<T extends object>({ list, scrollX, empty, note, resetKey, className, columns, ...table }: InfiniteTableProps<T>) {
  const t = useMessages(texts);
  const narrow = useNarrowScreen();
  const box = useRef<HTMLDivElement>(null);
  const tableRef = useRef<TableRef>(null);
  /** What the box leaves the rows: its height less the header row (two lines when a title wraps, in English) and the footer. */
  const [bodyHeight, setBodyHeight] = useState(0);
  const rows = keysetRows(list.data);
  const count = list.data?.pages[0]?.count ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const header = element.querySelector<HTMLElement>('.ant-table-header');
    const measure = () => setBodyHeight(element.clientHeight - (header?.offsetHeight ?? 0) - FOOTER_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (header) observer.observe(header);
    return () => observer.disconnect();
  }, []);

  // Another filter is another list: start it from its first row (§4), not at the old list's scroll offset.
  const shownKey = useRef(resetKey);
  useEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    tableRef.current?.scrollTo({ top: 0 });
  });

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - scrollTop - clientHeight < LOAD_AHEAD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <div ref={box} className={`infinite-table${className ? ` ${className}` : ''}`}>
      <Table<T>
        {...table}
        ref={tableRef}
        columns={narrow && columns ? withOnePinnedColumn(columns) : columns}
        size="small"
        virtual
        dataSource={rows}
        pagination={false}
        loading={list.isFetching && !isFetchingNextPage}
        scroll={{ x: scrollX, y: Math.max(MIN_BODY_HEIGHT, bodyHeight) }}
        onScroll={onScroll}
        locale={{ emptyText: empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
      />
      <Flex className="infinite-table__footer" align="center" justify="space-between" gap={12}>
        <span>{note}</span>
        <Typography.Text type="secondary">
          {isFetchingNextPage && <Spin size="small" className="infinite-table__spin" />}
          {list.data ? format(hasNextPage ? t.loaded : t.all, { loaded: rows.length, count }) : list.isFetching ? t.loading : null}
        </Typography.Text>
      </Flex>
    </div>
  );
}
