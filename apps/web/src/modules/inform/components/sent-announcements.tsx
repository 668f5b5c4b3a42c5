import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { informCalls, type AnnouncementClass, type PublishedAnnouncement } from '@juqi/contract';
import { Badge, Button, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { ConfirmedActionButton } from '../../../components/delete-button';
import { RecordsPage } from '../../../components/records/records-page';
import { useCallMutation } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { useMessages } from '../../../lib/i18n';
import { classLabels, informMessages } from '../messages';
import { ClassFilter, MANAGE_TAB, SENT_ANNOUNCEMENTS_URL } from './manage-filters';
import { CloseTypeTags } from './popup-display';
import { popupBody } from './popup-fields';
import { usePreviewPopup } from './use-preview-popup';

/** Published announcements: by class and title, how many recipients have been shown each; preview and withdraw. */
export function SentAnnouncements() {
  const t = useMessages(informMessages);
  const dateTime = useDateTime();
  const classes = useMessages(classLabels);
  const previewPopup = usePreviewPopup();
  const withdraw = useCallMutation(informCalls.withdrawAnnouncement, [informCalls.listDataAnnouncements]);

  const status = (row: PublishedAnnouncement) => {
    if (row.withdrawn_at) return <Badge status="default" text={t.withdrawn} />;
    if (row.end_at && dayjs(row.end_at).isBefore(dayjs())) return <Badge status="warning" text={t.expired} />;
    return <Badge status="success" text={t.active} />;
  };

  const columns: TableColumnsType<PublishedAnnouncement> = [
    { key: 'title', dataIndex: 'title', title: t.title, width: 220, ellipsis: true },
    { key: 'class', dataIndex: 'class', title: t.class, width: 110, render: (value: AnnouncementClass) => classes[value] },
    { key: 'close_type', dataIndex: 'close_type', title: t.closeType, width: 220, render: (value: PublishedAnnouncement['close_type']) => <CloseTypeTags value={value} /> },
    {
      key: 'seen',
      title: t.seenCount,
      width: 110,
      align: 'right',
      render: (_: unknown, row) => `${row.seen_count} / ${row.recipient_count}`,
    },
    { key: 'status', title: t.status, width: 100, render: (_: unknown, row) => status(row) },
    { key: 'sender', dataIndex: 'sender', title: t.publisher, width: 120, render: (value: string) => value || t.system },
    { key: 'created_at', dataIndex: 'created_at', title: t.createdAt, width: 150, render: (value: string) => dateTime(value) },
    {
      key: 'actions',
      title: t.actions,
      width: 170,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => previewPopup(popupBody(row), row.show_details)}>
            {t.preview}
          </Button>
          {!row.withdrawn_at && (
            <ConfirmedActionButton
              confirm={t.withdrawConfirm}
              onConfirm={() => withdraw.mutateAsync({ id: row.id })}
              label={t.withdraw}
              icon={<RollbackOutlined />}
              done={t.withdrawn}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <RecordsPage
      inTab={MANAGE_TAB}
      url={SENT_ANNOUNCEMENTS_URL}
      list={informCalls.listDataAnnouncements}
      keywordLabel={t.keyword}
      Filters={ClassFilter}
      rowKey="id"
      columns={() => columns}
    />
  );
}
