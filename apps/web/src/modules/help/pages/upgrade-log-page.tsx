import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { UpgradeLogEntry } from '@juqi/contract';
import { Alert, Button, Card, Flex, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PagedTable, usePaging } from '../../../components/paged-table';
import { RichText } from '../../../components/rich-text';
import { format, useMessages } from '../../../lib/i18n';
import { useDeleteUpgradeVersion } from '../api/delete-upgrade-version';
import { useUpgradeLog } from '../api/get-upgrade-log';
import { QueryFailure } from '../../../components/query-failure';
import { UpgradeVersionModal } from '../components/upgrade-version-modal';
import { useCan } from '../../../lib/shell-session';
import { helpMessages } from '../messages';
import { DeleteButton } from '../../../components/delete-button';

const renderContent = (entry: UpgradeLogEntry) => <RichText html={entry.content} className="help-row-content" />;

/** /permission/help/upgrade_log: the versions of upgrade log 1, newest first; create, edit and delete them. */
export function UpgradeLogPage() {
  const t = useMessages(helpMessages);
  const mayEdit = useCan()('help.upgrade_log.edit');
  const paging = usePaging();
  const log = useUpgradeLog({ page: paging.page, limit: paging.pageSize });
  const remove = useDeleteUpgradeVersion();
  // undefined: closed; null: a new version.
  const [editing, setEditing] = useState<UpgradeLogEntry | null | undefined>(undefined);

  const columns: TableColumnsType<UpgradeLogEntry> = [
    { key: 'version_number', dataIndex: 'version_number', title: t.versionNumber, width: 140, render: (v: string) => <Tag>{v}</Tag> },
    { key: 'name', dataIndex: 'name', title: t.versionName, ellipsis: true },
    { key: 'up_time', dataIndex: 'up_time', title: t.upTime, width: 130 },
  ];
  if (mayEdit)
    columns.push({
      key: 'actions',
      title: t.actions,
      width: 170,
      render: (_: unknown, entry) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(entry)}>
            {t.edit}
          </Button>
          <DeleteButton confirm={format(t.deleteConfirm, { name: `${entry.version_number} ${entry.name}` })} onDelete={() => remove.mutateAsync(entry.id)} />
        </Space>
      ),
    });

  if (log.isError && !log.data) return <QueryFailure error={log.error} onRetry={() => void log.refetch()} />;

  return (
    <Card title={t.upgradeLogTitle} className="help-page">
      <Flex justify="space-between" align="center" gap={12} wrap className="help-toolbar">
        {mayEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t.versionCreate}
          </Button>
        ) : (
          <Alert type="info" showIcon title={t.readOnly} />
        )}
      </Flex>
      <PagedTable<UpgradeLogEntry>
        list={log}
        paging={paging}
        columns={columns}
        scrollX={600}
        expandable={{ rowExpandable: (entry) => entry.content !== '', expandedRowRender: renderContent }}
      />
      {editing !== undefined && <UpgradeVersionModal entry={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
