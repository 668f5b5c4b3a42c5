import { EditOutlined } from '@ant-design/icons';
import { informCalls, powerCalls, systemEventOf, type SystemEventSettings } from '@juqi/contract';
import { App, Button, Card, Empty, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { QueryFailure } from '../../../components/query-failure';
import { useNarrowScreen, withOnePinnedColumn } from '../../../components/narrow-screen';
import { commonMessages } from '../../../components/messages';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan, useShellSession } from '../../../lib/shell-session';
import { NotificationTypeTag } from '../components/notification-type-tag';
import { SystemEventModal, bodyOf } from '../components/system-event-modal';
import { audienceLabels, channelLabels, settingsMessages } from '../messages';
import '../inform.css';

const MENU = '/permission/notification/system';
/** The roles an event can go to: 角色设置's list (role.view), on one page. */
const ROLE_LIST = { page: 1, limit: 200 };

/** Turns one event on or off from its row, keeping the rest of its settings. */
function EnabledSwitch({ event, label, editable }: { event: SystemEventSettings; label: string; editable: boolean }) {
  const t = useMessages(settingsMessages);
  const { message } = App.useApp();
  const edit = useCallMutation(informCalls.systemEventEdit, [informCalls.systemEventList]);
  return (
    <Switch
      aria-label={label}
      checked={event.enabled}
      disabled={!editable}
      loading={edit.isPending}
      onChange={async (enabled) => {
        try {
          await edit.mutateAsync({ ...bodyOf(event), enabled });
          void message.success(enabled ? t.turnedOn : t.turnedOff);
        } catch {
          // The API client showed the refusal.
        }
      }}
    />
  );
}

/**
 * 系统通知: which of the platform's events notify whom, through which channels, as which type and with which text. The
 * events are a fixed catalogue: each row is edited (its switch, or 编辑), never added or deleted. Roles come from 角色设置's
 * list, which staff without 查看角色 cannot read: they see the number of roles instead of their names.
 */
export function SystemEventsPage() {
  const t = useMessages(settingsMessages);
  const common = useMessages(commonMessages);
  const channels = useMessages(channelLabels);
  const audiences = useMessages(audienceLabels);
  const language = usePreferences((s) => s.language);
  const narrow = useNarrowScreen();
  const can = useCan();
  const { menus } = useShellSession();
  const list = useCallQuery(informCalls.systemEventList, undefined);
  const roleList = useCallQuery(powerCalls.roleList, can('role.view') ? ROLE_LIST : null, { staleTime: 60_000 });
  const roles = roleList.data?.data.map((r) => ({ value: r.id, label: r.name }));
  const [editing, setEditing] = useState<SystemEventSettings | null>(null);
  const editable = can('notification.system.edit');
  const roleName = (id: number) => roles?.find((r) => r.value === id)?.label ?? format(t.roleUnknown, { id });

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;

  const columns: TableColumnsType<SystemEventSettings> = [
    {
      key: 'event',
      title: t.event,
      // On a phone the name wraps, so its switch shows beside it, clear of the pinned 编辑.
      width: narrow ? 130 : 190,
      render: (_, row) => {
        const event = systemEventOf(row.code)!;
        return (
          <Space size={4} wrap>
            <Typography.Text strong>{event.name[language]}</Typography.Text>
            {!event.raised && (
              <Tooltip title={t.notRaisedHint}>
                <Tag tabIndex={0}>{t.notRaised}</Tag>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    {
      key: 'enabled',
      title: t.enabled,
      width: 70,
      render: (_, row) => <EnabledSwitch event={row} editable={editable} label={`${t.enabled}：${systemEventOf(row.code)!.name[language]}`} />,
    },
    {
      key: 'recipients',
      title: t.recipients,
      width: 180,
      render: (_, row) => {
        const { audience } = systemEventOf(row.code)!;
        if (audience !== 'roles') return audiences[audience];
        if (!row.role_ids.length) return <Typography.Text type="warning">{t.noRoles}</Typography.Text>;
        return (
          <Space size={[4, 4]} wrap>
            {row.role_ids.map((id) => (
              <Tag key={id}>{roleName(id)}</Tag>
            ))}
          </Space>
        );
      },
    },
    {
      key: 'channels',
      title: t.channels,
      width: 140,
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.channels.map((channel) => (
            <Tag key={channel}>{channels[channel]}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'type', title: t.type, width: 150, render: (_, row) => <NotificationTypeTag type={row.type} /> },
    {
      key: 'text',
      title: t.text,
      width: 200,
      ellipsis: { showTitle: false },
      render: (_, row) => (
        <Tooltip title={row.content} placement="topLeft">
          <span>{row.title}</span>
        </Tooltip>
      ),
    },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      title: t.actions,
      width: 90,
      fixed: 'end',
      render: (_, row) => (
        <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(row)}>
          {t.edit}
        </Button>
      ),
    });
  }

  return (
    <Card title={menus.routes.get(MENU)?.title} className="inform-page">
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Table<SystemEventSettings>
        rowKey="code"
        size="middle"
        columns={narrow ? withOnePinnedColumn(columns) : columns}
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={common.empty} /> }}
        scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
      />
      {editing && <SystemEventModal event={editing} roles={roles} mayChooseRoles={can('role.view')} onClose={() => setEditing(null)} />}
    </Card>
  );
}
