import { announcementClasses, type AnnouncementClass } from '@juqi/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Flex, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { QueryFailure } from '../../../components/query-failure';
import { format, useMessages } from '../../../lib/i18n';
import { MANAGE_PAGE_SIZE } from '../api/keys';
import { classLabels, informMessages } from '../messages';

/** A manage list's filter, title search and page; a new filter or search goes back to page 1. */
export function useManageListState<F>(initialFilter: F) {
  const [filter, setFilter] = useState(initialFilter);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  return {
    filter,
    keyword,
    page,
    setPage,
    chooseFilter: (value: F) => {
      setFilter(value);
      setPage(1);
    },
    search: (value: string) => {
      setKeyword(value.trim());
      setPage(1);
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

/** The notification screens' lists: a filter and a title search above a table paged by the server. */
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
  const t = useMessages(informMessages);
  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} compact />;
  return (
    <>
      <Flex gap={12} wrap justify="space-between" className="inform-page__toolbar">
        <Flex gap={12} wrap>
          <Select<F> aria-label={filterLabel} className="inform-page__filter" value={state.filter} options={filterOptions} onChange={state.chooseFilter} />
          <Input.Search
            allowClear
            aria-label={searchLabel}
            placeholder={searchLabel}
            enterButton={t.search}
            maxLength={40}
            className="inform-page__search"
            onSearch={state.search}
          />
        </Flex>
        {actions}
      </Flex>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
        pagination={{
          current: state.page,
          pageSize: MANAGE_PAGE_SIZE,
          total: list.data?.count ?? 0,
          showSizeChanger: false,
          showTotal: (count) => format(t.total, { count }),
          onChange: state.setPage,
        }}
        scroll={{ x: scrollX }}
      />
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
