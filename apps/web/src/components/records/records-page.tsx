import type { AnyCall, CallBody, CallData } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { z } from 'zod';
import { callApi } from '../../lib/api-client';
import { callKey } from '../../lib/call-hooks';
import { format, useMessages } from '../../lib/i18n';
import { useKeysetQuery, type KeysetPage } from '../../lib/keyset-query';
import { useCan } from '../../lib/shell-session';
import { clearedUrlState, useUrlState, type UrlFields, type UrlValues } from '../../lib/url-state';
import { ExportButton, type ExportTexts } from '../export-button';
import { FilterBar } from '../filter-bar';
import { InfiniteTable } from '../infinite-table';
import { commonMessages } from '../messages';
import { columnsWidth, PagedTable, usePaging } from '../paged-table';
import { QueryFailure } from '../query-failure';
import { TextFilter } from '../text-filter';
import { TimeZoneNote } from '../time-zone-note';
import './records-page.css';

/** A record list's call: it answers the filtered set's count and a page of records (and sums, which `totals` words). */
type ListCall = AnyCall;
type RecordOf<C extends ListCall> = CallData<C> extends { data: (infer R extends object)[] } ? R : never;
type ListAnswer<C extends ListCall> = CallData<C> & { count: number; data: RecordOf<C>[] };

export interface RecordsPageProps<C extends ListCall, Url extends UrlFields> {
  /** The card's title; a list in a tab of a page (`inTab`) has the tab's label instead and no card. */
  title?: string;
  /**
   * The list is one of a page's tabs: drawn without a card, and the URL parameter naming the tab (the page's own) is
   * kept when the list's filters change.
   */
  inTab?: { urlKey: string };
  list: C;
  /**
   * How the list is read (docs/resources.md › Record lists): `pages` by number under the table (the call takes
   * `page` and `limit`), or `keyset` — a list that grows without bound, read page after page as the table scrolls (the
   * call takes `cursor` and answers `next_cursor`).
   */
  paging?: 'pages' | 'keyset';
  /** The query key the pages and details of these records live under (a write elsewhere invalidates it); the call's by default. */
  queryKey?: readonly unknown[];
  /**
   * The filters as the URL keeps them; `keyword`, where the call takes one, is the search box (`keywordLabel` names it),
   * the others fold into the 筛选 drawer on a phone.
   */
  url: Url;
  /**
   * The field of `url` naming the record whose details are open, not a filter: a link with it opens the record (a
   * notification or a to-do about it). Without it, which record is open is the page's own state.
   */
  openKey?: keyof Url & string;
  /** The line above the table: the count and sums of the filtered set; 共 N 条 where the list has no sums. */
  totals?: (answer: ListAnswer<C>) => string;
  keywordLabel?: string;
  /** The filters after the search box; `change` sets some and goes back to the list's start. */
  Filters: ComponentType<{ filter: UrlValues<Url>; change: (patch: UrlValues<Url>) => void }>;
  /** Buttons of the page's own before the export (a 手动入账), in view on every screen. */
  tools?: ReactNode;
  /** Who may export, and how: the call answers the whole filtered set as a file. */
  exportAs?: { operation: string; call: AnyCall; texts: ExportTexts; fallbackName: string };
  rowKey: keyof RecordOf<C> & string;
  /** The table's columns; `open` shows a record's details. */
  columns: (open: (key: string) => void) => TableColumnsType<RecordOf<C>>;
  /** A record's details, in a drawer; none where a row opens nothing of its own (its actions are in its columns). */
  Details?: ComponentType<{ recordKey: string; onClose: () => void }>;
}

/** The URL's values as the list's filter, and the record open in the drawer when the URL names it (`openKey`). */
function splitOpen<Url extends UrlFields>(url: UrlValues<Url>, openKey: string | undefined): { filter: UrlValues<Url>; openInUrl: string | undefined } {
  if (!openKey) return { filter: url, openInUrl: undefined };
  const { [openKey]: opened, ...filter } = url as Record<string, unknown>;
  return { filter: filter as UrlValues<Url>, openInUrl: opened === undefined ? undefined : String(opened) };
}

/** The longest keyword the list call takes, so the box stops where the server would refuse (40 where it names none). */
function keywordMax(call: AnyCall): number {
  let keyword = (call.body as z.ZodObject | undefined)?.shape.keyword as z.ZodType | undefined;
  while (keyword && 'unwrap' in keyword && typeof keyword.unwrap === 'function') keyword = keyword.unwrap() as z.ZodType;
  return (keyword as z.ZodString | undefined)?.maxLength ?? 40;
}

/**
 * The frame of every record screen (the finance records and books, 操作日志, 用户实名认证, 管理通知's tabs): the filters in the URL, the filtered set's
 * count and sums above the table, the table read by pages or by keyset, export of the whole set, and a record's
 * details. The screen declares its call, filters, columns and details; docs/resources.md › Record lists.
 */
