import {
  ErrorCode,
  LOGIN_RESULTS,
  MAX_OFFSET_ROWS,
  userFilter,
  verificationDocumentUrl,
  type LockRecord,
  type LoginRecord,
  type UserDetail,
  type UserFilter,
  type UserRow,
  type UserSearchOptions,
  type UserSelectRow,
  type SystemEventCode,
  type UserSelection,
  type VerificationDetail,
  type VerificationRow,
  ORDER_COUNT_BANDS,
} from '@juqi/contract';
import { eq, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError } from '../../lib/errors';
import type { Principal, SystemEventSink, TimeZoneSource } from '../../lib/http/types';
import { dayRangeConditions } from '../../lib/time-zone';
import { FigureCache, filterKey } from '../../lib/figure-cache';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { normaliseFilter, planBlind, userConditions } from './filter';
import { PageStarts, type PageStart } from './page-starts';
import {
  UserRepository,
  userCursorOf,
  type LoginListRow,
  type PageRequest,
  type SortOrder,
  type UserListDbRow,
  type UserSortKey,
  type VerificationListRow,
} from './repository';
import { userLoginLog, userVerification } from './table';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The names of posts and levels, for rows that carry only ids. Tiny tables, kept in memory for a minute. */
export interface Dictionaries {
  posts: Map<number, string>;
  levels: Map<number, string>;
  pwList: { id: number; name: string }[];
  levelList: { level: number; name: string }[];
}
const DICTIONARY_MS = 60_000;

/** A page to read and, for a page by number of a list that remembers its page starts, that list's key and the reading. */
interface Paging extends PageRequest {
  starts?: { list: string; reading: Omit<PageStart, 'cursor'> };
}

/** `110***********1234`: enough to tell submissions apart in a list, the full number only in the detail. */
export function maskMiddle(value: string, keepStart: number, keepEnd: number): string {
  if (value.length <= keepStart + keepEnd) return value;
  return value.slice(0, keepStart) + '*'.repeat(value.length - keepStart - keepEnd) + value.slice(value.length - keepEnd);
}

/** A row read for a list, with the dictionary names. One literal of a fixed shape: fast to build and to serialise. */
export function toUserRow(row: UserListDbRow, dict: Dictionaries): UserRow {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    head_img_url: row.head_img_url,
    gender: row.gender,
    type_user: row.type_user,
    system_id: row.system_id,
    level: row.level,
    level_name: dict.levels.get(row.level) ?? '',
    pw_id: row.pw_id,
    pw_name: row.pw_id === null ? '' : (dict.posts.get(row.pw_id) ?? ''),
    agency_pw_id: row.agency_pw_id,
    agency_pw_name: row.agency_pw_id === null ? '' : (dict.posts.get(row.agency_pw_id) ?? ''),
    authentication_state: row.authentication_state,
    authentication_type: row.authentication_type,
    real_name: row.real_name,
    withdraw_state: row.withdraw_state,
    withdraw_type: row.withdraw_type,
    order_count: row.order_count,
    last_order_at: row.last_order_at,
    total_spent_cents: row.total_spent_cents,
    balance_cents: row.balance_cents,
    frozen_cents: row.frozen_cents,
    total_income_cents: row.total_income_cents,
    bean_balance: row.bean_balance,
    province: row.province,
    city_code: row.city_code,
    city: row.city,
    industry_id: row.industry_id,
    industry: row.industry,
    company: row.company,
    inviter_id: row.inviter_id,
    invite_code: row.invite_code,
    register_channel: row.register_channel,
    registered_at: row.registered_at,
    last_login_at: row.last_login_at,
    last_login_ip: row.last_login_ip,
    locked: row.locked,
    lock_reason: row.lock_reason,
    locked_at: row.locked_at,
    remark: row.remark,
  };
}

const toSelectRow = (row: UserListDbRow): UserSelectRow => ({
  id: row.id,
  name: row.name,
  head_img_url: row.head_img_url,
  authentication_state: row.authentication_state,
  mobile: row.mobile,
  type_user: row.type_user,
  level: row.level,
});

