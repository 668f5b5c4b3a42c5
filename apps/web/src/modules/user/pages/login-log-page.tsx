import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { codeName, LOGIN_PLATFORM_NAMES, LOGIN_RESULT_NAMES, userCalls, type LoginRecord } from '@juqi/contract';
import { Alert, Button, Card, Flex, Result, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FilterBar } from '../../../components/filter-bar';
import { InfiniteTable } from '../../../components/infinite-table';
import { NameAvatar } from '../../../components/name-avatar';
import { QueryFailure } from '../../../components/query-failure';
import { CellAvatar, CellLink } from '../../../components/table-cells';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { clearedUrlState, urlField, useUrlState, type UrlValues } from '../../../lib/url-state';
import { useCan } from '../../../lib/shell-session';
import { useAllLogins } from '../api/get-all-logins';
import { useUserLogins } from '../api/get-user-logins';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { MobileSearchBox, SearchBox } from '../components/search-box';
import { LockUserModal } from '../components/lock-user-modal';
import { LoginResultTag } from '../components/login-result-tag';
import { UserDetailDrawer } from '../components/user-detail-drawer';
import { userMessages, type UserTexts } from '../messages';

const body = userCalls.loginLogListAll.body!.shape;

/** The sign-in list's filters as written in its URL (`/user/login_log?user_id=12&result=bad_password`). */
export const LOGIN_LOG_URL = {
  user_id: urlField('number', body.user_id),
  mobile: urlField('text', body.mobile),
  ip: urlField('text', body.ip),
  result: urlField('text', body.result),
  platform: urlField('text', body.platform),
  time_quantum: urlField('days', body.time_quantum),
};
type LoginLogFilter = UrlValues<typeof LOGIN_LOG_URL>;

const USER_ID = /^\d{1,10}$/;

/**
 * /user/login_log: app sign-ins of all users, or of one (`?user_id=`, also reached from the user drawer), with that
 * user's lock / unlock at the top. Staff who may read one user's records but not everyone's see them per user only.
 */
