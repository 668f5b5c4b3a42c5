import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AUTHENTICATION_STATES,
  ErrorCode,
  EXPORT_ESTIMATED_BYTES_HEADER,
  EXPORT_ROWS_HEADER,
  USER_SOURCES,
  USER_TYPES,
  VERIFICATION_TYPES,
  WITHDRAW_STATES,
  WITHDRAW_TYPES,
  BUSINESS_UTC_OFFSET,
  type UserFilter,
  type UserRow,
} from '@juqi/contract';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/http/types';
import { userConditions } from './filter';
import { userCursorOf, type SortOrder, type UserSortKey } from './repository';
import { toUserRow, type UserService } from './service';

const labelOf = (list: readonly { value: number; label: string }[], value: number | null) =>
  value === null ? '' : (list.find((e) => e.value === value)?.label ?? String(value));

const OFFSET_MS = (() => {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(BUSINESS_UTC_OFFSET)!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
})();

/** `2026-03-01 09:30:00` in the business's time zone; empty for no time. */
export function businessTime(isoTime: string | null): string {
  if (!isoTime) return '';
  return new Date(Date.parse(isoTime) + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export interface ExportColumn {
  header: string;
  width: number;
  /** Money columns hold yuan (cents / 100) shown with two decimals. */
  money?: boolean;
  value: (u: UserRow) => string | number;
}

const yuan = (cents: number) => cents / 100;

/** The workbook's columns, in order. */
export const EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'ID', width: 10, value: (u) => u.id },
  { header: '姓名', width: 12, value: (u) => u.name },
  { header: '手机号', width: 14, value: (u) => u.mobile },
  { header: '用户类型', width: 10, value: (u) => labelOf(USER_TYPES, u.type_user) },
  { header: '用户来源', width: 10, value: (u) => labelOf(USER_SOURCES, u.system_id) },
  { header: '等级', width: 10, value: (u) => u.level_name || String(u.level) },
  { header: '服务岗位', width: 12, value: (u) => u.pw_name },
  { header: '代理岗位', width: 12, value: (u) => u.agency_pw_name },
  { header: '实名状态', width: 10, value: (u) => labelOf(AUTHENTICATION_STATES, u.authentication_state) },
  { header: '认证类型', width: 10, value: (u) => labelOf(VERIFICATION_TYPES, u.authentication_type) },
  { header: '实名名称', width: 20, value: (u) => u.real_name },
  { header: '提现状态', width: 10, value: (u) => labelOf(WITHDRAW_STATES, u.withdraw_state) },
  { header: '提现方式', width: 10, value: (u) => labelOf(WITHDRAW_TYPES, u.withdraw_type) },
  { header: '订单数', width: 8, value: (u) => u.order_count },
  { header: '最近下单时间', width: 20, value: (u) => businessTime(u.last_order_at) },
  { header: '累计消费(元)', width: 14, money: true, value: (u) => yuan(u.total_spent_cents) },
  { header: '余额(元)', width: 12, money: true, value: (u) => yuan(u.balance_cents) },
  { header: '冻结(元)', width: 12, money: true, value: (u) => yuan(u.frozen_cents) },
  { header: '累计收益(元)', width: 14, money: true, value: (u) => yuan(u.total_income_cents) },
  { header: '金豆', width: 8, value: (u) => u.bean_balance },
  { header: '省份', width: 8, value: (u) => u.province },
  { header: '城市', width: 8, value: (u) => u.city },
  { header: '行业', width: 10, value: (u) => u.industry },
  { header: '公司', width: 24, value: (u) => u.company },
  { header: '邀请人ID', width: 10, value: (u) => u.inviter_id ?? '' },
  { header: '邀请码', width: 12, value: (u) => u.invite_code },
  { header: '注册渠道', width: 12, value: (u) => u.register_channel },
  { header: '注册时间', width: 20, value: (u) => businessTime(u.registered_at) },
  { header: '最近登录时间', width: 20, value: (u) => businessTime(u.last_login_at) },
  { header: '最近登录IP', width: 16, value: (u) => u.last_login_ip },
  { header: '锁定', width: 6, value: (u) => (u.locked ? '是' : '否') },
  { header: '锁定原因', width: 16, value: (u) => u.lock_reason },
  { header: '备注', width: 16, value: (u) => u.remark },
];

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
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(filter: UserFilter, sort: UserSortKey, order: SortOrder, reply: FastifyReply, by: Principal): Promise<void> {
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
      const total = await this.service.countUsers(filter);
      await recordAudit(this.db, { staffId: by.staffId, action: 'user.export', target: 'users', detail: { filter, sort, order, rows: total }, ip: reply.request.ip });
      const stamp = new Date(Date.now() + OFFSET_MS).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const out = new PassThrough();
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="users-${stamp}.xlsx"; filename*=UTF-8''${encodeRfc5987(`用户导出-${stamp}.xlsx`)}`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header(EXPORT_ROWS_HEADER, String(total))
        .header(EXPORT_ESTIMATED_BYTES_HEADER, String(FIXED_BYTES + total * BYTES_PER_ROW));
      let aborted = false;
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted = true;
      });
      reply.send(out);
      this.write(filter, sort, order, out, () => aborted)
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

  private async write(filter: UserFilter, sort: UserSortKey, order: SortOrder, out: PassThrough, aborted: () => boolean): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('用户', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = EXPORT_COLUMNS.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: c.money ? { numFmt: '0.00' } : {} }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const conditions = userConditions(filter, sort);
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
        sheet.addRow(EXPORT_COLUMNS.map((c) => c.value(user))).commit();
      }
      if (rows.length < BATCH) break;
      cursor = userCursorOf(rows[rows.length - 1]!, sort, order);
      while (backlog(sheet) > MAX_BACKLOG && !aborted()) await sleep(5);
    }
    sheet.commit();
    await workbook.commit();
  }
}