function toVerificationRow({ verification: v, userName, userMobile, headImgUrl, reviewerName }: VerificationListRow, masked: boolean): VerificationRow {
  return {
    id: v.id,
    user_id: v.userId,
    user_name: userName ?? '',
    user_mobile: userMobile ?? '',
    head_img_url: headImgUrl ?? '',
    type: v.type,
    state: v.state,
    subject_name: v.type === 1 ? v.realName : v.enterpriseName,
    id_number: masked ? maskMiddle(v.idNumber, 3, 4) : v.idNumber,
    enterprise_name: v.enterpriseName,
    credit_code: masked ? maskMiddle(v.creditCode, 4, 4) : v.creditCode,
    legal_person: v.legalPerson,
    submitted_at: v.submittedAt.toISOString(),
    reviewed_at: iso(v.reviewedAt),
    reviewer_id: v.reviewerId,
    reviewer_name: reviewerName ?? '',
    reason: v.reason,
  };
}

const toLoginRecord = ({ log, userName, userMobile }: LoginListRow): LoginRecord => ({
  id: log.id,
  user_id: log.userId,
  user_name: userName ?? '',
  user_mobile: userMobile ?? '',
  login_at: log.loginAt.toISOString(),
  ip: log.ip,
  location: log.location,
  device: log.device,
  platform: log.platform,
  result: log.result,
});

const FILTER_KEYS = Object.keys(userFilter.shape) as (keyof UserFilter)[];

/** The filter part of a body that also carries paging and sorting. */
export function filterOf(body: Partial<Record<keyof UserFilter, unknown>>): UserFilter {
  const out: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (body[key] !== undefined) out[key] = body[key];
  return normaliseFilter(out as UserFilter);
}

export interface PageInput {
  page: number;
  limit: number;
  cursor?: string;
}

export interface KeysetAnswer<T> {
  count: number;
  data: T[];
  next_cursor: string | null;
}

/** What a verification submission carries (from the user apps; tests and the seed use it too). */
export interface VerificationSubmission {
  type: 1 | 2;
  realName?: string;
  idNumber?: string;
  enterpriseName?: string;
  creditCode?: string;
  legalPerson?: string;
  documents: { kind: string; path: string }[];
}

/**
 * The users area's rules: filtered keyset lists with cached counts, the detail, locks, the verification state machine
 * (1 → 2 approve, 1 → 0 reject with a reason; everything else 40900) and the user-select drawer's selections.
 */
export class UserService {
  readonly repo: UserRepository;
  readonly counts: FigureCache;
  readonly pageStarts: PageStarts;
  private dict: { value: Promise<Dictionaries>; at: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Day filters are days in the platform's time zone; a list's cache keys carry it, so a change starts afresh. */
    readonly timeZone: TimeZoneSource,
    /** Submitted and decided verifications are noticed as the notification settings (系统通知) say. */
    private readonly events: SystemEventSink,
  ) {
    this.repo = new UserRepository(db);
    this.counts = new FigureCache(clock);
    this.pageStarts = new PageStarts(clock, this.counts.ttlMs);
  }

  dictionaries(): Promise<Dictionaries> {
    const now = this.clock.now().getTime();
    if (!this.dict || now - this.dict.at > DICTIONARY_MS) {
      const value = Promise.all([this.repo.posts(), this.repo.levels()]).then(([posts, levels]) => ({
        posts: new Map(posts.map((p) => [p.id, p.name])),
        levels: new Map(levels.map((l) => [l.level, l.name])),
        pwList: posts,
        levelList: levels.map((l) => ({ level: l.level, name: l.name })),
      }));
      value.catch(() => (this.dict = undefined));
      this.dict = { value, at: now };
    }
    return this.dict.value;
  }

  /** Filters moved users around: counts and page starts are stale. */
  private changed(): void {
    this.counts.clear();
    this.pageStarts.clear();
  }

