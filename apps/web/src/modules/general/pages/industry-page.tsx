import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { industryResource, RESOURCE_KEYWORD_MAX } from '@juqi/contract';
import { Button, Card, Space, Tag, Typography, type TableColumnType } from 'antd';
import { createContext, use, useState } from 'react';
import { DeleteButton } from '../../../components/delete-button';
import { FilterBar } from '../../../components/filter-bar';
import { commonMessages } from '../../../components/messages';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { columnsWidth, KeywordSearch, PagedTable, usePaging } from '../../../components/paged-table';
import { QueryFailure } from '../../../components/query-failure';
import { usePagedResourceList } from '../../../components/resource/resource-list';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useDeleteResource, useResourceFilter, useResourceList, type ResourceRow } from '../../../lib/resource';
import { useCan, useShellSession } from '../../../lib/shell-session';
import { IndustryFormModal } from '../components/industry-form-modal';
import { FlagFilter } from '../flag-filter';
import { generalMessages } from '../messages';
import '../general.css';

const resource = industryResource;
/** Sub-industries shown under an opened industry, a page at a time. */
const CHILDREN_PAGE = 50;
/** Enough for every top-level industry: they name the parents and fill the parent picker. */
const ALL_TOPS = { parent_id: null, page: 1, limit: 200 };

type Editing = { id: number | null; parentId: number | null };
/** Opens the industry form: the page's, for the sub-industry lists in its opened rows. */
const EditContext = createContext<(editing: Editing) => void>(() => {});

/** The columns both levels show, and the row's actions. */
function useIndustryColumns(onEdit: (editing: Editing) => void, parentNames?: Map<number, string>): TableColumnType<ResourceRow>[] {
  const t = useMessages(generalMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const narrow = useNarrowScreen();
  const can = useCan();
  const remove = useDeleteResource(resource);
  const mayEdit = can(resource.operations.edit!);
  const label = (key: keyof typeof resource.fields) => resource.fields[key].label[language];
  const columns: TableColumnType<ResourceRow>[] = [{ key: 'name', dataIndex: 'name', title: label('name'), width: narrow ? 140 : 200, ellipsis: true }];
  if (parentNames)
    columns.push({
      key: 'parent',
      title: label('parent_id'),
      width: 160,
      render: (_: unknown, row) => (row.parent_id === null ? <Tag>{t.topLevel}</Tag> : (parentNames.get(Number(row.parent_id)) ?? '—')),
    });
  columns.push(
    { key: 'sort', dataIndex: 'sort', title: label('sort'), width: 80, align: 'right' },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t.state,
      width: 90,
      render: (enabled: boolean) => (enabled ? <Tag color="success">{c.enabled}</Tag> : <Tag>{c.disabled}</Tag>),
    },
    { key: 'updated_at', dataIndex: 'updated_at', title: c.updatedAt, width: 160, render: (at: string) => dateTime(at) },
  );
  if (mayEdit)
    columns.push({
      key: 'actions',
      title: c.actions,
      // On a phone the pinned actions stack, so the names beside them stay in view.
      width: narrow ? 150 : 250,
      fixed: 'end',
      render: (_: unknown, row) => (
        <Space size={0} wrap orientation={narrow ? 'vertical' : 'horizontal'} align={narrow ? 'start' : undefined}>
          {row.parent_id === null && (
            <Button type="link" size="small" icon={<PlusOutlined aria-hidden />} onClick={() => onEdit({ id: null, parentId: row.id })}>
              {t.addChild}
            </Button>
          )}
          <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit({ id: row.id, parentId: (row.parent_id as number | null) ?? null })}>
            {c.edit}
          </Button>
          <DeleteButton confirm={format(t.deleteIndustry, { name: String(row.name) })} onDelete={() => remove.mutateAsync({ id: row.id })} />
        </Space>
      ),
    });
  return columns;
}

const renderSubIndustries = (parent: ResourceRow) => <SubIndustries parent={parent} />;

/** The sub-industries of one top-level industry, under its opened row, filtered as the page is. */
function SubIndustries({ parent }: { parent: ResourceRow }) {
  const t = useMessages(generalMessages);
  const onEdit = use(EditContext);
  const [filter] = useResourceFilter(resource);
  const enabled = filter.enabled as boolean | undefined;
  const paging = usePaging(CHILDREN_PAGE);
  const list = useResourceList(resource, { parent_id: parent.id, enabled, page: paging.page, limit: paging.pageSize });
  const columns = useIndustryColumns(onEdit);
  if (list.isError && !list.data) return <QueryFailure compact error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <section aria-label={format(t.subIndustries, { name: String(parent.name) })} className="industry-children">
      {list.data?.count === 0 ? (
        <Typography.Text type="secondary">{t.noChildren}</Typography.Text>
      ) : (
        <PagedTable<ResourceRow> list={list} paging={paging} columns={columns} scrollX={columnsWidth(columns)} sizeChanger={false} />
      )}
    </section>
  );
}

/**
 * 行业设置: the top-level industries a page at a time, each opening onto its sub-industries, with add (top level or
 * under an industry), edit and delete. A search lists matching industries of both levels with their parent.
 */
export function IndustryPage() {
  const t = useMessages(generalMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { menus } = useShellSession();
  const can = useCan();
  // A search lists matching industries of both levels; otherwise the top level, each opening onto its children.
  const { filter, setFilter, paging, list, keyword } = usePagedResourceList(resource, (asked) =>
    asked.keyword === undefined ? { enabled: asked.enabled, parent_id: null } : { keyword: asked.keyword, enabled: asked.enabled },
  );
  const enabled = filter.enabled as boolean | undefined;
  const searching = keyword !== undefined;
  const tops = useResourceList(resource, ALL_TOPS);
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const parentNames = new Map((tops.data?.data ?? []).map((top) => [top.id, String(top.name)]));
  const columns = useIndustryColumns(setEditing, searching ? parentNames : undefined);
  const mayEdit = can(resource.operations.edit!);

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;
  const searchLabel = format(c.searchBy, { label: resource.fields.name.label[language] });
  return (
    <EditContext value={setEditing}>
      <Card title={menus.routes.get(resource.menu)?.title ?? resource.label[language]} className="general-page">
        <FilterBar
          search={<KeywordSearch label={searchLabel} keyword={keyword} onSearch={(words) => setFilter({ keyword: words })} onRepeat={() => void list.refetch()} maxLength={RESOURCE_KEYWORD_MAX} />}
          active={enabled === undefined ? 0 : 1}
          searching={searching}
          onClear={() => setFilter({ keyword: undefined, enabled: undefined })}
          tools={
            mayEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, parentId: null })}>
                {t.addIndustry}
              </Button>
            )
          }
        >
          <FlagFilter
            label={t.enabledFilter}
            value={enabled}
            onChange={(flag) => setFilter({ enabled: flag })}
            texts={{ all: t.allStates, on: c.enabled, off: c.disabled }}
          />
        </FilterBar>
        {searching && <Typography.Paragraph type="secondary">{t.matches}</Typography.Paragraph>}
        <PagedTable<ResourceRow>
          list={list}
          paging={paging}
          columns={columns}
          scrollX={columnsWidth(columns)}
          expandable={searching ? undefined : { expandedRowRender: renderSubIndustries }}
        />
        {editing && <IndustryFormModal id={editing.id} parentId={editing.parentId} tops={tops.data?.data ?? []} onClose={() => setEditing(undefined)} />}
      </Card>
    </EditContext>
  );
}
