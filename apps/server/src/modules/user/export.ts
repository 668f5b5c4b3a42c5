import {
  AUTHENTICATION_STATES,
  codeName,
  USER_SOURCES,
  USER_TYPES,
  VERIFICATION_TYPES,
  WITHDRAW_STATES,
  WITHDRAW_TYPES,
  REGISTER_CHANNELS,
  type UserFilter,
  type UserRow,
} from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db } from '../../lib/db/client';
import { keysetBatches } from '../../lib/export/batches';
import { sendWorkbook, type ExportColumn } from '../../lib/export/workbook';
import type { Principal } from '../../lib/http/types';
import { exportedTime } from '../../lib/time-zone';
import type { Cursor } from './cursor';
import { planBlind, userConditions } from './filter';
import { userCursorOf, type SortOrder, type UserListDbRow, type UserSortKey } from './repository';
import { toUserRow, type UserService } from './service';

const yuan = (cents: number) => cents / 100;
const YES_NO = [
  { value: 1, name: { 'zh-CN': '是', 'en-US': 'Yes' } },
  { value: 0, name: { 'zh-CN': '否', 'en-US': 'No' } },
] as const;

/** The workbook's columns, in order. Codes are written as their names in the export's language (`codeName`). */
export const EXPORT_COLUMNS: ExportColumn<UserRow>[] = [
  { header: { 'zh-CN': 'ID', 'en-US': 'ID' }, width: 10, value: (u) => u.id },
  { header: { 'zh-CN': '姓名', 'en-US': 'Name' }, width: 12, value: (u) => u.name },
  { header: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, width: 14, value: (u) => u.mobile },
  { header: { 'zh-CN': '用户类型', 'en-US': 'Type' }, width: 10, value: (u, { locale }) => codeName(USER_TYPES, u.type_user, locale) },
  { header: { 'zh-CN': '用户来源', 'en-US': 'Source' }, width: 12, value: (u, { locale }) => codeName(USER_SOURCES, u.system_id, locale) },
  { header: { 'zh-CN': '等级', 'en-US': 'Level' }, width: 10, value: (u) => u.level_name || String(u.level) },
  { header: { 'zh-CN': '服务岗位', 'en-US': 'Service post' }, width: 12, value: (u) => u.pw_name },
  { header: { 'zh-CN': '代理岗位', 'en-US': 'Agency post' }, width: 12, value: (u) => u.agency_pw_name },
  { header: { 'zh-CN': '实名状态', 'en-US': 'Verification' }, width: 12, value: (u, { locale }) => codeName(AUTHENTICATION_STATES, u.authentication_state, locale) },
  { header: { 'zh-CN': '认证类型', 'en-US': 'Verified as' }, width: 10, value: (u, { locale }) => codeName(VERIFICATION_TYPES, u.authentication_type, locale) },
  { header: { 'zh-CN': '实名名称', 'en-US': 'Verified name' }, width: 20, value: (u) => u.real_name },
  { header: { 'zh-CN': '提现状态', 'en-US': 'Withdrawal' }, width: 14, value: (u, { locale }) => codeName(WITHDRAW_STATES, u.withdraw_state, locale) },
  { header: { 'zh-CN': '提现方式', 'en-US': 'Payout account' }, width: 12, value: (u, { locale }) => codeName(WITHDRAW_TYPES, u.withdraw_type, locale) },
  { header: { 'zh-CN': '订单数', 'en-US': 'Orders' }, width: 8, value: (u) => u.order_count },
  { header: { 'zh-CN': '最近下单时间', 'en-US': 'Last order' }, width: 20, value: (u, { zone }) => exportedTime(u.last_order_at, zone) },
  { header: { 'zh-CN': '累计消费(元)', 'en-US': 'Spent (CNY)' }, width: 14, money: true, value: (u) => yuan(u.total_spent_cents) },
  { header: { 'zh-CN': '余额(元)', 'en-US': 'Balance (CNY)' }, width: 12, money: true, value: (u) => yuan(u.balance_cents) },
  { header: { 'zh-CN': '冻结(元)', 'en-US': 'Frozen (CNY)' }, width: 12, money: true, value: (u) => yuan(u.frozen_cents) },
  { header: { 'zh-CN': '累计收益(元)', 'en-US': 'Income (CNY)' }, width: 14, money: true, value: (u) => yuan(u.total_income_cents) },
  { header: { 'zh-CN': '金豆', 'en-US': 'Beans' }, width: 8, value: (u) => u.bean_balance },
  { header: { 'zh-CN': '省份', 'en-US': 'Province' }, width: 8, value: (u) => u.province },
  { header: { 'zh-CN': '城市', 'en-US': 'City' }, width: 8, value: (u) => u.city },
  { header: { 'zh-CN': '行业', 'en-US': 'Industry' }, width: 10, value: (u) => u.industry },
  { header: { 'zh-CN': '公司', 'en-US': 'Company' }, width: 24, value: (u) => u.company },
  { header: { 'zh-CN': '邀请人ID', 'en-US': 'Inviter ID' }, width: 10, value: (u) => u.inviter_id ?? '' },
  { header: { 'zh-CN': '邀请码', 'en-US': 'Invite code' }, width: 12, value: (u) => u.invite_code },
  { header: { 'zh-CN': '注册渠道', 'en-US': 'Channel' }, width: 16, value: (u, { locale }) => codeName(REGISTER_CHANNELS, u.register_channel, locale) },
  { header: { 'zh-CN': '注册时间', 'en-US': 'Registered' }, width: 20, value: (u, { zone }) => exportedTime(u.registered_at, zone) },
  { header: { 'zh-CN': '最近登录时间', 'en-US': 'Last sign-in' }, width: 20, value: (u, { zone }) => exportedTime(u.last_login_at, zone) },
  { header: { 'zh-CN': '最近登录IP', 'en-US': 'Last sign-in IP' }, width: 16, value: (u) => u.last_login_ip },
  { header: { 'zh-CN': '锁定', 'en-US': 'Locked' }, width: 6, value: (u, { locale }) => codeName(YES_NO, u.locked ? 1 : 0, locale) },
  { header: { 'zh-CN': '锁定原因', 'en-US': 'Lock reason' }, width: 16, value: (u) => u.lock_reason },
  { header: { 'zh-CN': '备注', 'en-US': 'Remark' }, width: 16, value: (u) => u.remark },
];