export function RecordsPage<C extends ListCall, Url extends UrlFields>(props: RecordsPageProps<C, Url>) {
  const can = useCan();
  const common = useMessages(commonMessages);
  const tabKey = props.inTab?.urlKey;
  const kept = useMemo(() => (tabKey ? [tabKey] : undefined), [tabKey]);
  const [url, setUrl] = useUrlState(props.url, kept);
  const { filter, openInUrl } = splitOpen(url, props.openKey);
  const { keywordLabel } = props;
  const keyset = props.paging === 'keyset';
  const paged = usePagedRecords(props.list, props.queryKey, filter, !keyset);
  const scrolled = useKeysetRecords(props.list, props.queryKey, filter, keyset);
  const [openHere, setOpenHere] = useState<string | null>(null);
  const open = props.openKey ? (openInUrl ?? null) : openHere;
  // The URL keeps the key as its field is typed (a number id is read back as a number).
  const setOpen = (key: string | null) => (props.openKey ? setUrl({ [props.openKey]: key ?? undefined } as UrlValues<Url>) : setOpenHere(key));
  const columns = props.columns(setOpen);
  const change = (patch: UrlValues<Url>) => {
    setUrl(patch);
    paged.paging.restart();
  };

  const query = keyset ? scrolled : paged.list;
  if (query.isError && !query.data) return <QueryFailure error={query.error} onRetry={() => void query.refetch()} compact={props.inTab !== undefined} />;
  // The filtered set's count and sums: a keyset list's first page answers them for the whole set.
  const answer = (keyset ? scrolled.data?.pages[0] : paged.list.data) as ListAnswer<C> | undefined;
  const { keyword, ...folded } = filter as UrlValues<Url> & { keyword?: string };
  const exportAs = props.exportAs && can(props.exportAs.operation) ? props.exportAs : undefined;

  const totals = props.totals ?? ((data: ListAnswer<C>) => format(common.total, { count: data.count }));
  const summary = <RecordsSummary totals={answer && totals(answer)} />;
  const content = (
    <Flex vertical gap={12} className="records-page__body">
      {props.inTab && <Flex justify="end">{summary}</Flex>}
      <FilterBar
        search={
          keywordLabel && (
            <TextFilter className="records-filter__keyword" label={keywordLabel} maxLength={keywordMax(props.list)} value={keyword} onChange={(words) => change({ keyword: words } as unknown as UrlValues<Url>)} />
          )
        }
        active={Object.values(folded).filter((value) => value !== undefined).length}
        searching={keyword !== undefined}
        onClear={() => change(clearedUrlState(props.url))}
        tools={
          (props.tools || exportAs) && (
            <Space>
              {props.tools}
              {exportAs && <ExportButton call={exportAs.call} body={filter as CallBody<AnyCall>} count={answer?.count} texts={exportAs.texts} fallbackName={exportAs.fallbackName} />}
            </Space>
          )
        }
      >
        <props.Filters filter={filter} change={change} />
      </FilterBar>
      {keyset ? (
        <InfiniteTable<RecordOf<C>> list={scrolled} resetKey={JSON.stringify(filter)} rowKey={props.rowKey} columns={columns} scrollX={columnsWidth(columns)} />
      ) : (
        <PagedTable<RecordOf<C>> list={paged.list} paging={paged.paging} rowKey={props.rowKey} columns={columns} scrollX={columnsWidth(columns)} />
      )}
      {open !== null && props.Details && <props.Details recordKey={open} onClose={() => setOpen(null)} />}
    </Flex>
  );
  if (props.inTab) return content;
  return (
    <Card className={`records-page${keyset ? ' records-page--fill' : ''}`} title={props.title} extra={summary}>
      {content}
    </Card>
  );
}

/** A page by number of the filtered set; the page stays in view while the next loads. */
function usePagedRecords<C extends ListCall>(call: C, queryKey: readonly unknown[] | undefined, filter: object, enabled: boolean) {
  const paging = usePaging();
  const list = useQuery({
    queryKey: [...(queryKey ?? callKey(call)), filter, paging.page, paging.pageSize],
    queryFn: async () => (await callApi(call, { body: { ...filter, page: paging.page, limit: paging.pageSize } as CallBody<C> })) as ListAnswer<C>,
    placeholderData: keepPreviousData,
    enabled,
  });
  return { paging, list };
}

/** Rows a keyset list reads at a time: a virtual table shows a few dozen, and reads ahead as it scrolls. */
const KEYSET_PAGE_SIZE = 50;

/** The filtered set page after page by the server's cursor. */
function useKeysetRecords<C extends ListCall>(call: C, queryKey: readonly unknown[] | undefined, filter: object, enabled: boolean) {
  return useKeysetQuery<RecordOf<C>>(
    [...(queryKey ?? callKey(call)), filter],
    async (cursor) => (await callApi(call, { body: { ...filter, cursor, limit: KEYSET_PAGE_SIZE } as CallBody<C> })) as KeysetPage<RecordOf<C>>,
    { enabled },
  );
}

/** The list's time zone and, once loaded, its count and sums (`totals`, worded by the page). */
function RecordsSummary({ totals }: { totals: string | undefined }) {
  return (
    <Space size={16} wrap>
      <TimeZoneNote />
      {totals !== undefined && (
        <Typography.Text type="secondary" className="records-page__totals">
          {totals}
        </Typography.Text>
      )}
    </Space>
  );
}
