import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { FilterOperator, ResourceField } from '@juqi/contract';
import { Button, Card, Input, Space, Tag, Tooltip, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useDateTime } from '../../lib/date-time';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { clearedUrlState } from '../../lib/url-state';
import { resourceUrlFields, useDeleteResource, useResourceFilter, useResourceList, type AnyResource, type ResourceRow } from '../../lib/resource';
import { useCan, useShellSession } from '../../lib/shell-session';
import { DeleteButton } from '../delete-button';
import { FilterBar } from '../filter-bar';
import { commonMessages } from '../messages';
import { PagedTable, usePaging } from '../paged-table';
import { QueryFailure } from '../query-failure';
import { ResourceFormModal } from './resource-form-modal';
import { FilterControl } from './resource-filters';
import './resource.css';

const WIDTHS: Record<ResourceField['kind'] | 'updated_at', number> = {
  text: 180,
  textarea: 260,
  number: 110,
  select: 120,
  boolean: 90,
  date: 120,
  sort: 80,
  updated_at: 160,
};
const ACTIONS_WIDTH = 160;
const NONE = '—';

/**
 * A declared resource's screen (docs/resources.md): its filters (kept in the URL), one page of its list with the
 * declared columns, and add, edit and delete, each shown only to staff holding its operation.
 */
export function ResourcePage({ resource }: { resource: AnyResource }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const { menus } = useShellSession();
  const [filter, setFilter] = useResourceFilter(resource);
  const paging = usePaging(resource.pageSize);
  const list = useResourceList(resource, { ...filter, page: paging.page, limit: paging.pageSize });
  const remove = useDeleteResource(resource);
  // undefined: closed; null: a new record; a number: that record.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  // Remounts the filter controls on a clear, so those holding a half-typed value (a range's one end) empty too.
  const [cleared, setCleared] = useState(0);
  // New filters start again at page 1 (the filter keeps its identity while the URL is unchanged).
  const [filterShown, setFilterShown] = useState(filter);
  if (filterShown !== filter) {
    setFilterShown(filter);
    paging.restart();
  }

  const { operations, calls, fields } = resource;
  const mayAdd = !!calls.add && !!operations.add && can(operations.add);
  const mayEdit = !!calls.edit && !!operations.edit && can(operations.edit);
  const mayDelete = !!calls.delete && !!operations.delete && can(operations.delete);
  const labelOf = (key: string) => (key === 'updated_at' ? t.updatedAt : (fields[key]?.label[language] ?? key));
  const nameOf = (row: ResourceRow) => String(row[resource.keyword?.[0] ?? 'id'] ?? row.id);

  const cellOf = (key: string, value: unknown) => {
    if (key === 'updated_at') return dateTime(value as string);
    const field = fields[key]!;
    if (value === null || value === undefined || value === '') return NONE;
    if (field.kind === 'boolean') return value ? <Tag color="success">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>;
    if (field.kind === 'select') return field.options.find((o) => o.value === value)?.label[language] ?? String(value);
    if (field.kind === 'textarea')
      return (
        <Tooltip title={String(value)} placement="topLeft">
          <span>{String(value)}</span>
        </Tooltip>
      );
    return String(value);
  };
  const columns: TableColumnType<ResourceRow>[] = resource.columns.map((key) => {
    const kind = key === 'updated_at' ? 'updated_at' : fields[key]!.kind;
    return {
      key,
      dataIndex: key,
      title: labelOf(key),
      width: WIDTHS[kind],
      align: kind === 'number' || kind === 'sort' ? 'right' : undefined,
      ellipsis: kind === 'textarea' ? { showTitle: false } : kind === 'text',
      render: (value: unknown) => cellOf(key, value),
    };
  });
  if (mayEdit || mayDelete)
    columns.push({
      key: 'actions',
      title: t.actions,
      width: ACTIONS_WIDTH,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          {mayEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row.id)}>
              {t.edit}
            </Button>
          )}
          {mayDelete && <DeleteButton confirm={format(t.deleteConfirm, { name: nameOf(row) })} onDelete={() => remove.mutateAsync({ id: row.id })} />}
        </Space>
      ),
    });

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;

  const filters = Object.entries(resource.filters ?? {}) as [string, FilterOperator][];
  const keywordLabel = format(t.searchBy, { label: (resource.keyword ?? []).map(labelOf).join(' / ') });
  const keyword = filter.keyword as string | undefined;
  return (
    <Card title={menus.routes.get(resource.menu)?.title ?? resource.label[language]} className="resource-page">
      <FilterBar
        key={cleared}
        search={
          resource.keyword?.length ? (
            <Input.Search
              key={keyword ?? ''}
              allowClear
              aria-label={keywordLabel}
              placeholder={keywordLabel}
              enterButton={t.search}
              maxLength={50}
              defaultValue={keyword}
              className="keyword-search"
              onSearch={(words) => {
                // Searching the words already shown reloads the list: what changed elsewhere shows up.
                if ((words.trim() || undefined) === keyword) void list.refetch();
                setFilter({ keyword: words.trim() || undefined });
              }}
            />
          ) : undefined
        }
        active={filters.filter(([key]) => filter[key] !== undefined).length}
        searching={keyword !== undefined}
        onClear={
          filters.length || resource.keyword?.length
            ? () => {
                setFilter(clearedUrlState(resourceUrlFields(resource)));
                setCleared((n) => n + 1);
              }
            : undefined
        }
        tools={
          mayAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t.add}
            </Button>
          )
        }
      >
        {filters.map(([key, operator]) => (
          <FilterControl
            key={key}
            field={fields[key]!}
            operator={operator}
            label={labelOf(key)}
            language={language}
            value={filter[key]}
            onChange={(value) => setFilter({ [key]: value })}
          />
        ))}
      </FilterBar>
      <PagedTable<ResourceRow>
        list={list}
        paging={paging}
        columns={columns}
        scrollX={columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0)}
      />
      {editing !== undefined && <ResourceFormModal resource={resource} id={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
