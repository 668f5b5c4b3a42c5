import { FileSearchOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { informCalls, type PublishedNotification } from '@juqi/contract';
import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { DeleteButton } from '../../../components/delete-button';
import { RecordsPage } from '../../../components/records/records-page';
import { useCallMutation } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { useMessages } from '../../../lib/i18n';
import { SENT_NOTIFICATION_READS } from '../api/keys';
import { informMessages } from '../messages';
import { MANAGE_TAB, SENT_NOTIFICATIONS_URL, TypeFilter } from './manage-filters';
import { NotificationTypeTag } from './notification-type-tag';
import { SentNotificationDrawer } from './sent-notification-drawer';
import './sent-notifications.css';

/**
 * Published message notifications: by type and title, with how many recipients have read each (staff only: users have
 * no read state here); delete for everyone. A title or 详情 opens the detail drawer, named in the URL (`?tab=…&id=`) so
 * a link opens it; cut text shows whole on hover.
 */
export function SentNotifications() {
  const t = useMessages(informMessages);
  const dateTime = useDateTime();
  const remove = useCallMutation(informCalls.delDataNotifications, SENT_NOTIFICATION_READS);
  const targetLabels: Record<PublishedNotification['target'], string> = { all: t.targetAll, staff: t.targetStaff, users: t.sentToUsers };

  const columns = (open: (key: string) => void): TableColumnsType<PublishedNotification> => [
    {
      key: 'title',
      dataIndex: 'title',
      title: t.title,
      width: 220,
      ellipsis: { showTitle: false },
      render: (value: string, row) => (
        <Tooltip title={value} placement="topLeft">
          <Button type="link" className="sent-notifications__open" onClick={() => open(String(row.id))}>
            {value}
          </Button>
        </Tooltip>
      ),
    },
    { key: 'type', dataIndex: 'type', title: t.type, width: 140, render: (value: number) => <NotificationTypeTag type={value} /> },
    {
      key: 'content',
      dataIndex: 'content',
      title: t.content,
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Tooltip title={value} placement="topLeft" classNames={{ container: 'sent-notifications__tooltip' }}>
          <span className="sent-notifications__cut">{value}</span>
        </Tooltip>
      ),
    },
    {
      key: 'target',
      dataIndex: 'target',
      title: t.target,
      width: 110,
      render: (value: PublishedNotification['target']) => targetLabels[value],
    },
    {
      key: 'read',
      title: t.readCount,
      width: 110,
      align: 'right',
      // Users have no read state here (read_count null): only how many they were, and the tooltip says why.
      render: (_: unknown, row) =>
        row.read_count === null ? (
          <Tooltip title={t.usersReadHint}>
            <span className="sent-notifications__hint" tabIndex={0}>
              {`— / ${row.recipient_count.toLocaleString()}`} <QuestionCircleOutlined />
            </span>
          </Tooltip>
        ) : (
          `${row.read_count} / ${row.recipient_count.toLocaleString()}`
        ),
    },
    { key: 'sender', dataIndex: 'sender', title: t.publisher, width: 120, render: (value: string) => value || t.system },
    { key: 'created_at', dataIndex: 'created_at', title: t.createdAt, width: 150, render: (value: string) => dateTime(value) },
    {
      key: 'actions',
      title: t.actions,
      width: 160,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={() => open(String(row.id))}>
            {t.details}
          </Button>
          <DeleteButton confirm={t.deleteSentConfirm} onDelete={() => remove.mutateAsync({ id: row.id })} />
        </Space>
      ),
    },
  ];

  return (
    <RecordsPage
      inTab={MANAGE_TAB}
      url={SENT_NOTIFICATIONS_URL}
      openKey="id"
      list={informCalls.listDataNotifications}
      keywordLabel={t.keyword}
      Filters={TypeFilter}
      rowKey="id"
      columns={columns}
      Details={SentNotificationDrawer}
    />
  );
}
