import { fenAsYuan } from '@juqi/contract';
import type { UserRow } from '@juqi/contract';
import type { TableColumnType } from 'antd';
import { CellAvatar, CellLink, CellMuted, CellTag } from '../../../components/table-cells';
import type { UserTexts } from '../messages';
import type { useCodes } from './codes';
import type { UserListState } from './user-filter';

/** Columns the server can sort by, keyed as the table's columns are. */
export const SORTABLE_COLUMNS = { id: 'id', order_count: 'order_count', registered_at: 'registered_at' } as const;

/** Columns shown until the staff chooses otherwise (column settings). */
export const DEFAULT_HIDDEN_COLUMNS = ['gender', 'frozen', 'bean_balance', 'industry', 'inviter_id', 'invite_code', 'last_login_ip', 'lock_reason', 'remark'];

interface ColumnContext {
  t: UserTexts;
  codes: ReturnType<typeof useCodes>;
  /** Formats the time columns in the platform's zone (`useDateTime`). */
  dateTime: (instant: string | null) => string;
  order: Required<Pick<UserListState, 'sort' | 'order'>>;
  onOpen?: (user: UserRow) => void;
  onLock?: (user: UserRow) => void;
}

type Column = Omit<TableColumnType<UserRow>, 'title'> & { key: string; width: number; title: string };
type SortOrder = TableColumnType<UserRow>['sortOrder'];

const text = (value: string) => value || <CellMuted>—</CellMuted>;
const money = (cents: number) => fenAsYuan(cents);