  /**
   * The rows a page asks for. A page by number of a `list` (its filter's key) starts where the list's previous page
   * ended, when that is remembered (`PageStarts`), and reads by offset otherwise.
   */
  private pageRequest(input: PageInput, sort: string, order: SortOrder, list?: string): Paging {
    const take = input.limit + 1;
    if (input.cursor) return { offset: 0, take, cursor: decodeCursor(input.cursor, sort, order) };
    const offset = (input.page - 1) * input.limit;
    if (offset + input.limit > MAX_OFFSET_ROWS) {
      throw AppError.invalid('page', {
        'zh-CN': `前 ${MAX_OFFSET_ROWS} 行之后的页须用翻页位置（上一页的 next_cursor）读取`,
        'en-US': `pages beyond the first ${MAX_OFFSET_ROWS} rows are read with cursor (next_cursor of the previous page)`,
      });
    }
    if (list === undefined) return { offset, take };
    const key = `${list}|${sort}|${order}`;
    const start = offset ? this.pageStarts.get(key, offset) : undefined;
    if (!start) return { offset, take, starts: { list: key, reading: this.pageStarts.now() } };
    return { offset, take, cursor: start.cursor, starts: { list: key, reading: start } };
  }

  /** A page's answer; a page by number leaves where the next one starts. */
  private answer<R, T>(rows: R[], page: Paging, limit: number, count: number, map: (row: R) => T, cursorOf: (row: R) => Cursor): KeysetAnswer<T> {
    const more = rows.length > limit;
    const shown = more ? rows.slice(0, limit) : rows;
    const next = more ? cursorOf(shown[shown.length - 1]!) : null;
    if (next && page.starts) this.pageStarts.set(page.starts.list, page.offset + limit, { ...page.starts.reading, cursor: next });
    return { count, data: shown.map(map), next_cursor: next ? encodeCursor(next) : null };
  }

  countUsers(filter: UserFilter, zone: string, conditions: SQL[] = userConditions(filter, zone)): Promise<number> {
    return this.counts.get(filterKey('users', { ...filter, time_zone: zone }), () => this.repo.countUsers(conditions));
  }

  // ——— lists ———

  async list(filter: UserFilter, sort: UserSortKey, order: SortOrder, input: PageInput): Promise<KeysetAnswer<UserRow>> {
    const zone = await this.timeZone.current();
    const key = filterKey('users', { ...filter, time_zone: zone });
    const page = this.pageRequest(input, sort, order, key);
    const [rows, total, dict] = await Promise.all([
      this.repo.pageUsers(userConditions(filter, zone, sort), sort, order, { ...page, valueBlind: planBlind(filter) }),
      // The filter's key once for both caches; its count conditions only built when the count is not kept.
      this.counts.get(key, () => this.repo.countUsers(userConditions(filter, zone))),
      this.dictionaries(),
    ]);
    return this.answer(rows, page, input.limit, total, (r) => toUserRow(r, dict), (r) => userCursorOf(r, sort, order));
  }

  async searchOptions(): Promise<UserSearchOptions> {
    const dict = await this.dictionaries();
    return {
      pw_list: dict.pwList,
      level_list: dict.levelList,
      quantity_list: ORDER_COUNT_BANDS.map((b) => ({ value: b.value, label: b.label, min: b.min, max: b.max })),
    };
  }

  async detail(id: number): Promise<UserDetail> {
    const row = await this.repo.userRowById(id);
    if (!row) throw AppError.notFound();
    const [dict, inviter, invited, verifications, locks] = await Promise.all([
      this.dictionaries(),
      row.inviter_id === null ? undefined : this.repo.userById(row.inviter_id),
      this.repo.invitedCount(id),
      this.repo.verificationsOfUser(id),
      this.repo.lockRecords(id),
    ]);
    return {
      user: toUserRow(row, dict),
      inviter: inviter ? { id: inviter.id, name: inviter.name, mobile: inviter.mobile } : null,
      invited_count: invited,
      verifications: verifications.map((v) => toVerificationRow(v, true)),
      lock_records: locks.map(
        ({ record, staffName }): LockRecord => ({
          id: record.id,
          action: record.action,
          reason: record.reason,
          staff_id: record.staffId,
          staff_name: staffName ?? '',
          created_at: record.createdAt.toISOString(),
        }),
      ),
    };
  }

  // ——— lock ———

