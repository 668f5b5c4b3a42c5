import type { AnyCall, CallBody, CallData } from '@juqi/contract';
import { Card, Flex, Space, type TableColumnsType } from 'antd';
import { useState, type ComponentType, type ReactNode } from 'react';
import { ExportButton, type ExportTexts } from '../../../components/export-button';
import { FilterBar } from '../../../components/filter-bar';
import { columnsWidth, PagedTable, usePaging } from '../../../components/paged-table';
import { QueryFailure } from '../../../components/query-failure';
import { TextFilter } from '../../../components/text-filter';
import { useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { clearedUrlState, useUrlState, type UrlFields, type UrlValues } from '../../../lib/url-state';
import { useRecordPage } from '../api';
import { financeMessages } from '../messages';
import { RecordsSummary } from './records';
import './records-page.css';

/** A record list's call: it answers a page of records with the filtered set's count (and sums, which `totals` words). */
type ListCall = AnyCall;
type RecordOf<C extends ListCall> = CallData<C> extends { data: (infer R extends object)[] } ? R : never;
type ListAnswer<C extends ListCall> = CallData<C> & { count: number; data: RecordOf<C>[] };

export interface RecordsPageProps<C extends ListCall, Url extends UrlFields & { keyword: unknown }> {
  title: string;
  list: C;
  /** The module's query key the pages and details of these records live under (a decision invalidates it). */
  queryKey: readonly unknown[];
  /** The filters as the URL keeps them; `keyword` is the search box, the others fold into the 筛选 drawer on a phone. */
  url: Url;
  /**
   * The field of `url` naming the record whose details are open, not a filter: a link with it opens the record (a
   * notification or a to-do about it). Without it, which record is open is the page's own state.
   */
  openKey?: keyof Url & string;
  /** The line above the table: the count and sums of the filtered set. */
  totals: (answer: ListAnswer<C>) => string;
  keywordLabel: string;
  /** The filters after the search box; `change` sets some and goes back to page 1. */
  Filters: ComponentType<{ filter: UrlValues<Url>; change: (patch: UrlValues<Url>) => void }>;
  /** Buttons of the page's own before the export (a 手动入账), in view on every screen. */
  tools?: ReactNode;
  /** Who may export, and how: the call answers the whole filtered set as a file. */
  exportAs?: { operation: string; call: AnyCall; texts: ExportTexts; fallbackName: string };
  rowKey: keyof RecordOf<C> & string;
  /** The table's columns; `open` shows a record's details. */
  columns: (open: (key: string) => void) => TableColumnsType<RecordOf<C>>;
  /** A record's details, in a drawer. */
  Details: ComponentType<{ recordKey: string; onClose: () => void }>;
}

/** The URL's values as the list's filter, and the record open in the drawer when the URL names it (`openKey`). */
function splitOpen<Url extends UrlFields>(url: UrlValues<Url>, openKey: string | undefined): { filter: UrlValues<Url>; openInUrl: string | undefined } {
  if (!openKey) return { filter: url, openInUrl: undefined };
  const { [openKey]: opened, ...filter } = url as Record<string, unknown>;
  return { filter: filter as UrlValues<Url>, openInUrl: opened as string | undefined };
}

/**
 * The frame of every finance record screen (用户充值记录, 代理提现记录, the ledger's books): the filters in the URL, the
 * filtered set's count and sums above a server-paged table, export of the whole set, and a record's details.
 */
export function RecordsPage<C extends ListCall, Url extends UrlFields & { keyword: unknown }>(props: RecordsPageProps<C, Url>) {
  const t = useMessages(financeMessages);
  const can = useCan();
  const [url, setUrl] = useUrlState(props.url);
  const { filter, openInUrl } = splitOpen(url, props.openKey);
  const paging = usePaging();
  const list = useRecordPage<C, ListAnswer<C>>(props.list, props.queryKey, filter, paging.page, paging.pageSize);
  const [openHere, setOpenHere] = useState<string | null>(null);
  const open = props.openKey ? (openInUrl ?? null) : openHere;
  const setOpen = (key: string | null) => (props.openKey ? setUrl({ [props.openKey]: key ?? undefined } as UrlValues<Url>) : setOpenHere(key));
  const columns = props.columns(setOpen);
  const change = (patch: UrlValues<Url>) => {
    setUrl(patch);
    paging.restart();
  };

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;
  const { keyword, ...folded } = filter as UrlValues<Url> & { keyword?: string };
  const exportAs = props.exportAs && can(props.exportAs.operation) ? props.exportAs : undefined;

  return (
    <Card className="finance-page" title={props.title} extra={<RecordsSummary totals={list.data && props.totals(list.data)} />}>
      <Flex vertical gap={12}>
        <FilterBar
          search={
            <TextFilter className="finance-filter__keyword" label={props.keywordLabel} maxLength={40} value={keyword} onChange={(words) => change({ keyword: words } as UrlValues<Url>)} />
          }
          active={Object.values(folded).filter((value) => value !== undefined).length}
          searching={keyword !== undefined}
          onClear={() => change(clearedUrlState(props.url))}
          tools={
            (props.tools || exportAs) && (
              <Space>
                {props.tools}
                {exportAs && (
                  <ExportButton call={exportAs.call} body={filter as CallBody<AnyCall>} count={list.data?.count} texts={exportAs.texts} fallbackName={exportAs.fallbackName} />
                )}
              </Space>
            )
          }
        >
          <props.Filters filter={filter} change={change} />
        </FilterBar>
        <PagedTable<RecordOf<C>> list={list} paging={paging} rowKey={props.rowKey} columns={columns} scrollX={columnsWidth(columns)} totalText={t.recordCount} />
      </Flex>
      {open !== null && <props.Details recordKey={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