/** Every column of the all-users table, in order; the actions column only when there is an action. */
export function userColumns({ t, codes, dateTime, order, onOpen, onLock }: ColumnContext): Column[] {
  const sortOrder = (key: keyof typeof SORTABLE_COLUMNS): SortOrder =>
    order.sort === key ? (order.order === 'asc' ? 'ascend' : 'descend') : null;
  const sortable = (key: keyof typeof SORTABLE_COLUMNS) => ({ sorter: true, sortOrder: sortOrder(key), sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[] });

  const columns: Column[] = [
    { key: 'id', dataIndex: 'id', title: t.colId, width: 90, fixed: 'left', ...sortable('id') },
    {
      key: 'user',
      title: t.colUser,
      width: 150,
      fixed: 'left',
      render: (_, user) => (
        <span className="user-cell">
          <CellAvatar name={user.name} src={user.head_img_url} />
          {onOpen ? (
            <CellLink className="user-cell__name" onClick={() => onOpen(user)}>
              {user.name}
            </CellLink>
          ) : (
            <span className="user-cell__name">{user.name}</span>
          )}
        </span>
      ),
    },
    { key: 'mobile', dataIndex: 'mobile', title: t.colMobile, width: 120 },
    { key: 'gender', dataIndex: 'gender', title: t.colGender, width: 90, render: (g: number) => t[`gender${g}` as 'gender0'] ?? '' },
    { key: 'type_user', dataIndex: 'type_user', title: t.colTypeUser, width: 90, render: (v: number) => codes.label('type_user', v) },
    { key: 'system_id', dataIndex: 'system_id', title: t.colSystemId, width: 100, render: (v: number) => codes.label('system_id', v) },
    { key: 'level', dataIndex: 'level_name', title: t.colLevel, width: 100, render: (name: string, u) => name || String(u.level) },
    { key: 'pw', dataIndex: 'pw_name', title: t.colPw, width: 110, ellipsis: true, render: text },
    { key: 'agency_pw', dataIndex: 'agency_pw_name', title: t.colAgencyPw, width: 110, ellipsis: true, render: text },
    {
      key: 'authentication_state',
      dataIndex: 'authentication_state',
      title: t.colAuthState,
      width: 100,
      render: (v: number) => <CellTag tone={v === 2 ? 'success' : v === 1 ? 'processing' : 'default'}>{codes.label('authentication_state', v)}</CellTag>,
    },
    { key: 'authentication_type', dataIndex: 'authentication_type', title: t.colAuthType, width: 100, render: (v: number | null) => text(codes.label('verification_type', v)) },
    { key: 'real_name', dataIndex: 'real_name', title: t.colRealName, width: 160, ellipsis: true, render: text },
    { key: 'withdraw_state', dataIndex: 'withdraw_state', title: t.colWithdrawState, width: 100, render: (v: number) => codes.label('withdraw_state', v) },
    { key: 'withdraw_type', dataIndex: 'withdraw_type', title: t.colWithdrawType, width: 100, render: (v: number) => codes.label('withdraw_type', v) },
    { key: 'order_count', dataIndex: 'order_count', title: t.colOrderCount, width: 100, align: 'right', ...sortable('order_count') },
    { key: 'last_order_at', dataIndex: 'last_order_at', title: t.colLastOrderAt, width: 150, render: (v: string | null) => text(dateTime(v)) },
    { key: 'total_spent', dataIndex: 'total_spent_cents', title: t.colTotalSpent, width: 130, align: 'right', render: money },
    { key: 'balance', dataIndex: 'balance_cents', title: t.colBalance, width: 120, align: 'right', render: money },
    { key: 'frozen', dataIndex: 'frozen_cents', title: t.colFrozen, width: 110, align: 'right', render: money },
    { key: 'total_income', dataIndex: 'total_income_cents', title: t.colTotalIncome, width: 130, align: 'right', render: money },
    { key: 'bean_balance', dataIndex: 'bean_balance', title: t.colBean, width: 80, align: 'right' },
    { key: 'province', dataIndex: 'province', title: t.colProvince, width: 80, render: text },
    { key: 'city', dataIndex: 'city', title: t.colCity, width: 80, render: text },
    { key: 'industry', dataIndex: 'industry', title: t.colIndustry, width: 100, ellipsis: true, render: text },
    { key: 'company', dataIndex: 'company', title: t.colCompany, width: 200, ellipsis: true, render: text },
    { key: 'inviter_id', dataIndex: 'inviter_id', title: t.colInviterId, width: 90, render: (v: number | null) => text(v === null ? '' : String(v)) },
    { key: 'invite_code', dataIndex: 'invite_code', title: t.colInviteCode, width: 110 },
    { key: 'register_channel', dataIndex: 'register_channel', title: t.colChannel, width: 130, render: (v: string) => text(codes.label('register_channel', v)) },
    { key: 'registered_at', dataIndex: 'registered_at', title: t.colRegisteredAt, width: 160, render: (v: string) => dateTime(v), ...sortable('registered_at') },
    { key: 'last_login_at', dataIndex: 'last_login_at', title: t.colLastLoginAt, width: 150, render: (v: string | null) => text(dateTime(v)) },
    { key: 'last_login_ip', dataIndex: 'last_login_ip', title: t.colLastLoginIp, width: 130, render: text },
    {
      key: 'locked',
      dataIndex: 'locked',
      title: t.colLocked,
      width: 90,
      render: (locked: boolean) => (locked ? <CellTag tone="error">{t.locked}</CellTag> : <CellTag tone="success">{t.normal}</CellTag>),
    },
    { key: 'lock_reason', dataIndex: 'lock_reason', title: t.colLockReason, width: 160, ellipsis: true, render: text },
    { key: 'remark', dataIndex: 'remark', title: t.colRemark, width: 160, ellipsis: true, render: text },
  ];
  if (onOpen || onLock) {
    columns.push({
      key: 'actions',
      title: t.actions,
      width: 110,
      fixed: 'right',
      render: (_, user) => (
        <span className="user-actions">
          {onOpen && <CellLink onClick={() => onOpen(user)}>{t.detail}</CellLink>}
          {onLock && (
            <CellLink danger={!user.locked} onClick={() => onLock(user)}>
              {user.locked ? t.unlock : t.lock}
            </CellLink>
          )}
        </span>
      ),
    });
  }
  return columns;
}

/** The columns the staff may show or hide: all but the fixed ones (ID, user, actions). */
export const isOptionalColumn = (column: Column): boolean => !column.fixed;

export type { Column as UserColumn };