  async lock(id: number, action: 'lock' | 'unlock', reason: string, by: Principal, ip: string): Promise<UserRow> {
    if (action === 'lock' && !reason) throw AppError.invalid('reason', { 'zh-CN': '请填写锁定原因', 'en-US': 'say why the user is locked' });
    const at = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const updated = await this.repo.setLocked(id, action === 'lock', reason, at, tx);
      if (updated) await this.repo.insertLockRecord({ userId: id, staffId: by.staffId, action, reason, createdAt: at }, tx);
      return updated;
    });
    if (!row) {
      const current = await this.repo.userById(id);
      if (!current) throw AppError.notFound();
      throw new AppError(
        ErrorCode.CONFLICT,
        current.locked ? { 'zh-CN': '该用户已被锁定', 'en-US': 'The user is locked already' } : { 'zh-CN': '该用户未被锁定', 'en-US': 'The user is not locked' },
        { field: 'id', locked: current.locked },
      );
    }
    this.changed();
    await recordAudit(this.db, { staffId: by.staffId, action: `user.${action}`, target: `user:${id}`, detail: { reason }, ip });
    const [shown, dict] = await Promise.all([this.repo.userRowById(id), this.dictionaries()]);
    return toUserRow(shown!, dict);
  }

  // ——— verifications ———

  async verifications(
    filter: { state?: number; type?: number; user_id?: number; mobile?: string; time_quantum?: [string, string] },
    input: PageInput,
  ): Promise<KeysetAnswer<VerificationRow>> {
    const conditions: SQL[] = [];
    let userId = filter.user_id;
    if (filter.mobile) {
      const found = await this.repo.userIdByMobile(filter.mobile);
      if (found === undefined || (userId !== undefined && userId !== found)) return { count: 0, data: [], next_cursor: null };
      userId = found;
    }
    const zone = await this.timeZone.current();
    if (userId !== undefined) conditions.push(eq(userVerification.userId, userId));
    if (filter.state !== undefined) conditions.push(eq(userVerification.state, filter.state));
    if (filter.type !== undefined) conditions.push(eq(userVerification.type, filter.type));
    if (filter.time_quantum) conditions.push(...dayRangeConditions(userVerification.submittedAt, filter.time_quantum, zone));
    const key = filterKey('verifications', { ...filter, user_id: userId, mobile: undefined, time_zone: zone });
    const page = this.pageRequest(input, 'submitted_at', 'desc', key);
    const [rows, total] = await Promise.all([
      this.repo.pageVerifications(conditions, page),
      this.counts.get(key, () => this.repo.countVerifications(conditions)),
    ]);
    return this.answer(
      rows,
      page,
      input.limit,
      total,
      (r) => toVerificationRow(r, true),
      (r) => ({ sort: 'submitted_at', order: 'desc', value: r.verification.submittedAt.toISOString(), id: r.verification.id }),
    );
  }

  async verificationDetail(id: number): Promise<VerificationDetail> {
    const row = await this.repo.verificationById(id);
    if (!row) throw AppError.notFound();
    const audit = await this.repo.auditOf(id);
    return {
      ...toVerificationRow(row, false),
      documents: row.verification.documents.map((d, index) => ({
        kind: d.kind as VerificationDetail['documents'][number]['kind'],
        url: verificationDocumentUrl(id, index),
      })),
      audit: audit.map(({ entry, staffName }) => ({
        id: entry.id,
        action: entry.action,
        from_state: entry.fromState,
        to_state: entry.toState,
        staff_id: entry.staffId,
        staff_name: staffName ?? '',
        reason: entry.reason,
        created_at: entry.createdAt.toISOString(),
      })),
    };
  }

  /**
   * A submission's `index`-th document for `by` to see: its stored path, once the read is in the audit log (who, whose
   * document, which one; written before the file is sent, so no document leaves unrecorded). 40400 when there is no
   * such submission or document.
   */
  async documentFor(id: number, index: number, by: { staffId: number; ip: string }): Promise<string> {
    const submission = (await this.repo.verificationById(id))?.verification;
    const document = submission?.documents[index];
    if (!submission || !document) throw AppError.notFound();
    await recordAudit(this.db, {
      staffId: by.staffId,
      action: 'user.verification.document',
      target: `verification:${id}`,
      detail: { user_id: submission.userId, index, kind: document.kind },
      ip: by.ip,
    });
    return document.path;
  }

  /**
   * A user submits documents (the user apps call this; the back office only reviews): a new submission in state 1.
   * One submission may be under review per user at a time (40900 otherwise).
   */
  async submitVerification(userId: number, input: VerificationSubmission): Promise<number> {
    const at = this.clock.now();
    try {
      const id = await this.db.transaction(async (tx) => {
        if (!(await this.repo.userById(userId, tx))) throw AppError.notFound();
        const row = await this.repo.insertVerification(
          {
            userId,
            type: input.type,
            state: 1,
            realName: input.realName ?? '',
            idNumber: input.idNumber ?? '',
            enterpriseName: input.enterpriseName ?? '',
            creditCode: input.creditCode ?? '',
            legalPerson: input.legalPerson ?? '',
            documents: input.documents,
            submittedAt: at,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
        await this.repo.insertAudit({ verificationId: row.id, userId, staffId: null, action: 'submit', fromState: null, toState: 1, createdAt: at }, tx);
        await this.repo.refreshAuthentication(userId, at, tx);
        return row.id;
      });
      this.changed();
      await this.raiseVerification('user.verification.submitted', id, userId, input.type);
      return id;
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict({ 'zh-CN': '该用户已有一份认证在审核中', 'en-US': 'A submission of this user is already under review' });
      throw err;
    }
  }

  /** Approve (1 → 2) or reject (1 → 0, with the reason). Decided submissions cannot change again: 40900. */
  async decideVerification(id: number, action: 'approve' | 'reject', reason: string, by: Principal, ip: string): Promise<VerificationDetail> {
    if (action === 'reject' && !reason) throw AppError.invalid('reason', { 'zh-CN': '请填写驳回原因', 'en-US': 'say why the submission is rejected' });
    const at = this.clock.now();
    const to = action === 'approve' ? 2 : 0;
    const decided = await this.db.transaction(async (tx) => {
      const row = await this.repo.decideVerification(id, 1, { state: to, reviewerId: by.staffId, reason, at }, tx);
      if (!row) return undefined;
      await this.repo.insertAudit({ verificationId: id, userId: row.userId, staffId: by.staffId, action, fromState: 1, toState: to, reason, createdAt: at }, tx);
      await this.repo.refreshAuthentication(row.userId, at, tx);
      return row;
    });
    if (!decided) {
      const current = await this.repo.verificationById(id);
      if (!current) throw AppError.notFound();
      throw new AppError(
        ErrorCode.CONFLICT,
        { 'zh-CN': '该认证已审核过，只有审核中的认证可以通过或驳回', 'en-US': 'This submission was decided already: only one under review can be approved or rejected' },
        { field: 'state', state: current.verification.state },
      );
    }
    this.changed();
    await recordAudit(this.db, { staffId: by.staffId, action: `user.verification.${action}`, target: `verification:${id}`, detail: { user_id: decided.userId, reason }, ip });
    await this.raiseVerification(action === 'approve' ? 'user.verification.approved' : 'user.verification.rejected', id, decided.userId, decided.type, reason);
    return this.verificationDetail(id);
  }

  private async raiseVerification(code: SystemEventCode, verificationId: number, userId: number, type: number, reason = ''): Promise<void> {
    const user = await this.repo.userById(userId);
    const kind = type === 2 ? '企业认证' : '个人认证';
    const subject = { kind: 'user_verification', id: verificationId } as const;
    await this.events.raise(code, { userId, subject, params: { user: user?.name ?? '', mobile: maskMiddle(user?.mobile ?? '', 3, 4), kind, reason } });
  }

  // ——— sign-ins ———

  async logins(
    filter: { user_id?: number; mobile?: string; ip?: string; result?: (typeof LOGIN_RESULTS)[number]; platform?: string; time_quantum?: [string, string] },
    input: PageInput,
  ): Promise<KeysetAnswer<LoginRecord>> {
    const conditions: SQL[] = [];
    let userId = filter.user_id;
    if (filter.mobile) {
      const found = await this.repo.userIdByMobile(filter.mobile);
      if (found === undefined || (userId !== undefined && userId !== found)) return { count: 0, data: [], next_cursor: null };
      userId = found;
    }
    const zone = await this.timeZone.current();
    if (userId !== undefined) conditions.push(eq(userLoginLog.userId, userId));
    if (filter.ip) conditions.push(eq(userLoginLog.ip, filter.ip));
    if (filter.result) conditions.push(eq(userLoginLog.result, filter.result));
    if (filter.platform) conditions.push(eq(userLoginLog.platform, filter.platform as 'ios'));
    if (filter.time_quantum) conditions.push(...dayRangeConditions(userLoginLog.loginAt, filter.time_quantum, zone));
    const key = filterKey('logins', { ...filter, user_id: userId, mobile: undefined, time_zone: zone });
    const page = this.pageRequest(input, 'login_at', 'desc', key);
    const [rows, total] = await Promise.all([this.repo.pageLogins(conditions, page), this.counts.get(key, () => this.repo.countLogins(conditions))]);
    return this.answer(rows, page, input.limit, total, toLoginRecord, (r) => ({ sort: 'login_at', order: 'desc', value: r.log.loginAt.toISOString(), id: r.log.id }));
  }

  async userLogins(userId: number, filter: { result?: (typeof LOGIN_RESULTS)[number]; time_quantum?: [string, string] }, input: PageInput) {
    if (!(await this.repo.userById(userId))) throw AppError.notFound();
    return this.logins({ ...filter, user_id: userId }, input);
  }

  // ——— the user-select drawer ———

  async selectList(filter: UserFilter, input: { cursor?: string; limit: number }): Promise<KeysetAnswer<UserSelectRow>> {
    const answer = await this.list(filter, 'registered_at', 'desc', { page: 1, limit: input.limit, cursor: input.cursor });
    return { ...answer, data: answer.data.map((u) => ({ id: u.id, name: u.name, head_img_url: u.head_img_url, authentication_state: u.authentication_state, mobile: u.mobile, type_user: u.type_user, level: u.level })) };
  }

  /**
   * A selection made exact: ids deduplicated and limited to existing users; a filter normalised, its exclusions
   * limited to users the filter matches, so `count` is exactly the users the selection stands for.
   */
  async confirmSelection(selection: UserSelection): Promise<{ count: number; selection: UserSelection }> {
    if (selection.mode === 'ids') {
      const ids = await this.repo.existingUserIds([...new Set(selection.ids)]);
      if (!ids.length) throw AppError.invalid('selection.ids', { 'zh-CN': '所选用户均不存在', 'en-US': 'none of these users exist' });
      return { count: ids.length, selection: { mode: 'ids', ids } };
    }
    const filter = normaliseFilter(selection.filter);
    const zone = await this.timeZone.current();
    const conditions = userConditions(filter, zone);
    const [total, excluded] = await Promise.all([
      this.countUsers(filter, zone, conditions),
      this.repo.existingUserIds([...new Set(selection.exclude_ids)], conditions),
    ]);
    return { count: Math.max(0, total - excluded.length), selection: { mode: 'filter', filter, exclude_ids: excluded } };
  }

  /** The users a selection stands for, newest first (ids: by id, highest first). */
  async checkedList(selection: UserSelection, input: { cursor?: string; limit: number }): Promise<KeysetAnswer<UserSelectRow>> {
    const confirmed = await this.confirmSelection(selection).catch((err: unknown) => {
      if (err instanceof AppError && err.code === ErrorCode.VALIDATION) return { count: 0, selection: undefined };
      throw err;
    });
    const exact = confirmed.selection;
    if (!exact) return { count: 0, data: [], next_cursor: null };
    const sort: UserSortKey = exact.mode === 'ids' ? 'id' : 'registered_at';
    const conditions =
      exact.mode === 'ids' ? [this.repo.idIn(exact.ids)] : [...userConditions(exact.filter, await this.timeZone.current(), sort), ...this.repo.notIn(exact.exclude_ids)];
    const page = this.pageRequest({ page: 1, limit: input.limit, cursor: input.cursor }, sort, 'desc');
    // Chosen ids are read by the primary key whatever they are; a filter, as its filters are (planBlind).
    const valueBlind = exact.mode === 'ids' || planBlind(exact.filter);
    const rows = await this.repo.pageUsers(conditions, sort, 'desc', { ...page, valueBlind });
    return this.answer(rows, page, input.limit, confirmed.count, toSelectRow, (r) => userCursorOf(r, sort, 'desc'));
  }
}
