import { PlusOutlined } from '@ant-design/icons';
import { isProductEntry, powerCalls, type PowerNode } from '@juqi/contract';
import { App, Button, Card, Empty, Flex, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { memo, useCallback, useMemo, useState, type Key } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { useMenuChangingMutation } from '../api/menu-changing-mutation';
import { CatalogueTitle } from '../components/catalogue-title';
import { depthOf, indexCatalogue, type CatalogueIndex } from '../components/grant-model';
import { QueryFailure } from '../../../components/query-failure';
import { MAX_MENU_DEPTH, PowerFormModal, type PowerFormTarget } from '../components/power-form-modal';
import { useCan } from '../../../lib/shell-session';
import { powerMessages, type PowerText } from '../messages';

/** A table row: the entry, with `children` left out when empty so antd shows no expand button. */
interface Row extends Omit<PowerNode, 'children'> {
  node: PowerNode;
  children?: Row[];
}

type Action = { kind: 'form'; target: PowerFormTarget } | { kind: 'delete'; node: PowerNode };

const toRows = (nodes: PowerNode[]): Row[] =>
  nodes.map((node) => ({ ...node, node, children: node.children.length ? toRows(node.children) : undefined }));

const idsWithChildren = (nodes: PowerNode[]): number[] =>
  nodes.flatMap((node) => (node.children.length ? [node.id, ...idsWithChildren(node.children)] : []));

/** Opened at first: the sections, so their pages and groups show; groups open on demand. */
const sectionIds = (nodes: PowerNode[]): number[] => nodes.filter((node) => node.children.length).map((node) => node.id);

function buildColumns(t: PowerText, index: CatalogueIndex, mayEdit: boolean, act: (action: Action) => void): TableColumnsType<Row> {
  const columns: TableColumnsType<Row> = [
    { key: 'name', title: t.entryName, render: (_: unknown, row) => <CatalogueTitle node={row.node} compact /> },
    {
      key: 'kind',
      title: t.entryKind,
      width: 72,
      render: (_: unknown, row) =>
        row.kind === 'menu' ? <Tag color="blue">{t.kindMenu}</Tag> : <Tag color="geekblue">{t.kindOperation}</Tag>,
    },
    {
      key: 'path',
      title: t.pathOrCode,
      width: 220,
      ellipsis: true,
      render: (_: unknown, row) => (row.kind === 'menu' ? row.path : <Typography.Text code>{row.code}</Typography.Text>),
    },
    { key: 'sort', dataIndex: 'sort', title: t.entrySort, width: 60, align: 'right' },
    {
      key: 'flags',
      title: t.entryFlags,
      width: 110,
      render: (_: unknown, row) =>
        row.kind === 'menu' && (row.hidden || row.no_cache) ? (
          <Space size={4}>
            {row.hidden && <Tag color="orange">{t.entryHidden}</Tag>}
            {row.no_cache && <Tag color="purple">{t.entryNoCache}</Tag>}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
  if (!mayEdit) return columns;
  columns.push({
    key: 'actions',
    title: t.actions,
    width: 260,
    render: (_: unknown, { node }) => {
      const isMenu = node.kind === 'menu';
      return (
        <Space size={0}>
          {isMenu && depthOf(index, node.id) < MAX_MENU_DEPTH && (
            <Button type="link" size="small" onClick={() => act({ kind: 'form', target: { mode: 'add', kind: 'menu', parent: node } })}>
              {t.addChildMenu}
            </Button>
          )}
          {isMenu && (
            <Button type="link" size="small" onClick={() => act({ kind: 'form', target: { mode: 'add', kind: 'operation', parent: node } })}>
              {t.addOperation}
            </Button>
          )}
          <Button type="link" size="small" aria-label={`${t.edit} ${node.name}`} onClick={() => act({ kind: 'form', target: { mode: 'edit', node } })}>
            {t.edit}
          </Button>
          {node.children.length > 0 || isProductEntry(node) ? (
            <Tooltip title={node.children.length > 0 ? t.entryHasChildren : t.entryIsProducts}>
              <Button type="link" size="small" danger disabled aria-label={`${t.delete} ${node.name}`}>
                {t.delete}
              </Button>
            </Tooltip>
          ) : (
            <Button type="link" size="small" danger aria-label={`${t.delete} ${node.name}`} onClick={() => act({ kind: 'delete', node })}>
              {t.delete}
            </Button>
          )}
        </Space>
      );
    },
  });
  return columns;
}

interface CatalogueTableProps {
  rows: Row[];
  columns: TableColumnsType<Row>;
  expanded: readonly Key[];
  onExpand: (keys: readonly Key[]) => void;
  loading: boolean;
  empty: string;
}

/**
 * The catalogue has well over a hundred entries, each row full of antd components: memoised, so the table renders
 * again only when its rows, columns or expansion change (not on every mutation state or shell update).
 */
const CatalogueTable = memo(function CatalogueTable({ rows, columns, expanded, onExpand, loading, empty }: CatalogueTableProps) {
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: onExpand, indentSize: 20 }}
      scroll={{ x: 960 }}
    />
  );
});

/** /permission/page: the function catalogue — menus up to three levels and their operations — as an editable tree. */
export function FunctionPage() {
  const t = useMessages(powerMessages);
  const can = useCan();
  const { message, modal } = App.useApp();
  const catalogue = useCallQuery(powerCalls.particulars, undefined);
  // mutateAsync is stable, so the callbacks below stay stable too.
  const { mutateAsync: deleteEntry } = useMenuChangingMutation(powerCalls.remove, [powerCalls.particulars]);
  const [target, setTarget] = useState<PowerFormTarget | null>(null);
  // null: the default (sections open).
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const tree = useMemo(() => catalogue.data?.tree ?? [], [catalogue.data]);
  const index = useMemo(() => indexCatalogue(tree), [tree]);
  const rows = useMemo(() => toRows(tree), [tree]);
  const defaultExpanded = useMemo(() => sectionIds(tree), [tree]);
  const mayEdit = can('power.edit');

  // The row buttons call one stable function, so the columns (and the memoised table) survive re-renders.
  const act = useCallback(
    (action: Action) => {
      if (action.kind === 'form') {
        setTarget(action.target);
        return;
      }
      modal.confirm({
        title: format(t.entryDeleteConfirm, { name: action.node.name }),
        okText: t.delete,
        okButtonProps: { danger: true },
        cancelText: t.cancel,
        onOk: async () => {
          try {
            await deleteEntry({ id: action.node.id });
            void message.success(t.deleted);
          } catch {
            // The API client has shown the refusal.
          }
        },
      });
    },
    [t, modal, message, deleteEntry],
  );
  const columns = useMemo(() => buildColumns(t, index, mayEdit, act), [t, index, mayEdit, act]);
  const onExpand = useCallback((keys: readonly Key[]) => setExpanded(keys), []);

  if (catalogue.isError && !catalogue.data) return <QueryFailure error={catalogue.error} onRetry={() => void catalogue.refetch()} />;

  return (
    <Card
      title={t.catalogueTitle}
      className="power-page"
      extra={
        <Space size={4}>
          <Button type="link" onClick={() => setExpanded(idsWithChildren(tree))}>
            {t.expandAll}
          </Button>
          <Button type="link" onClick={() => setExpanded([])}>
            {t.collapseAll}
          </Button>
        </Space>
      }
    >
      <Flex justify="space-between" align="center" gap={12} wrap className="power-toolbar">
        <Typography.Text type="secondary">{t.catalogueHint}</Typography.Text>
        {mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add', kind: 'menu', parent: null })}>
            {t.addTopMenu}
          </Button>
        )}
      </Flex>
      <CatalogueTable
        rows={rows}
        columns={columns}
        expanded={expanded ?? defaultExpanded}
        onExpand={onExpand}
        loading={catalogue.isLoading}
        empty={t.empty}
      />
      {target && <PowerFormModal target={target} tree={tree} onClose={() => setTarget(null)} />}
    </Card>
  );
}
