import { fenAsYuan, userCalls } from '@juqi/contract';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { LoginRecord, UserDetail } from '@juqi/contract';
import { Button, Descriptions, Empty, Flex, Skeleton, Space, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useShellSession } from '../../../lib/shell-session';
import { UserAccountStatement } from '../../finance';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { NameAvatar } from '../../../components/name-avatar';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { keysetRows } from '../../../lib/keyset-query';
import { useCan } from '../../../lib/shell-session';
import { useUserLogins } from '../api/get-user-logins';
import { userMessages, type UserTexts } from '../messages';
import { useCodes } from './codes';
import { LockUserModal } from './lock-user-modal';
import { LoginResultTag } from './login-result-tag';
import { VerificationDrawer } from './verification-drawer';
import { SubmissionStateTag } from './verification-state-tag';

export const LOGIN_LOG_PATH = '/user/login_log';

/** One user: profile, verification submissions, sign-ins and lock history; lock or unlock from the top. */
export function UserDetailDrawer({ userId, onClose }: { userId: number; onClose: () => void }) {
  const t = useMessages(userMessages);
  const can = useCan();
  const detail = useCallQuery(userCalls.details, { id: userId });
  const [locking, setLocking] = useState(false);
  const user = detail.data?.user;

  return (
    <ConfirmCloseDrawer
      open
      size={760}
      title={
        user ? (
          <Space>
            <NameAvatar name={user.name} src={user.head_img_url} />
            <span>{user.name}</span>
            {user.locked ? <Tag color="error">{t.locked}</Tag> : <Tag color="success">{t.normal}</Tag>}
          </Space>
        ) : (
          t.userDetailTitle
        )
      }
      extra={
        user &&
        can('user.lock') && (
          <Button danger={!user.locked} icon={user.locked ? <UnlockOutlined /> : <LockOutlined />} onClick={() => setLocking(true)}>
            {user.locked ? t.unlock : t.lock}
          </Button>
        )
      }
      onClose={onClose}
    >
      {detail.isError && !detail.data ? (
        <QueryFailure compact error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <Skeleton active avatar />
      ) : (
        <DetailTabs detail={detail.data} t={t} />
      )}
      {locking && user && <LockUserModal user={user} onClose={() => setLocking(false)} />}
    </ConfirmCloseDrawer>
  );
}

function DetailTabs({ detail, t }: { detail: UserDetail; t: UserTexts }) {
  const can = useCan();
  const [tab, setTab] = useState('profile');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'profile', label: t.tabProfile, children: <Profile detail={detail} t={t} /> },
        { key: 'verification', label: `${t.tabVerification} (${detail.verifications.length})`, children: <Verifications detail={detail} t={t} /> },
        ...(can('user.login_log.view')
          ? [{ key: 'logins', label: t.tabLogins, children: tab === 'logins' && <Logins userId={detail.user.id} t={t} /> }]
          : []),
        ...(can('finance.statement.view')
          ? [
              {
                key: 'statement',
                label: t.tabStatement,
                children: tab === 'statement' && (
                  <Suspense fallback={<Skeleton active />}>
                    <UserAccountStatement userId={detail.user.id} />
                  </Suspense>
                ),
              },
            ]
          : []),
        { key: 'locks', label: `${t.tabLocks} (${detail.lock_records.length})`, children: <Locks detail={detail} t={t} /> },
      ]}
    />
  );
}

