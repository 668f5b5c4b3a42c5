import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AUTHENTICATION_STATES,
  codeName,
  ErrorCode,
  EXPORT_ESTIMATED_BYTES_HEADER,
  EXPORT_ROWS_HEADER,
  USER_SOURCES,
  USER_TYPES,
  VERIFICATION_TYPES,
  WITHDRAW_STATES,
  WITHDRAW_TYPES,
  REGISTER_CHANNELS,
  type Locale,
  type UserFilter,
  type UserRow,
} from '@juqi/contract';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/http/types';
import { exportedTime, fileNameStamp } from '../../lib/time-zone';
import { userConditions } from './filter';
import { userCursorOf, type SortOrder, type UserSortKey } from './repository';
import { toUserRow, type UserService } from './service';

/** What a cell's value may depend on besides its row. */
interface ExportContext {
  /** The workbook follows the request's Accept-Language, as the server's messages do. */
  locale: Locale;
  /** Times are written as the platform's time zone shows them. */
  zone: string;
}

export interface ExportColumn {
  /** The header in each language. */
  header: Record<Locale, string>;
  width: number;
  /** Money columns hold yuan (cents / 100) shown with two decimals. */
  money?: boolean;
  value: (u: UserRow, context: ExportContext) => string | number;
}

const yuan = (cents: number) => cents / 100;
const YES_NO = [
  { value: 1, name: { 'zh-CN': '是', 'en-US': 'Yes' } },
  { value: 0, name: { 'zh-CN': '否', 'en-US': 'No' } },
] as const;

/** The workbook's columns, in order. Codes are written as their names in the export's language (`codeName`). */
export const EXPORT_COLUMNS: ExportColumn[] = [
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

/** The sheet's and the saved file's names in each language. */
const SHEET_NAME: Record<Locale, string> = { 'zh-CN': '用户', 'en-US': 'Users' };
const FILE_PREFIX: Record<Locale, string> = { 'zh-CN': '用户导出', 'en-US': 'users' };

/** Rows read per keyset query while exporting. */
const BATCH = 2000;
/** Compressed bytes a row takes in the workbook, measured on generated users; the estimate only drives a progress bar. */
export const BYTES_PER_ROW = 150;
const FIXED_BYTES = 8_000;
/** Uncompressed sheet XML allowed to wait for the client before reading more rows. */
const MAX_BACKLOG = 4 * 1024 * 1024;
/** Exports running at once in this process; more answer 42900. */
const MAX_RUNNING = 2;

const encodeRfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Buffered {
  buffers?: { length?: number }[];
  pipes?: { writableLength?: number; readableLength?: number }[];
}

/**
 * Sheet XML waiting to be compressed. ExcelJS's sheet stream does not pass back-pressure on to its reader, so the
 * export measures what piled up there and waits for the client instead of reading more rows.
 */
function backlog(worksheet: ExcelJS.Worksheet): number {
  const stream = (worksheet as unknown as { stream?: Buffered }).stream;
  if (!stream) return 0;
  const own = (stream.buffers ?? []).reduce((n, b) => n + (b.length ?? 0), 0);
  const piped = (stream.pipes ?? []).reduce((n, p) => n + (p.writableLength ?? 0) + (p.readableLength ?? 0), 0);
  return own + piped;
}

/**
 * Streams every user matching the filter into an .xlsx answer: keyset batches from the database, rows written into
 * ExcelJS's streaming WorkbookWriter as they come, the zip sent as it is made. Memory stays bounded whatever the row
 * count: at most one batch and MAX_BACKLOG of sheet XML are held. The rows to come and an estimate of the bytes are
 * sent as headers first, so the client can show progress (the length is unknown until the end).
 */
export class UserExporter {
  private running = 0;

  constructor(
    private readonly db: Db,
    private readonly service: UserService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(filter: UserFilter, sort: UserSortKey, order: SortOrder, reply: FastifyReply, by: Principal, locale: Locale): Promise<void> {
    if (this.running >= MAX_RUNNING) throw new AppError(ErrorCode.TOO_MANY, 'another export is running; try again when it ends', { retry_after: 10 });
    this.running += 1;
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        this.running -= 1;
      }
    };
    try {
      // One zone for the whole file: its rows, their times and its name agree even if the setting changes meanwhile.
      const zone = await this.service.timeZone.current();
      const total = await this.service.countUsers(filter, zone);
      await recordAudit(this.db, { staffId: by.staffId, action: 'user.export', target: 'users', detail: { filter, sort, order, rows: total, time_zone: zone }, ip: reply.request.ip });
      const stamp = fileNameStamp(this.clock.now(), zone);
      const out = new PassThrough();
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="users-${stamp}.xlsx"; filename*=UTF-8''${encodeRfc5987(`${FILE_PREFIX[locale]}-${stamp}.xlsx`)}`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header(EXPORT_ROWS_HEADER, String(total))
        .header(EXPORT_ESTIMATED_BYTES_HEADER, String(FIXED_BYTES + total * BYTES_PER_ROW));
      let aborted = false;
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted = true;
      });
      reply.send(out);
      this.write(filter, sort, order, { locale, zone }, out, () => aborted)
        .catch((err: unknown) => {
          this.log.error({ err }, 'user export failed');
          out.destroy(err as Error);
        })
        .finally(release);
    } catch (err) {
      release();
      throw err;
    }
  }

  private async write(filter: UserFilter, sort: UserSortKey, order: SortOrder, context: ExportContext, out: PassThrough, aborted: () => boolean): Promise<void> {
    const { locale, zone } = context;
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(SHEET_NAME[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = EXPORT_COLUMNS.map((c, i) => ({ header: c.header[locale], key: `c${i}`, width: c.width, style: c.money ? { numFmt: '0.00' } : {} }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const conditions = userConditions(filter, zone, sort);
    let cursor;
    for (;;) {
      if (aborted()) {
        out.destroy();
        return;
      }
      const [rows, dict] = await Promise.all([
        this.service.repo.pageUsers(conditions, sort, order, { offset: 0, take: BATCH, cursor }),
        this.service.dictionaries(),
      ]);
      for (const row of rows) {
        const user = toUserRow(row, dict);
        sheet.addRow(EXPORT_COLUMNS.map((c) => c.value(user, context))).commit();
      }
      if (rows.length < BATCH) break;
      cursor = userCursorOf(rows[rows.length - 1]!, sort, order);
      while (backlog(sheet) > MAX_BACKLOG && !aborted()) await sleep(5);
    }
    sheet.commit();
    await workbook.commit();
  }
}
