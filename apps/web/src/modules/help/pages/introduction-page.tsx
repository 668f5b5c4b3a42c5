import { CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { helpCalls, type HelpFunctionRow } from '@juqi/contract';
import { Alert, Button, Card, Col, Flex, Row, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { KeywordSearch, PagedTable, pagingSearch, usePaging } from '../../../components/paged-table';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { CategoryModal, type CategoryDraft } from '../components/category-modal';
import { CategoryTree } from '../components/category-tree';
import { FunctionModal } from '../components/function-modal';
import { QueryFailure } from '../../../components/query-failure';
import { useCan } from '../../../lib/shell-session';
import { helpMessages } from '../messages';
import { DeleteButton } from '../../../components/delete-button';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { FUNCTION_READS } from '../api/keys';

/**
 * /permission/help/introduction: the categories (two levels) on one side, the functions of the chosen category on the
 * other; create, edit (rich-text explanation) and delete both.
 */
export function IntroductionPage() {
  const t = useMessages(helpMessages);
  const dateTime = useDateTime();
  const mayEdit = useCan()('help.introduction.edit');
  const topsQuery = useCallQuery(helpCalls.powerlist, { level_id: 1 });
  const subsQuery = useCallQuery(helpCalls.powerlist, { level_id: 2 });
  const tops = topsQuery.data ?? [];
  const subcategories = subsQuery.data ?? [];

  const [category, setCategory] = useState<number>();
  const paging = usePaging();
  const rows = useCallQuery(helpCalls.functionIntroduction, { pid: category, keyword: paging.keyword || undefined, page: paging.page, limit: paging.pageSize }, { keepPrevious: true });
  const remove = useCallMutation(helpCalls.functionDelete, FUNCTION_READS);
  const [categoryDraft, setCategoryDraft] = useState<CategoryDraft>();
  // undefined: closed; null: a new function; a number: that function.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const chosen = [...tops, ...subcategories].find((c) => c.id === category);
  const chooseCategory = (id: number | undefined) => {
    setCategory(id);
    paging.restart();
  };

  const columns: TableColumnsType<HelpFunctionRow> = [
    { key: 'name', dataIndex: 'name', title: t.functionName, width: 200, ellipsis: true },
    {
      key: 'category',
      title: t.functionCategory,
      width: 220,
      ellipsis: true,
      render: (_: unknown, row) => `${row.top_category_name} / ${row.category_name}`,
    },
    { key: 'sort', dataIndex: 'sort', title: t.sort, width: 80, align: 'right' },
    {
      key: 'updated_at',
      dataIndex: 'updated_at',
      title: t.updatedAt,
      width: 160,
      render: (value: string) => dateTime(value),
    },
  ];
  if (mayEdit)
    columns.push({
      key: 'actions',
      title: t.actions,
      width: 170,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row.id)}>
            {t.edit}
          </Button>
          <DeleteButton confirm={format(t.deleteConfirm, { name: row.name })} onDelete={() => remove.mutateAsync({ id: row.id })} />
        </Space>
      ),
    });

  const failed = topsQuery.error ?? subsQuery.error;
  if (failed && !topsQuery.data) return <QueryFailure error={failed} onRetry={() => void Promise.all([topsQuery.refetch(), subsQuery.refetch()])} />;
  if (rows.isError && !rows.data) return <QueryFailure error={rows.error} onRetry={() => void rows.refetch()} />;

  const noSubcategories = !subsQuery.isPending && subcategories.length === 0;
  return (
    <Row gutter={[16, 16]} className="help-page help-introduction">
      <Col xs={24} lg={8} xl={7}>
        <CategoryTree
          tops={tops}
          subcategories={subcategories}
          loading={topsQuery.isPending || subsQuery.isPending}
          selected={category}
          onSelect={chooseCategory}
          onEdit={mayEdit ? setCategoryDraft : undefined}
        />
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card
          title={
            <Space size={8} wrap>
              {t.introTitle}
              {chosen ? (
                <Tag closeIcon={<CloseOutlined aria-label={t.allFunctions} />} onClose={() => chooseCategory(undefined)} color="blue">
                  {chosen.name}
                </Tag>
              ) : (
                <Tag>{t.allFunctions}</Tag>
              )}
            </Space>
          }
        >
          <Flex justify="space-between" gap={12} wrap className="help-toolbar">
            <KeywordSearch label={t.functionSearch} {...pagingSearch(paging, rows)} />
            {mayEdit ? (
              <Tooltip title={noSubcategories ? t.noSubcategories : undefined}>
                <Button type="primary" icon={<PlusOutlined />} disabled={noSubcategories} onClick={() => setEditing(null)}>
                  {t.functionCreate}
                </Button>
              </Tooltip>
            ) : (
              <Alert type="info" showIcon title={t.readOnly} />
            )}
          </Flex>
          <PagedTable<HelpFunctionRow> list={rows} paging={paging} columns={columns} scrollX={830} />
        </Card>
      </Col>
      {categoryDraft && <CategoryModal draft={categoryDraft} tops={tops} onClose={() => setCategoryDraft(undefined)} />}
      {editing !== undefined && (
        <FunctionModal
          id={editing}
          defaultPid={chosen && chosen.pid !== 0 ? chosen.id : undefined}
          tops={tops}
          subcategories={subcategories}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Row>
  );
}
