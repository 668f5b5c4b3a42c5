import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { FIELD_FORMS, fieldFormCalls, fieldTypeOf, type FieldDefinitionRow, type FieldForm, type FieldSampleRow } from '@juqi/contract';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { DeleteButton } from '../../../components/delete-button';
import { ExportButton } from '../../../components/export-button';
import { fieldViewOf } from '../../../components/fields';
import { FilterBar } from '../../../components/filter-bar';
import { commonMessages } from '../../../components/messages';
import { PagedTable, usePaging } from '../../../components/paged-table';
import { QueryFailure } from '../../../components/query-failure';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { fieldMessages } from '../messages';
import { CustomFieldFilters, type CustomFieldFilter } from './custom-field-filters';

const PAGE_SIZE = 10;
const COLUMN_WIDTH = 160;
/** Fields whose filters the bar shows in view; with more, they fold into its 筛选 drawer. */
const FILTERS_IN_VIEW = 3;

interface SampleListProps {
  fieldForm: FieldForm;
  definitions: readonly FieldDefinitionRow[];
  editable: boolean;
  /** Loads a preview into the form above. */
  onOpen: (sample: FieldSampleRow) => void;
  onDeleted: (id: number) => void;
}

type Sort = { key: string; order: 'asc' | 'desc' };

/** A column header's click: ascending, then descending, then the list's own order (newest first). */
const nextSort = (sort: Sort | null, key: string): Sort | null =>
  sort?.key !== key ? { key, order: 'asc' } : sort.order === 'asc' ? { key, order: 'desc' } : null;

/**
 * 试填记录: the form's saved previews a page at a time, a column per field shown in the form (its registry cell),
 * filtered by the fields' own operators and ordered by a column's header.
 */
export function SampleList({ fieldForm, definitions, editable, onOpen, onDeleted }: SampleListProps) {
  const t = useMessages(fieldMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const paging = usePaging(PAGE_SIZE);
  const calls = fieldFormCalls[fieldForm];
  const remove = useCallMutation(calls.sampleDel, [calls.sampleList]);
  const [filters, setFilters] = useState<CustomFieldFilter[]>([]);
  const [sort, setSort] = useState<Sort | null>(null);
  const fields = definitions.filter((definition) => !definition.hidden && fieldTypeOf(definition.type).holdsValue);
  // A filter or order on a field since deleted or hidden no longer applies.
  const keys = new Set(fields.map((definition) => definition.key));
  const applied = filters.filter((filter) => keys.has(filter.key));
  const order = sort && keys.has(sort.key) ? sort : null;
  const query = { filters: applied, ...(order && { sort: order.key, order: order.order }) };
  const list = useCallQuery(calls.sampleList, { page: paging.page, limit: paging.pageSize, ...query }, { keepPrevious: true });
  const exportLabel = `${FIELD_FORMS[fieldForm].label[language]} · ${t.samples}`;

  const sortBy = (key: string) => {
    setSort(nextSort(order, key));
    paging.restart();
  };

  // PagedTable takes no change handler: a sortable header says what it was clicked for itself (the click, or Enter).
  const columns: TableColumnsType<FieldSampleRow> = fields.map((definition) => {
    const { Cell } = fieldViewOf(definition.type);
    return {
      key: definition.key,
      title: definition.label[language],
      width: COLUMN_WIDTH,
      ellipsis: true,
      sorter: true,
      sortOrder: order?.key === definition.key ? (order.order === 'asc' ? 'ascend' : 'descend') : null,
      onHeaderCell: () => ({
        onClick: () => sortBy(definition.key),
        onKeyDown: (event: KeyboardEvent) => event.key === 'Enter' && sortBy(definition.key),
      }),
      render: (_: unknown, row: FieldSampleRow) => <Cell definition={definition} value={row.values[definition.key]} />,
    };
  });
  columns.push(
    { key: 'updated_by', title: t.updatedBy, dataIndex: 'updated_by', width: 120, ellipsis: true },
    { key: 'updated_at', title: c.updatedAt, dataIndex: 'updated_at', width: 160, render: (at: string) => dateTime(at) },
    {
      key: 'actions',
      title: c.actions,
      width: editable ? 150 : 90,
      fixed: 'end',
      render: (_: unknown, row: FieldSampleRow) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={editable ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />} onClick={() => onOpen(row)}>
            {editable ? c.edit : t.view}
          </Button>
          {editable && (
            <DeleteButton
              confirm={t.deleteSample}
              onDelete={async () => {
                await remove.mutateAsync({ id: row.id });
                onDeleted(row.id);
              }}
            />
          )}
        </Space>
      ),
    },
  );

  return (
    <Card title={t.samples} className="field-samples">
      {fields.length > 0 && (
        <FilterBar
          // The pane is half the page: more than a few fields' filters would push the list below the fold.
          folded={fields.length > FILTERS_IN_VIEW}
          active={applied.length}
          onClear={() => {
            setFilters([]);
            paging.restart();
          }}
          className="field-samples__filters"
          tools={
            <ExportButton
              call={calls.sampleExport}
              // The list's filters and order without its paging: the file holds every matching preview.
              body={query}
              count={list.data?.count}
              fallbackName={`${exportLabel}.xlsx`}
              texts={{
                title: format(c.exportTitle, { label: exportLabel }),
                rows: format(c.exportRows, { label: exportLabel }),
                done: format(c.exportDone, { label: exportLabel }),
                nothing: format(c.exportNothing, { label: exportLabel }),
              }}
            />
          }
        >
          <CustomFieldFilters
            definitions={fields}
            value={applied}
            onChange={(next) => {
              setFilters(next);
              paging.restart();
            }}
          />
        </FilterBar>
      )}
      {list.isError && !list.data ? (
        <QueryFailure compact error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <PagedTable<FieldSampleRow>
          list={list}
          paging={paging}
          columns={columns}
          scrollX={columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0)}
          sizeChanger={false}
          totalText={t.sampleCount}
        />
      )}
    </Card>
  );
}
