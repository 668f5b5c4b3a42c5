import { EditOutlined } from '@ant-design/icons';
import { informCalls, type NotificationTemplate } from '@juqi/contract';
import { Badge, Button, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { RecordsPage } from '../../../components/records/records-page';
import { useCan } from '../../../lib/shell-session';
import { useDateTime } from '../../../lib/date-time';
import { useMessages } from '../../../lib/i18n';
import { informMessages } from '../messages';
import { MANAGE_TAB, TEMPLATES_URL, TypeFilter } from './manage-filters';
import { NotificationTypeTag } from './notification-type-tag';
import { TemplateModal } from './template-modal';

/**
 * Notification templates: the messages the system sends on its own events (by code), with `{key}` placeholders. Their
 * text, type and whether they are sent can be edited; they are not added or deleted here, since code sends them.
 */
export function NotificationTemplates() {
  const t = useMessages(informMessages);
  const dateTime = useDateTime();
  const mayEdit = useCan()('notification.template.edit');
  const [editing, setEditing] = useState<NotificationTemplate | null>(null);

  const columns: TableColumnsType<NotificationTemplate> = [
    { key: 'name', dataIndex: 'name', title: t.name, width: 160, ellipsis: true },
    { key: 'code', dataIndex: 'code', title: t.code, width: 160, render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
    { key: 'type', dataIndex: 'type', title: t.type, width: 140, render: (value: number) => <NotificationTypeTag type={value} /> },
    { key: 'title', dataIndex: 'title', title: t.title, width: 200, ellipsis: true },
    { key: 'content', dataIndex: 'content', title: t.content, ellipsis: true },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t.status,
      width: 90,
      render: (value: boolean) => <Badge status={value ? 'success' : 'default'} text={value ? t.on : t.off} />,
    },
    { key: 'updated_at', dataIndex: 'updated_at', title: t.updatedAt, width: 150, render: (value: string) => dateTime(value) },
  ];
  if (mayEdit)
    columns.push({
      key: 'actions',
      title: t.actions,
      width: 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
          {t.edit}
        </Button>
      ),
    });

  return (
    <>
      <RecordsPage
        inTab={MANAGE_TAB}
        url={TEMPLATES_URL}
        list={informCalls.templateList}
        keywordLabel={t.nameSearch}
        Filters={TypeFilter}
        rowKey="id"
        columns={() => columns}
      />
      {editing && <TemplateModal template={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
