import { informCalls, type NotificationRecipient, type PublishedNotification, type PublishedNotificationDetails } from '@juqi/contract';
import { Alert, Flex, Segmented, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { informMessages } from '../messages';
import { NotificationTypeTag } from './notification-type-tag';
import './sent-notifications.css';

/** Page size of the recipient list. */
const RECIPIENT_PAGE_SIZE = 10;

/**
 * Who a notification to users went to: the selection as stored, and why there is no read list. The filter's conditions
 * are not spelt out: their labels (levels, partners) belong to the user module.
 */
function UserRecipients({ details }: { details: PublishedNotificationDetails }) {
  const t = useMessages(informMessages);
  const when = useDateTime();
  const { selection, selection_at: at } = details;
  return (
    <Flex vertical gap={8}>
      <Alert type="info" showIcon title={t.usersReadHint} />
      {selection?.mode === 'ids' && <Typography.Text>{format(t.selectionIds, { count: selection.ids.length })}</Typography.Text>}
      {selection?.mode === 'filter' && (
        <>
          <Typography.Text>{format(t.selectionFilter, { time: at ? when(at) : '—', count: details.recipient_count.toLocaleString() })}</Typography.Text>
          {selection.exclude_ids.length > 0 && (
            <Typography.Text type="secondary">{format(t.selectionExcluded, { count: selection.exclude_ids.length })}</Typography.Text>
          )}
        </>
      )}
    </Flex>
  );
}

/** The staff holding a copy, read or unread (one list at a time, paged by the server), with both counts. */
function StaffRecipients({ id, recipientCount }: { id: number; recipientCount: number }) {
  const t = useMessages(informMessages);
  const when = useDateTime();
  const [isRead, setIsRead] = useState(1);
  const [page, setPage] = useState(1);
  const list = useCallQuery(informCalls.dataNotificationRecipients, { id, is_read: isRead, page, limit: RECIPIENT_PAGE_SIZE }, { keepPrevious: true });
  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} compact />;
  const read = list.data?.read ?? 0;
  const unread = list.data?.unread ?? 0;
  const columns: TableColumnsType<NotificationRecipient> = [
    { key: 'name', dataIndex: 'name', title: t.staffName, ellipsis: true },
    { key: 'staff_num', dataIndex: 'staff_num', title: t.staffNum, width: 96 },
    ...(isRead ? [{ key: 'read_at', dataIndex: 'read_at', title: t.readAt, width: 136, render: (value: string | null) => (value ? when(value) : '') }] : []),
  ];
  return (
    <Flex vertical gap={8}>
      <Segmented
        aria-label={t.readBy}
        value={isRead}
        onChange={(value) => {
          setIsRead(value);
          setPage(1);
        }}
        options={[
          { value: 1, label: format(t.readTab, { count: read }) },
          { value: 0, label: format(t.unreadTab, { count: unread }) },
        ]}
      />
      <Table<NotificationRecipient>
        rowKey="staff_id"
        size="small"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        locale={{ emptyText: t.empty }}
        pagination={{
          current: page,
          pageSize: RECIPIENT_PAGE_SIZE,
          total: list.data?.count ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {/* The count was fixed when it was published; a copy its staff deleted (or lost with their account) is in neither list. */}
      {list.data && read + unread < recipientCount && (
        <Typography.Text type="secondary">{format(t.copiesDeleted, { count: recipientCount - read - unread })}</Typography.Text>
      )}
    </Flex>
  );
}

function DetailsBody({ id }: { id: number }) {
  const t = useMessages(informMessages);
  const when = useDateTime();
  const details = useCallQuery(informCalls.dataNotificationDetails, { id });
  const shown = details.data;
  if (!shown) return details.isError ? <QueryFailure error={details.error} onRetry={() => void details.refetch()} compact /> : <Skeleton active />;
  const targetLabels: Record<PublishedNotification['target'], string> = { all: t.targetAll, staff: t.targetStaff, users: t.sentToUsers };
  return (
    <article className="sent-notification">
      <Typography.Title level={4} className="sent-notification__title">
        {shown.title}
      </Typography.Title>
      <DetailList
        size="small"
        column={1}
        items={[
          { key: 'type', label: t.type, children: <NotificationTypeTag type={shown.type} /> },
          { key: 'created_at', label: t.createdAt, children: <time dateTime={shown.created_at}>{when(shown.created_at)}</time> },
          { key: 'sender', label: t.publisher, children: shown.sender || t.system },
          { key: 'target', label: t.target, children: `${targetLabels[shown.target]} · ${format(t.recipientCount, { count: shown.recipient_count.toLocaleString() })}` },
        ]}
      />
      {/* Message notifications are plain text: React escapes it, and line breaks are kept. */}
      <Typography.Paragraph className="sent-notification__content">{shown.content}</Typography.Paragraph>
      <Typography.Title level={5}>{shown.target === 'users' ? t.target : t.readBy}</Typography.Title>
      {shown.target === 'users' ? <UserRecipients details={shown} /> : <StaffRecipients key={id} id={id} recipientCount={shown.recipient_count} />}
    </article>
  );
}

/**
 * 已发布通知's detail drawer: the notification, its recipients and who has read it, opened by its id (a row's 详情, or a
 * link naming it). It only shows, so it closes at once.
 */
export function SentNotificationDrawer({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  const t = useMessages(informMessages);
  const id = Number(recordKey);
  return (
    <ConfirmCloseDrawer title={t.notificationDetails} open onClose={onClose} size={560}>
      <DetailsBody key={id} id={id} />
    </ConfirmCloseDrawer>
  );
}
