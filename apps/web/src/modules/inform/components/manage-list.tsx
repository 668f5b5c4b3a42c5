import { announcementClasses, type AnnouncementClass } from '@juqi/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Select, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { FilterBar } from '../../../components/filter-bar';
import { KeywordSearch, PagedTable, pagingSearch, usePaging } from '../../../components/paged-table';
import { QueryFailure } from '../../../components/query-failure';
import { useMessages } from '../../../lib/i18n';
import { MANAGE_PAGE_SIZE } from '../api/keys';
import { classLabels, informMessages } from '../messages';

/** A manage list's filter, title search and page; a new filter or search goes back to page 1. */
export function useManageListState<F>(initialFilter: F) {
  const [filter, setFilter] = useState(initialFilter);
  const paging = usePaging(MANAGE_PAGE_SIZE);
  return {
    ...paging,
    filter,
    filtered: filter !== initialFilter,
    chooseFilter: (value: F) => {
      setFilter(value);
      paging.restart();
    },
  };
}
export type ManageListState<F> = ReturnType<typeof useManageListState<F>>;

interface ManageListProps<Row, F> {
  state: ManageListState<F>;
  list: UseQueryResult<{ count: number; data: Row[] }>;
  columns: TableColumnsType<Row>;
  filterLabel: string;
  filterOptions: { value: F; label: string }[];
  searchLabel: string;
  /** Buttons at the toolbar's right end. */
  actions?: ReactNode;
  scrollX: number;
}

/** The notification screens' lists: a filter and a title search above a table paged by the server, 20 rows a page. */
export function ManageList<Row extends { id: number }, F extends string | number>({
  state,
  list,
  columns,
  filterLabel,
  filterOptions,
  searchLabel,
  actions,
  scrollX,
}: ManageListProps<Row, F>) {
  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} compact />;
  return (
    <>
      <FilterBar className="inform-page__toolbar" search={<KeywordSearch label={searchLabel} {...pagingSearch(state, list)} />} active={state.filtered ? 1 : 0} tools={actions}>
        <Select<F> prefix={filterLabel} aria-label={filterLabel} className="inform-page__filter" value={state.filter} options={filterOptions} onChange={state.chooseFilter} />
      </FilterBar>
      <PagedTable<Row> list={list} paging={state} columns={columns} scrollX={scrollX} sizeChanger={false} />
    </>
  );
}

/** The class filter of the announcement lists: every class, or one. */
export const ALL_CLASSES = 'all';
export type ClassFilter = AnnouncementClass | typeof ALL_CLASSES;

export function useClassFilterOptions(): { value: ClassFilter; label: string }[] {
  const t = useMessages(informMessages);
  const classes = useMessages(classLabels);
  return [{ value: ALL_CLASSES, label: t.typeAll }, ...announcementClasses.map((value) => ({ value, label: classes[value] }))];
}