export function LoginLogPage() {
  const t = useMessages(userMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const [filter, setFilter] = useUrlState(LOGIN_LOG_URL);
  const mayAll = can('user.login_log.all');
  const mayOne = can('user.login_log.view');
  const userId = filter.user_id;
  const all = useAllLogins(filter, mayAll);
  const one = useUserLogins({ user_id: userId ?? 0, result: filter.result, time_quantum: filter.time_quantum }, !mayAll && mayOne && userId !== undefined);
  const list = mayAll ? all : one;
  const [openId, setOpenId] = useState<number | null>(null);
  const count = list.data?.pages[0]?.count;
  const answered = mayAll || (mayOne && userId !== undefined);

  if (answered && list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;

  const columns = [
    { key: 'login_at', title: t.loginAt, width: 150, render: (_: unknown, r: LoginRecord) => dateTime(r.login_at) },
    {
      key: 'user',
      title: t.colUser,
      width: 190,
      render: (_: unknown, r: LoginRecord) => (
        <span className="user-cell">
          <CellAvatar name={r.user_name} />
          <span>
            {can('user.detail') ? (
              <CellLink className="user-cell__name" onClick={() => setOpenId(r.user_id)}>
                {r.user_name}
              </CellLink>
            ) : (
              <span className="user-cell__name">{r.user_name}</span>
            )}
            <span className="cell-muted user-cell__sub">{r.user_mobile}</span>
          </span>
        </span>
      ),
    },
    { key: 'user_id', title: t.userId, width: 90, dataIndex: 'user_id' },
    { key: 'ip', title: t.ip, width: 140, dataIndex: 'ip' },
    { key: 'location', title: t.location, width: 90, dataIndex: 'location' },
    { key: 'device', title: t.device, width: 180, ellipsis: true, dataIndex: 'device' },
    { key: 'platform', title: t.platform, width: 100, render: (_: unknown, r: LoginRecord) => codeName(LOGIN_PLATFORM_NAMES, r.platform, language) },
    { key: 'result', title: t.result, width: 110, render: (_: unknown, r: LoginRecord) => <LoginResultTag result={r.result} /> },
    ...(userId === undefined
      ? [
          {
            key: 'actions',
            title: t.actions,
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, r: LoginRecord) => (
              <CellLink onClick={() => setFilter({ user_id: r.user_id, mobile: undefined })}>{t.onlyThisUser}</CellLink>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      className="user-page"
      title={t.loginsTitle}
      extra={answered && count !== undefined && <Typography.Text type="secondary">{format(t.loginCount, { count })}</Typography.Text>}
    >
      <Flex vertical gap={12} className="user-page__body">
        <LoginFilterBar filter={filter} onChange={setFilter} mayAll={mayAll} t={t} />
        {userId !== undefined && (
          <UserCard userId={userId} onOpen={() => setOpenId(userId)} onShowAll={mayAll ? () => setFilter({ user_id: undefined }) : undefined} t={t} />
        )}
        {answered ? (
          <InfiniteTable<LoginRecord> list={list} resetKey={JSON.stringify(filter)} rowKey="id" columns={columns} scrollX={columns.reduce((sum, c) => sum + c.width, 0)} />
        ) : (
          <Result status="info" title={t.needUser} />
        )}
      </Flex>
      {openId !== null && <UserDetailDrawer userId={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}

interface LoginFilterBarProps {
  filter: LoginLogFilter;
  /** Called with the filters that changed; the others stay. */
  onChange: (patch: LoginLogFilter) => void;
  mayAll: boolean;
  t: UserTexts;
}

function LoginFilterBar({ filter, onChange, mayAll, t }: LoginFilterBarProps) {
  const language = usePreferences((s) => s.language);
  const { user_id, ...folded } = filter;
  return (
    <FilterBar
      search={
        <SearchBox
          numeric
          className="user-filter__id"
          label={t.userId}
          invalidText={t.userIdInvalid}
          pattern={USER_ID}
          maxLength={10}
          value={user_id === undefined ? undefined : String(user_id)}
          onChange={(id) => onChange({ user_id: id === undefined ? undefined : Number(id) })}
        />
      }
      active={Object.values(folded).filter((value) => value !== undefined).length}
      searching={user_id !== undefined}
      onClear={() => onChange(clearedUrlState(LOGIN_LOG_URL))}
    >
      {mayAll && <MobileSearchBox label={t.mobile} invalidText={t.mobileInvalid} value={filter.mobile} onChange={(mobile) => onChange({ mobile })} />}
      {mayAll && <SearchBox className="user-filter__id" label={t.ip} maxLength={64} value={filter.ip} onChange={(ip) => onChange({ ip })} />}
      <Select
        className="user-filter__select"
        prefix={t.result}
        aria-label={t.result}
        placeholder={t.all}
        allowClear
        value={filter.result}
        options={LOGIN_RESULT_NAMES.map(({ value, name }) => ({ value, label: name[language] }))}
        onChange={(result) => onChange({ result: result ?? undefined })}
      />
      {mayAll && (
        <Select
          className="user-filter__select"
          prefix={t.platform}
          aria-label={t.platform}
          placeholder={t.all}
          allowClear
          value={filter.platform}
          options={LOGIN_PLATFORM_NAMES.map(({ value, name }) => ({ value, label: name[language] }))}
          onChange={(platform) => onChange({ platform: platform ?? undefined })}
        />
      )}
      <DayRangeFilter className="user-filter__range" label={t.loginAt} value={filter.time_quantum} onChange={(time_quantum) => onChange({ time_quantum })} />
    </FilterBar>
  );
}

/** The user whose sign-ins are listed: who, whether locked, and lock / unlock. */
function UserCard({ userId, onOpen, onShowAll, t }: { userId: number; onOpen: () => void; onShowAll?: () => void; t: UserTexts }) {
  const can = useCan();
  const detail = useCallQuery(userCalls.details, can('user.detail') ? { id: userId } : null);
  const [locking, setLocking] = useState(false);
  const user = detail.data?.user;
  return (
    <>
      <Alert
        type={user?.locked ? 'error' : 'info'}
        title={
          <Flex align="center" justify="space-between" wrap gap={8}>
            <Space wrap>
              <Typography.Text strong>{format(t.userFilterOn, { id: userId })}</Typography.Text>
              {user && (
                <>
                  <NameAvatar size="small" name={user.name} src={user.head_img_url} />
                  <Typography.Link onClick={onOpen}>{user.name}</Typography.Link>
                  <Typography.Text type="secondary">{user.mobile}</Typography.Text>
                  {user.locked ? <Tag color="error">{t.locked}</Tag> : <Tag color="success">{t.normal}</Tag>}
                  {user.locked && user.lock_reason && <Typography.Text type="secondary">{user.lock_reason}</Typography.Text>}
                </>
              )}
            </Space>
            <Space>
              {user && can('user.lock') && (
                <Button size="small" danger={!user.locked} icon={user.locked ? <UnlockOutlined /> : <LockOutlined />} onClick={() => setLocking(true)}>
                  {user.locked ? t.unlock : t.lock}
                </Button>
              )}
              {onShowAll && (
                <Button size="small" onClick={onShowAll}>
                  {t.showAllUsers}
                </Button>
              )}
            </Space>
          </Flex>
        }
      />
      {locking && user && <LockUserModal user={user} onClose={() => setLocking(false)} />}
    </>
  );
}
