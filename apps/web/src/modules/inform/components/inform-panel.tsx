import { DeleteOutlined } from '@ant-design/icons';
import { informCalls, type AnnouncementItem, type NotificationItem } from '@juqi/contract';
import { Alert, App, Badge, Button, Empty, Flex, List, Pagination, Radio, Select, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useUnreadChangingMutation } from '../api/unread-changing-mutation';
import { useLiveStore } from '../live/live-store';
import { informMessages } from '../messages';
import { NotificationTypeTag } from './notification-type-tag';
import { useOpenSubject } from './notification-subject';
import { useNotificationTypes } from './notification-types';
import '../inform.css';

type Entry = 'messages' | 'announcements';

/** Page size of the drawer's lists. */
const DRAWER_PAGE_SIZE = 20;

/**
 * Message notifications: type filter, unread / read, the total, and items whose delete link shows on hover. Opening an
 * item marks it read and opens what it is about, where it is about something (an approval, a submission).
 */
function NotificationList() {
  const t = useMessages(informMessages);
  const timeOf = useDateTime();
  const { message } = App.useApp();
  const { filterOptions } = useNotificationTypes();
  const [type, setType] = useState(0);
  const [isRead, setIsRead] = useState(0);
  const [page, setPage] = useState(1);
  const list = useCallQuery(informCalls.listNotifications, { is_read: isRead, type, page, limit: DRAWER_PAGE_SIZE }, { keepPrevious: true });
  const markRead = useUnreadChangingMutation(informCalls.readNotifications);
  const remove = useUnreadChangingMutation(informCalls.delNotification);
  const openSubject = useOpenSubject();

  const open = (item: NotificationItem) => {
    if (item.is_read === 0) markRead.mutate({ ids: [item.id] });
    if (item.subject) openSubject(item.subject);
  };
  const del = async (item: NotificationItem) => {
    try {
      await remove.mutateAsync({ id: item.id });
      void message.success(t.deleted);
    } catch {
      // The API client showed the refusal.
    }
  };

  return (
    <div className="inform-list">
      <Flex gap={8} wrap align="center" className="inform-list__toolbar">
        <Select
          aria-label={t.typeFilter}
          className="inform-list__type"
          value={type}
          options={filterOptions}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
        />
        <Radio.Group
          aria-label={t.readState}
          optionType="button"
          buttonStyle="solid"
          value={isRead}
          onChange={(e) => {
            setIsRead(e.target.value as number);
            setPage(1);
          }}
          options={[
            { value: 0, label: t.unread },
            { value: 1, label: t.read },
          ]}
        />
        <Typography.Text type="secondary" className="inform-list__total">
          {format(t.total, { count: list.data?.count ?? 0 })}
        </Typography.Text>
        {isRead === 0 && (list.data?.count ?? 0) > 0 && (
          <Button size="small" type="link" loading={markRead.isPending} onClick={() => markRead.mutate({ all: true, type })}>
            {t.markAllRead}
          </Button>
        )}
      </Flex>
      {list.isError && !list.data ? (
        <Empty description={t.loadFailed}>
          <Button onClick={() => void list.refetch()}>{t.retry}</Button>
        </Empty>
      ) : (
        <Spin spinning={list.isFetching && !list.data}>
          <List<NotificationItem>
            dataSource={list.data?.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
            renderItem={(item) => (
              <List.Item
                className={`inform-item${item.is_read ? '' : ' inform-item--unread'}`}
                onClick={() => open(item)}
                actions={[
                  <Button
                    key="delete"
                    type="link"
                    size="small"
                    danger
                    className="inform-item__delete"
                    icon={<DeleteOutlined />}
                    loading={remove.isPending && remove.variables?.id === item.id}
                    onClick={(event) => {
                      event.stopPropagation();
                      void del(item);
                    }}
                  >
                    {t.delete}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span className="inform-item__title">
                      {item.is_read === 0 && <Badge status="processing" />}
                      <span className="inform-item__name">{item.title}</span>
                      <NotificationTypeTag type={item.type} className="inform-item__type" />
                    </span>
                  }
                  description={
                    <>
                      <div className="inform-item__content">{item.content}</div>
                      <time className="inform-item__time" dateTime={item.time}>
                        {timeOf(item.time)}
                      </time>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Spin>
      )}
      {(list.data?.count ?? 0) > DRAWER_PAGE_SIZE && (
        <Pagination simple size="small" current={page} pageSize={DRAWER_PAGE_SIZE} total={list.data?.count ?? 0} onChange={setPage} className="inform-list__pages" />
      )}
    </div>
  );
}

/** Announcements addressed to the staff; one opens in the detail drawer. */
function AnnouncementList() {
  const t = useMessages(informMessages);
  const timeOf = useDateTime();
  const [page, setPage] = useState(1);
  const list = useCallQuery(informCalls.myAnnouncements, { page, limit: DRAWER_PAGE_SIZE }, { keepPrevious: true });
  const showDetails = useLiveStore((s) => s.showDetails);
  const open = (item: AnnouncementItem) => showDetails({ inform_id: item.id, title: item.title, time: item.time, content: '', img: '', data: [] });
  return (
    <div className="inform-list">
      <Typography.Text type="secondary" className="inform-list__total">
        {format(t.total, { count: list.data?.count ?? 0 })}
      </Typography.Text>
      <Spin spinning={list.isFetching && !list.data}>
        <List<AnnouncementItem>
          dataSource={list.data?.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
          renderItem={(item) => (
            <List.Item className="inform-item inform-item--link" onClick={() => open(item)}>
              <List.Item.Meta
                title={
                  <span className="inform-item__title">
                    {!item.seen && <Badge status="processing" />}
                    <span className="inform-item__name">{item.title}</span>
                  </span>
                }
                description={
                  <>
                    {item.summary && <div className="inform-item__content">{item.summary}</div>}
                    <time className="inform-item__time" dateTime={item.time}>
                      {timeOf(item.time)}
                    </time>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Spin>
      {(list.data?.count ?? 0) > DRAWER_PAGE_SIZE && (
        <Pagination simple size="small" current={page} pageSize={DRAWER_PAGE_SIZE} total={list.data?.count ?? 0} onChange={setPage} className="inform-list__pages" />
      )}
    </div>
  );
}

/** The notification and announcement drawer's content (§2.4): two menu entries, message notifications and announcements. */
export function InformPanel() {
  const t = useMessages(informMessages);
  const [entry, setEntry] = useState<Entry>('messages');
  const status = useLiveStore((s) => s.status);
  return (
    <div className="inform-panel">
      {status === 'retrying' && <Alert type="warning" showIcon title={t.offline} className="inform-panel__offline" />}
      <Tabs
        activeKey={entry}
        onChange={(key) => setEntry(key as Entry)}
        items={[
          { key: 'messages', label: t.menuMessages, children: <NotificationList /> },
          { key: 'announcements', label: t.menuAnnouncements, children: <AnnouncementList /> },
        ]}
      />
    </div>
  );
}