/** Rows read per keyset query while exporting. */
const BATCH = 2000;
/** Compressed bytes a row takes in the workbook, measured on generated users. */
const BYTES_PER_ROW = 150;

/** Every user matching the filter, in the list's order, as an .xlsx file streamed onto the reply (lib/export). */
export class UserExporter {
  constructor(
    private readonly db: Db,
    private readonly service: UserService,
  ) {}

  send(filter: UserFilter, sort: UserSortKey, order: SortOrder, reply: FastifyReply, by: Principal): Promise<void> {
    const { db, service } = this;
    return sendWorkbook(reply, {
      fileName: { 'zh-CN': '用户导出', 'en-US': 'users' },
      sheetName: { 'zh-CN': '用户', 'en-US': 'Users' },
      columns: EXPORT_COLUMNS,
      bytesPerRow: BYTES_PER_ROW,
      open: async (zone) => {
        const total = await service.countUsers(filter, zone);
        await recordAudit(db, { staffId: by.staffId, action: 'user.export', target: 'users', detail: { filter, sort, order, rows: total, time_zone: zone }, ip: reply.request.ip });
        const conditions = userConditions(filter, zone, sort);
        const pages = keysetBatches<UserListDbRow, Cursor>(
          BATCH,
          (cursor, take) => service.repo.pageUsers(conditions, sort, order, { offset: 0, take, cursor, valueBlind: planBlind(filter) }),
          (last) => userCursorOf(last, sort, order),
        );
        return { total, batches: userRows(pages, service) };
      },
    });
  }
}

/** The database's rows as the list answers them: names for posts and levels. */
async function* userRows(pages: AsyncIterable<readonly UserListDbRow[]>, service: UserService): AsyncGenerator<UserRow[]> {
  for await (const rows of pages) {
    const dict = await service.dictionaries();
    yield rows.map((row) => toUserRow(row, dict));
  }
}