function Profile({ detail, t }: { detail: UserDetail; t: UserTexts }) {
  const codes = useCodes();
  const dateTime = useDateTime();
  const u = detail.user;
  const or = (value: string) => value || t.none;
  return (
    <Space orientation="vertical" size={16} className="user-block">
      <DetailList size="small" bordered column={2} title={t.sectionAccount}>
        <Descriptions.Item label={t.colId}>{u.id}</Descriptions.Item>
        <Descriptions.Item label={t.colMobile}>{u.mobile}</Descriptions.Item>
        <Descriptions.Item label={t.colGender}>{t[`gender${u.gender}` as 'gender0'] ?? t.none}</Descriptions.Item>
        <Descriptions.Item label={t.colTypeUser}>{codes.label('type_user', u.type_user)}</Descriptions.Item>
        <Descriptions.Item label={t.colSystemId}>{codes.label('system_id', u.system_id)}</Descriptions.Item>
        <Descriptions.Item label={t.colLevel}>{u.level_name || u.level}</Descriptions.Item>
        <Descriptions.Item label={t.colPw}>{or(u.pw_name)}</Descriptions.Item>
        <Descriptions.Item label={t.colAgencyPw}>{or(u.agency_pw_name)}</Descriptions.Item>
        <Descriptions.Item label={t.colAuthState}>
          {codes.label('authentication_state', u.authentication_state)}
          {u.authentication_type !== null && ` · ${codes.label('verification_type', u.authentication_type)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t.colRealName}>{or(u.real_name)}</Descriptions.Item>
        <Descriptions.Item label={t.location}>{or([...new Set([u.province, u.city])].filter(Boolean).join(' '))}</Descriptions.Item>
        <Descriptions.Item label={t.colIndustry}>{or(u.industry)}</Descriptions.Item>
        <Descriptions.Item label={t.colCompany} span="filled">
          {or(u.company)}
        </Descriptions.Item>
        {u.locked && (
          <>
            <Descriptions.Item label={t.lockedAt}>{dateTime(u.locked_at)}</Descriptions.Item>
            <Descriptions.Item label={t.colLockReason}>{or(u.lock_reason)}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t.colRemark} span="filled">
          {or(u.remark)}
        </Descriptions.Item>
      </DetailList>
      <DetailList size="small" bordered column={2} title={t.sectionAssets}>
        <Descriptions.Item label={t.colBalance}>{fenAsYuan(u.balance_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.colFrozen}>{fenAsYuan(u.frozen_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.colTotalSpent}>{fenAsYuan(u.total_spent_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.colTotalIncome}>{fenAsYuan(u.total_income_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.colBean}>{u.bean_balance}</Descriptions.Item>
        <Descriptions.Item label={t.colOrderCount}>{u.order_count}</Descriptions.Item>
        <Descriptions.Item label={t.colLastOrderAt}>{or(dateTime(u.last_order_at))}</Descriptions.Item>
        <Descriptions.Item label={t.colWithdrawState}>
          {codes.label('withdraw_state', u.withdraw_state)} · {codes.label('withdraw_type', u.withdraw_type)}
        </Descriptions.Item>
      </DetailList>
      <DetailList size="small" bordered column={2} title={t.sectionRegistration}>
        <Descriptions.Item label={t.colRegisteredAt}>{dateTime(u.registered_at)}</Descriptions.Item>
        <Descriptions.Item label={t.colChannel}>{or(codes.label('register_channel', u.register_channel))}</Descriptions.Item>
        <Descriptions.Item label={t.inviter}>
          {detail.inviter ? format(t.personLine, { name: detail.inviter.name, id: detail.inviter.id, mobile: detail.inviter.mobile }) : t.none}
        </Descriptions.Item>
        <Descriptions.Item label={t.invitedCount}>{detail.invited_count}</Descriptions.Item>
        <Descriptions.Item label={t.colInviteCode}>{u.invite_code}</Descriptions.Item>
        <Descriptions.Item label={t.colLastLoginAt}>
          {u.last_login_at ? format(t.timeAndIp, { time: dateTime(u.last_login_at), ip: u.last_login_ip }) : t.none}
        </Descriptions.Item>
      </DetailList>
    </Space>
  );
}

function Verifications({ detail, t }: { detail: UserDetail; t: UserTexts }) {
  const dateTime = useDateTime();
  const can = useCan();
  const codes = useCodes();
  const [open, setOpen] = useState<number | null>(null);
  if (detail.verifications.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noVerification} />;
  return (
    <>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={detail.verifications}
        scroll={{ x: 640 }}
        columns={[
          { key: 'type', title: t.typeFilter, width: 90, render: (_, v) => codes.label('verification_type', v.type) },
          { key: 'state', title: t.stateFilter, width: 80, render: (_, v) => <SubmissionStateTag state={v.state} /> },
          { key: 'subject', title: t.subjectName, dataIndex: 'subject_name', ellipsis: true },
          { key: 'number', title: t.idNumber, width: 170, render: (_, v) => (v.type === 1 ? v.id_number : v.credit_code) },
          { key: 'submitted', title: t.submittedAt, width: 140, render: (_, v) => dateTime(v.submitted_at) },
          ...(can('user.verification.view')
            ? [
                {
                  key: 'view',
                  title: t.actions,
                  width: 90,
                  render: (_: unknown, v: { id: number }) => (
                    <Button type="link" size="small" onClick={() => setOpen(v.id)}>
                      {t.viewDocuments}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {open !== null && <VerificationDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function Logins({ userId, t }: { userId: number; t: UserTexts }) {
  const dateTime = useDateTime();
  const navigate = useNavigate();
  const { menus } = useShellSession();
  const logins = useUserLogins({ user_id: userId });
  const rows = keysetRows(logins.data);
  if (logins.isError && !logins.data) return <QueryFailure compact error={logins.error} onRetry={() => void logins.refetch()} />;
  return (
    <Space orientation="vertical" className="user-block">
      <Table<LoginRecord>
        rowKey="id"
        size="small"
        loading={logins.isLoading}
        pagination={false}
        dataSource={rows}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
        columns={[
          { key: 'at', title: t.loginAt, width: 140, render: (_, r) => dateTime(r.login_at) },
          { key: 'ip', title: t.ip, dataIndex: 'ip', width: 130 },
          { key: 'location', title: t.location, dataIndex: 'location', width: 80 },
          { key: 'device', title: t.device, dataIndex: 'device', ellipsis: true },
          { key: 'result', title: t.result, width: 100, render: (_, r) => <LoginResultTag result={r.result} /> },
        ]}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{logins.data && format(t.loginCount, { count: logins.data.pages[0]?.count ?? 0 })}</Typography.Text>
        <Space>
          {logins.hasNextPage && (
            <Button size="small" loading={logins.isFetchingNextPage} onClick={() => void logins.fetchNextPage()}>
              {t.loadMore}
            </Button>
          )}
          {menus.routes.has(LOGIN_LOG_PATH) && (
            <Button size="small" type="link" onClick={() => navigate(`${LOGIN_LOG_PATH}?user_id=${userId}`)}>
              {t.allLogins}
            </Button>
          )}
        </Space>
      </Flex>
    </Space>
  );
}

function Locks({ detail, t }: { detail: UserDetail; t: UserTexts }) {
  const dateTime = useDateTime();
  if (detail.lock_records.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noLocks} />;
  return (
    <Timeline
      items={detail.lock_records.map((record) => ({
        key: record.id,
        color: record.action === 'lock' ? 'red' : 'green',
        content: (
          <>
            <Typography.Text strong>{record.action === 'lock' ? t.lockAction : t.unlockAction}</Typography.Text>
            <Typography.Text type="secondary"> · {dateTime(record.created_at)}</Typography.Text>
            <div>{format(t.by, { name: record.staff_name || t.system })}</div>
            {record.reason && <div>{record.reason}</div>}
          </>
        ),
      }))}
    />
  );
}
