import { PlusOutlined } from '@ant-design/icons';
import { RESOURCE_KEYWORD_MAX, type FilterOperator } from '@juqi/contract';
import { Button, Card } from 'antd';
import { Fragment, useState, type ReactNode } from 'react';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { clearedUrlState } from '../../lib/url-state';
import { resourceUrlFields, type AnyResource, type ResourceRow } from '../../lib/resource';
import { useShellSession } from '../../lib/shell-session';
import { ColumnSettings, useHiddenColumns } from '../column-settings';
import { ExportButton } from '../export-button';
import { FilterBar } from '../filter-bar';
import { commonMessages } from '../messages';
import { columnsWidth, KeywordSearch, PagedTable } from '../paged-table';
import { QueryFailure } from '../query-failure';
import { BulkStateActions, useResourceActions, type RowMenuItem } from './resource-actions';
import { useResourceLabel, type ResourceCells } from './resource-cell';
import { useResourceActionsColumn, useResourceColumns, useResourceWrites } from './resource-columns';
import { ResourceDetailsDrawer } from './resource-details-drawer';
import { ResourceFormModal, type FieldEditorComponent, type ResourceFormModalProps } from './resource-form-modal';
import { FilterControl } from './resource-filters';
import { usePagedResourceList } from './resource-list';
import './resource.css';

/**
 * What a screen adds to its declared resource's page, where the declaration alone does not say enough; a screen that is
 * more than a list writes its own page with `lib/resource`'s hooks instead.
 */
export interface ResourcePageOptions {
  /** Cells drawn by the page instead of by their field's type (a colour swatch, a link), by field key. */
  cells?: ResourceCells;
  /** The screen's own entries of each row's 更多 (before the state's actions and 删除). */
  rowMenu?: (row: ResourceRow) => RowMenuItem[];
  /** Editors of some fields instead of their type's (a rich-text editor uploading into the module's scope), by key. */
  editors?: Readonly<Record<string, FieldEditorComponent>>;
  /** More of the form, after the declared fields (a preview, a hint); `id` is null for a new record. */
  formExtra?: (id: number | null) => ReactNode;
  /** More buttons in the filter bar, beside 新增. */
  tools?: ReactNode;
  /** Words above the filter bar (where the records come from). */
  intro?: ReactNode;
  /** A declared filter's own control instead of its type's (a province chosen from the cities' provinces), by key. */
  filterControls?: Readonly<Record<string, (props: FilterControlOverrideProps) => ReactNode>>;
  /** The menu entry the page serves, when not the resource's own (素材审核 lists the materials waiting): its title heads the page. */
  menu?: string;
  /** Fields the edit form shows but does not send, and a note why (data the records come with), as the form's `readOnly`. */
  readOnly?: ResourceFormModalProps['readOnly'];
}

/** What a screen's own filter control is handed: the filter's label, its value in the URL, and the setter. */
export interface FilterControlOverrideProps {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

/**
 * A declared resource's screen (docs/resources.md): its filters (kept in the URL), one page of its list with the
 * declared columns, and add, edit and delete, each shown only to staff holding its operation.
 */
export function ResourcePage({ resource, options = {} }: { resource: AnyResource; options?: ResourcePageOptions }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const labelOf = useResourceLabel(resource);
  const { hidden, setHidden, reset } = useHiddenColumns(`columns:${resource.module}.${resource.thing}`, []);
  const { menus } = useShellSession();
  const { filter, setFilter, paging, list, keyword } = usePagedResourceList(resource);
  // undefined: closed; null: a new record; a number: that record.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | null>(null);
  // Remounts the filter controls on a clear, so those holding a half-typed value (a range's one end) empty too.
  const [cleared, setCleared] = useState(0);

  const { calls, definitions } = resource;
  const { mayAdd, mayExport } = useResourceWrites(resource);
  const declared = useResourceColumns(resource, { cells: options.cells });
  // Records picked for a bulk action, where the staff may take one.
  const bulk = useResourceActions(resource).bulk;
  const [selected, setSelected] = useState<ResourceRow[]>([]);
  const actions = useResourceActionsColumn(resource, { onView: (row) => setViewing(row.id), onEdit: (row) => setEditing(row.id), menu: options.rowMenu });
  const columns = [...declared.filter((column) => !hidden.includes(String(column.key))), actions];

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;

  const filters = Object.entries(resource.filters ?? {}) as [string, FilterOperator][];
  const keywordLabel = format(t.searchBy, { label: (resource.keyword ?? []).map(labelOf).join(' / ') });
  const label = resource.label[language];
  const exportLabel = language === 'en-US' ? label.toLowerCase() : label;
  return (
    <Card title={menus.routes.get(options.menu ?? resource.menu)?.title ?? label} className="resource-page">
      {options.intro}
      <FilterBar
        key={cleared}
        search={
          resource.keyword?.length ? (
            <KeywordSearch label={keywordLabel} keyword={keyword} onSearch={(words) => setFilter({ keyword: words })} onRepeat={() => void list.refetch()} maxLength={RESOURCE_KEYWORD_MAX} />
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
          <>
            {options.tools}
            <ColumnSettings columns={declared.map((c) => ({ key: String(c.key), title: c.title as ReactNode }))} hidden={hidden} onChange={setHidden} onReset={reset} />
            {mayExport && (
              <ExportButton
                call={calls.export!}
                // The list's filter without its paging: the file holds every matching record.
                body={filter as never}
                count={list.data?.count}
                fallbackName={`${label}.xlsx`}
                texts={{
                  title: format(t.exportTitle, { label: exportLabel }),
                  rows: format(t.exportRows, { label: exportLabel }),
                  done: format(t.exportDone, { label: exportLabel }),
                  nothing: format(t.exportNothing, { label: exportLabel }),
                }}
              />
            )}
            {mayAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                {t.add}
              </Button>
            )}
          </>
        }
      >
        {filters.map(([key, operator]) =>
          options.filterControls?.[key] ? (
            <Fragment key={key}>{options.filterControls[key]({ label: labelOf(key), value: filter[key], onChange: (value) => setFilter({ [key]: value }) })}</Fragment>
          ) : (
          <FilterControl
            key={key}
            field={definitions[key]!}
            operator={operator}
            label={labelOf(key)}
            language={language}
            value={filter[key]}
            onChange={(value) => setFilter({ [key]: value })}
          />
          ),
        )}
      </FilterBar>
      <BulkStateActions resource={resource} rows={selected} onDone={() => setSelected([])} />
      <PagedTable<ResourceRow>
        list={list}
        paging={paging}
        columns={columns}
        scrollX={columnsWidth(columns)}
        rowSelection={bulk.length ? { selectedRowKeys: selected.map((row) => row.id), preserveSelectedRowKeys: true, onChange: (_keys, rows) => setSelected(rows.filter(Boolean)) } : undefined}
      />
      {editing !== undefined && <ResourceFormModal resource={resource} id={editing} editors={options.editors} readOnly={options.readOnly} extra={options.formExtra?.(editing)} onClose={() => setEditing(undefined)} />}
      {viewing !== null && <ResourceDetailsDrawer resource={resource} id={viewing} cells={options.cells} onClose={() => setViewing(null)} />}
    </Card>
  );
}
