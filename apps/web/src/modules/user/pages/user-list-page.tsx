import type { UserRow } from '@juqi/contract';
import { Card, Flex, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ColumnSettings, useHiddenColumns } from '../../../components/column-settings';
import { InfiniteTable } from '../../../components/infinite-table';
import { QueryFailure } from '../../../components/query-failure';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useUrlState } from '../../../lib/url-state';
import { useCan } from '../../../lib/shell-session';
import { useUsers } from '../api/get-users';
import { useCodes, useSearchOptions } from '../components/codes';
import { ExportButton } from '../components/export-button';
import { LockUserModal, type LockTarget } from '../components/lock-user-modal';
import { DEFAULT_HIDDEN_COLUMNS, isOptionalColumn, SORTABLE_COLUMNS, userColumns } from '../components/user-columns';
import { UserDetailDrawer } from '../components/user-detail-drawer';
import { listQueryOf, USER_LIST_URL } from '../components/user-filter';
import { UserFilterBar } from '../components/user-filter-bar';
import { userMessages } from '../messages';

/** Remembered per browser: the columns the staff hid on this table. */
export const USER_COLUMNS_STORAGE_KEY = 'juqi-user-list-hidden-columns';

/**
 * /user/list: every user under the §3 filter (kept in the URL), sortable, with the columns the staff chooses, read page
 * after page as the table scrolls; the detail drawer, lock / unlock, and the Excel export of the whole filtered set.
 */
export function UserListPage() {
  const t = useMessages(userMessages);
  const codes = useCodes();
  const dateTime = useDateTime();
  const can = useCan();
  const [state, setState] = useUrlState(USER_LIST_URL);
  const query = useMemo(() => listQueryOf(state), [state]);
  const users = useUsers(query);
  const options = useSearchOptions(can('user.options'));
  const { hidden, setHidden, reset } = useHiddenColumns(USER_COLUMNS_STORAGE_KEY, DEFAULT_HIDDEN_COLUMNS);
  const [openId, setOpenId] = useState<number | null>(null);
  const [lockTarget, setLockTarget] = useState<LockTarget | null>(null);

  const columns = userColumns({
    t,
    codes,
    dateTime,
    order: { sort: query.sort ?? 'registered_at', order: query.order ?? 'desc' },
    onOpen: can('user.detail') ? (user) => setOpenId(user.id) : undefined,
    onLock: can('user.lock') ? (user) => setLockTarget(user) : undefined,
  });
  const shown = columns.filter((c) => !hidden.includes(c.key));
  const count = users.data?.pages[0]?.count;

  if (users.isError && !users.data) return <QueryFailure error={users.error} onRetry={() => void users.refetch()} />;

  return (
    <Card
      className="user-page"
      title={t.usersTitle}
      extra={
        <Space size={16}>
          <TimeZoneNote />
          {count !== undefined && <Typography.Text type="secondary">{format(t.userCount, { count })}</Typography.Text>}
        </Space>
      }
    >
      <Flex vertical gap={12} className="user-page__body">
        <UserFilterBar
          value={state}
          onChange={setState}
          options={options.data}
          extra={
            <Space>
              {can('user.export') && <ExportButton body={query} count={count} />}
              <ColumnSettings columns={columns.filter(isOptionalColumn)} hidden={hidden} onChange={setHidden} onReset={reset} />
            </Space>
          }
        />
        <InfiniteTable<UserRow>
          list={users}
          resetKey={JSON.stringify(query)}
          rowKey="id"
          columns={shown}
          scrollX={shown.reduce((sum, c) => sum + c.width, 0)}
          onChange={(_pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = one?.columnKey as keyof typeof SORTABLE_COLUMNS | undefined;
            // Clicking a sorted column a third time goes back to the default order (newest registrations first).
            if (key && one?.order) setState({ sort: SORTABLE_COLUMNS[key], order: one.order === 'ascend' ? 'asc' : 'desc' });
            else setState({ sort: undefined, order: undefined });
          }}
        />
      </Flex>
      {openId !== null && <UserDetailDrawer userId={openId} onClose={() => setOpenId(null)} />}
      {lockTarget && <LockUserModal user={lockTarget} onClose={() => setLockTarget(null)} />}
    </Card>
  );
}
