import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { KeywordSearch, PagedTable, usePaging } from '../../../components/paged-table';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useDeleteManual } from '../api/delete-manual';
import { useHelpManuals } from '../api/get-manuals';
import { ManualModal } from '../components/manual-modal';
import { QueryFailure } from '../../../components/query-failure';
import { useCan } from '../../../lib/shell-session';
import { helpMessages } from '../messages';
import { DeleteButton } from '../../../components/delete-button';

interface Row {
  id: number;
  name: string;
  path: string;
  explains: string;
  sort: number;
  updated_at: string;
}

/** /permission/help/manual: help manuals by sort; search, create, edit (with the rich-text editor) and delete. */
export function ManualPage() {
  const t = useMessages(helpMessages);
  const dateTime = useDateTime();
  const mayEdit = useCan()('help.manual.edit');
  const paging = usePaging();
  const manuals = useHelpManuals({ keyword: paging.keyword, page: paging.page, limit: paging.pageSize });
  const remove = useDeleteManual();
  // undefined: closed; null: a new manual; a number: that manual.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const columns: TableColumnsType<Row> = [
    { key: 'name', dataIndex: 'name', title: t.manualName, width: 180, ellipsis: true },
    {
      key: 'path',
      dataIndex: 'path',
      title: t.manualPath,
      width: 200,
      ellipsis: true,
      render: (path: string) => (path ? <Typography.Text code>{path}</Typography.Text> : '—'),
    },
    { key: 'explains', dataIndex: 'explains', title: t.manualExplains, ellipsis: true },
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
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row.id)}>
            {t.edit}
          </Button>
          <DeleteButton confirm={format(t.deleteConfirm, { name: row.name })} onDelete={() => remove.mutateAsync(row.id)} />
        </Space>
      ),
    });

  if (manuals.isError && !manuals.data) return <QueryFailure error={manuals.error} onRetry={() => void manuals.refetch()} />;

  return (
    <Card title={t.manualTitle} className="help-page">
      <Flex justify="space-between" gap={12} wrap className="help-toolbar">
        <KeywordSearch label={t.manualSearch} paging={paging} list={manuals} />
        {mayEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t.manualCreate}
          </Button>
        ) : (
          <Alert type="info" showIcon title={t.readOnly} />
        )}
      </Flex>
      <PagedTable<Row> list={manuals} paging={paging} columns={columns} scrollX={900} />
      {editing !== undefined && <ManualModal id={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
