import { EditOutlined } from '@ant-design/icons';
import type { NotificationTemplate } from '@juqi/contract';
import { Badge, Button, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../lib/shell-session';
import { useDateTime } from '../../../lib/date-time';
import { useMessages } from '../../../lib/i18n';
import { useTemplates } from '../api/get-templates';
import { informMessages } from '../messages';
import { ManageList, useManageListState } from './manage-list';
import { NotificationTypeTag } from './notification-type-tag';
import { useNotificationTypes } from './notification-types';
import { TemplateModal } from './template-modal';

/**
 * Notification templates: the messages the system sends on its own events (by code), with `{key}` placeholders. Their
 * text, type and whether they are sent can be edited; they are not added or deleted here, since code sends them.
 */
export function NotificationTemplates() {
  const t = useMessages(informMessages);
  const dateTime = useDateTime();
  const mayEdit = useCan()('notification.template.edit');
  const { filterOptions } = useNotificationTypes();
  const state = useManageListState(0);
  const list = useTemplates({ type: state.filter, keyword: state.keyword, page: state.page });
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
      <ManageList
        state={state}
        list={list}
        columns={columns}
        filterLabel={t.typeFilter}
        filterOptions={filterOptions}
        searchLabel={t.nameSearch}
        scrollX={1100}
      />
      {editing && <TemplateModal template={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
