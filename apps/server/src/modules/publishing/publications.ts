import { createHash, randomBytes } from 'node:crypto';
import {
  MATERIAL_STATES,
  PUBLICATION_MODES,
  PUBLICATION_STATES,
  PUBLISH_AHEAD_DAYS,
  PUBLISH_ATTEMPTS,
  type AccountPlatform,
  type CallData,
  type ParsedBody,
  type PublicationMode,
  type PublicationRow,
  type publishingCalls,
  type Texts,
} from '@juqi/contract';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { containing } from '../../lib/db/like';
import { AppError } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs/queue';
import type { AccountService } from './accounts';
import { PublishFailure, type Post, type PublishAdapter, type PublishedPost } from './adapters';
import { material, publication, publicationAttempt, publishAccount } from './table';

/** The queues: a publication sent when due, and a look on the platform after an unknown outcome. */
export const PUBLISH_JOB = 'publishing.publish';
export const CHECK_JOB = 'publishing.check';
/** How long after an unknown outcome the platform is looked at: long enough for a slow platform to have answered. */
const CHECK_AFTER_MS = 60_000;
/** The wait before a retry where the platform said none: 30 s, then 60 s. */
const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);
/**
 * A publication `sending` for this long was interrupted (a platform call ends within 15 s): the publish queue's jobs
 * expire after PUBLISH_JOB_EXPIRY_SECONDS and come back, finding it so.
 */
const INTERRUPTED_AFTER_MS = 120_000;
export const PUBLISH_JOB_EXPIRY_SECONDS = 180;

const { scheduled, sending, published, failed, unknown, cancelled } = PUBLICATION_STATES;

/** A text's fingerprint, so a title or a body published on an account is known again (trimmed, spaces as one). */
export const hashOf = (text: string) => createHash('sha256').update(text.trim().replace(/\s+/g, ' ')).digest('hex');

type Row = typeof publication.$inferSelect;
type Body = ParsedBody<typeof publishingCalls.publish>;
type ListQuery = ParsedBody<typeof publishingCalls.publicationList>;

const missing = () => AppError.notFound({ 'zh-CN': '发布记录不存在', 'en-US': 'No such publication' });
const notFrom = (action: Texts) => AppError.conflict({ 'zh-CN': `当前状态不能${action['zh-CN']}`, 'en-US': `A publication in this state cannot be ${action['en-US']}` }, 'state');

/**
 * Publishing (docs/publishing.md › Publishing): approved materials scheduled on accounts, each sent by the job queue
 * when due through its platform's adapter, exactly once: the handler claims the row (`for update skip locked`, only
 * from scheduled) and commits `sending` with the attempt before calling the platform. What comes back decides the next
 * state: published; failed (refused, or out of attempts); scheduled again after a wait (nothing was made); or unknown
 * (the post may stand), which is never sent again before the platform was looked at.
 */
export class PublicationService {
  constructor(
    private readonly db: Executor,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly adapters: Record<AccountPlatform, PublishAdapter>,
    private readonly timeZone: () => Promise<string>,
  ) {}

  /** 手动发布 / 定时发布: each material on each account, all or none; the jobs are sent once the rows are kept. */
  async publish(body: Body, audit: { staffId: number; ip: string }): Promise<{ ids: number[] }> {
    const now = this.clock.now();
    const at = body.at ? new Date(body.at) : now;
    if (body.at && (at.getTime() < now.getTime() - 60_000 || at.getTime() > now.getTime() + PUBLISH_AHEAD_DAYS * 86_400_000))
      throw AppError.invalid('at', { 'zh-CN': `发布时间须在现在到 ${PUBLISH_AHEAD_DAYS} 天内`, 'en-US': `the time must lie between now and ${PUBLISH_AHEAD_DAYS} days ahead` });
    const materialIds = [...new Set(body.material_ids)];
    const accountIds = [...new Set(body.account_ids)];
    const zone = await this.timeZone();
    let ids: number[];
    try {
      ids = await this.db.transaction(async (tx) => {
        const { materials, accounts } = await loadPublishable(tx, materialIds, accountIds);

        const rows = accounts.flatMap((account) =>
          materials.map((one) => ({ account, material: one, titleHash: hashOf(one.title), bodyHash: hashOf(one.body) })),
        );
        await this.assertFresh(tx, rows);
        for (const account of accounts) await this.assertWithinQuota(tx, account, materials.length, at, zone);

        const inserted = await tx
          .insert(publication)
          .values(
            rows.map(({ account, material: one, titleHash, bodyHash }) => newPublication({ id: one.id, title: one.title, titleHash, bodyHash }, account.id, body.at ? PUBLICATION_MODES.timed : PUBLICATION_MODES.manual, at, audit.staffId)),
          )
          .returning({ id: publication.id });
        const made = inserted.map((row) => row.id);
        await recordAudit(tx, { staffId: audit.staffId, action: 'publishing.publish', target: `publishing.publication:${made.join(',')}`, detail: { material_ids: materialIds, account_ids: accountIds, at: at.toISOString() }, ip: audit.ip });
        return made;
      });
    } catch (error) {
      // Two calls scheduling the same text on one account at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw heldAlready('material_ids');
      throw error;
    }
    await this.jobs.sendMany(PUBLISH_JOB, ids.map((id) => ({ data: { id }, startAfter: at })));
    return { ids };
  }

  /** No account gets a material, a title or a body it has published or holds scheduled, nor one twice in the call. */
  private async assertFresh(tx: Executor, rows: { account: { id: number; name: string }; material: { id: number; title: string }; titleHash: string; bodyHash: string }[]) {
    const seen = new Set<string>();
    for (const row of rows) {
      for (const key of [`t:${row.account.id}:${row.titleHash}`, `b:${row.account.id}:${row.bodyHash}`]) {
        if (seen.has(key)) throw repeated(row.account.name, row.material.title);
        seen.add(key);
      }
    }
    const accountIds = [...new Set(rows.map((row) => row.account.id))];
    const held = await heldTexts(tx, accountIds, rows.map((row) => ({ id: row.material.id, titleHash: row.titleHash, bodyHash: row.bodyHash })));
    for (const row of rows) {
      const clash = held.some((one) => one.accountId === row.account.id && (one.materialId === row.material.id || one.titleHash === row.titleHash || one.bodyHash === row.bodyHash));
      if (clash) throw repeated(row.account.name, row.material.title);
    }
  }

  /** An account publishes at most its daily quota on a day of the platform's calendar (what is not cancelled or failed). */
  private async assertWithinQuota(tx: Executor, account: { id: number; name: string; dailyQuota: number }, adding: number, at: Date, zone: string) {
    const [held] = await tx
      .select({ n: count() })
      .from(publication)
      .where(
        and(
          eq(publication.accountId, account.id),
          inArray(publication.state, [scheduled, sending, published, unknown]),
          sql`(${publication.scheduledAt} at time zone ${zone})::date = (${at.toISOString()}::timestamptz at time zone ${zone})::date`,
        ),
      );
    if ((held?.n ?? 0) + adding > account.dailyQuota)
      throw AppError.invalid('account_ids', {
        'zh-CN': `“${account.name}”当天已有 ${held?.n ?? 0} 篇，每日发布上限 ${account.dailyQuota} 篇`,
        'en-US': `“${account.name}” holds ${held?.n ?? 0} that day, and posts ${account.dailyQuota} a day at most`,
      });
  }

  /**
   * The job: sends a due publication once (see the class comment). A publication left `sending` by a process that
   * stopped mid-call (its job expired and came back) is unknown: it is looked for, not sent again.
   */
  async send(id: number): Promise<void> {
    const now = this.clock.now();
    const claimed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(publication)
        .where(and(eq(publication.id, id), inArray(publication.state, [scheduled, sending])))
        .for('update', { skipLocked: true });
      if (row?.state === sending) {
        if (now.getTime() - row.updatedAt.getTime() < INTERRUPTED_AFTER_MS) return null;
        await tx.update(publication).set({ state: unknown, error: '发送中断，结果未知', updatedAt: now }).where(eq(publication.id, id));
        await tx.insert(publicationAttempt).values({ publicationId: id, at: now, outcome: 'unknown', message: 'interrupted while sending' });
        return 'interrupted' as const;
      }
      // Gone, taken by another worker, cancelled, or not due yet (a job of an earlier time after a retry moved it).
      if (!row || row.scheduledAt.getTime() > now.getTime() + 1000) return null;
      await tx.update(publication).set({ state: sending, attempts: row.attempts + 1, updatedAt: now }).where(eq(publication.id, id));
      return { ...row, attempts: row.attempts + 1 };
    });
    if (claimed === 'interrupted') await this.jobs.send(CHECK_JOB, { id }, { startAfter: new Date(now.getTime() + CHECK_AFTER_MS) });
    if (!claimed || claimed === 'interrupted') return;
    await this.attempt(claimed, (adapter, account, post) => adapter.publish(account, post));
  }

  /**
   * After an unknown outcome (the job a minute later, or 核实 by hand): the post found is published; none found, the
   * publication is sent again while attempts remain. A look that fails itself leaves it unknown.
   */
  async check(id: number): Promise<void> {
    const [row] = await this.db.select().from(publication).where(eq(publication.id, id));
    if (!row || row.state !== unknown) return;
    await this.attempt(row, (adapter, account, post) => adapter.find(account, post), true);
  }

  /** One call to the platform, its attempt kept, and the state it leads to; follow-up jobs sent after it commits. */
  private async attempt(row: Row, call: (adapter: PublishAdapter, account: Awaited<ReturnType<AccountService['withSecrets']>>, post: Post) => Promise<PublishedPost | null>, looking = false) {
    const started = performance.now();
    let outcome: { state: number; outcome: string; message: string; post?: PublishedPost; retryAt?: Date };
    try {
      const [source] = await this.db.select().from(material).where(eq(material.id, row.materialId));
      const account = await this.accounts.withSecrets(row.accountId);
      if (!looking && source?.state !== MATERIAL_STATES.approved) outcome = { state: failed, outcome: 'refused', message: '素材已修改或撤回审核，需重新通过审核后再发布' };
      else if (!looking && !account.enabled) outcome = { state: failed, outcome: 'refused', message: '发布账号已停用' };
      else {
        const post: Post = { key: row.key, title: source?.title ?? row.title, html: source?.body ?? '', keyword: source?.keyword ?? '', publishedAt: this.clock.now() };
        const made = await call(this.adapters[account.platform], account, post);
        if (made) outcome = { state: published, outcome: looking ? 'found' : 'published', message: made.url, post: made };
        else if (row.attempts < PUBLISH_ATTEMPTS) outcome = { state: scheduled, outcome: 'not_found', message: '', retryAt: this.clock.now() };
        else outcome = { state: failed, outcome: 'not_found', message: '平台上没有这篇，已达最多尝试次数' };
      }
    } catch (error) {
      const failure = error instanceof PublishFailure ? error : new PublishFailure('unknown', error instanceof Error ? error.message : String(error));
      if (looking) outcome = { state: unknown, outcome: 'check_failed', message: failure.message };
      // Refused here before the platform was called (a credential that cannot be opened): nothing was sent.
      else if (error instanceof AppError) outcome = { state: failed, outcome: 'refused', message: error.text?.['zh-CN'] ?? error.message };
      else if (failure.kind === 'refused') outcome = { state: failed, outcome: 'refused', message: failure.message };
      else if (failure.kind === 'unknown') outcome = { state: unknown, outcome: 'unknown', message: failure.message };
      else if (row.attempts < PUBLISH_ATTEMPTS)
        outcome = { state: scheduled, outcome: 'retry', message: failure.message, retryAt: new Date(this.clock.now().getTime() + (failure.retryAfterSeconds ? failure.retryAfterSeconds * 1000 : retryDelayMs(row.attempts))) };
      else outcome = { state: failed, outcome: 'retry', message: failure.message };
    }
    const ms = Math.round(performance.now() - started);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(publication)
        .set({
          state: outcome.state,
          error: outcome.state === published ? '' : outcome.message,
          updatedAt: now,
          ...(outcome.post && { postId: outcome.post.postId, url: outcome.post.url, publishedAt: now }),
          ...(outcome.retryAt && { scheduledAt: outcome.retryAt }),
        })
        .where(eq(publication.id, row.id));
      await tx.insert(publicationAttempt).values({ publicationId: row.id, at: now, ms, outcome: outcome.outcome, message: outcome.message.slice(0, 500) });
    });
    if (outcome.state === scheduled) await this.jobs.send(PUBLISH_JOB, { id: row.id }, { startAfter: outcome.retryAt });
    if (outcome.state === unknown && !looking) await this.jobs.send(CHECK_JOB, { id: row.id }, { startAfter: new Date(now.getTime() + CHECK_AFTER_MS) });
  }

  /** 重试: a failed or cancelled publication sent again now, its attempts starting over. */
  async retry(id: number, audit: { staffId: number; ip: string }): Promise<null> {
    try {
      await this.move(id, [failed, cancelled], { state: scheduled, attempts: 0, error: '', scheduledAt: this.clock.now() }, 'retry', { 'zh-CN': '重试', 'en-US': 'retried' }, audit);
    } catch (error) {
      if (isUniqueViolation(error)) throw heldAlready('state');
      throw error;
    }
    await this.jobs.send(PUBLISH_JOB, { id });
    return null;
  }

  /** 取消: a scheduled, failed or unknown publication set aside (an unknown one may still stand on the platform). */
  async cancel(id: number, audit: { staffId: number; ip: string }): Promise<null> {
    await this.move(id, [scheduled, failed, unknown], { state: cancelled }, 'cancel', { 'zh-CN': '取消', 'en-US': 'cancelled' }, audit);
    return null;
  }

  /** 核实: looks on the platform now; answers the publication as it then stands. */
  async checkNow(id: number): Promise<PublicationRow> {
    const [row] = await this.db.select({ state: publication.state }).from(publication).where(eq(publication.id, id));
    if (!row) throw missing();
    if (row.state !== unknown) throw notFrom({ 'zh-CN': '核实', 'en-US': 'checked' });
    await this.check(id);
    return this.row(id);
  }

  private async move(id: number, from: number[], changes: Partial<typeof publication.$inferInsert>, verb: string, action: Texts, audit: { staffId: number; ip: string }) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ state: publication.state }).from(publication).where(eq(publication.id, id)).for('update');
      if (!row) throw missing();
      if (!from.includes(row.state)) throw notFrom(action);
      await tx.update(publication).set({ ...changes, updatedAt: this.clock.now() }).where(eq(publication.id, id));
      await recordAudit(tx, { staffId: audit.staffId, action: `publishing.publication.${verb}`, target: `publishing.publication:${id}`, detail: { before: { state: row.state }, after: { state: changes.state } }, ip: audit.ip });
    });
  }

  /** A page of publications, newest scheduled first. */
  async list(query: ListQuery): Promise<CallData<typeof publishingCalls.publicationList>> {
    const where = this.conditions(query);
    const [total] = await this.db.select({ n: count() }).from(publication).where(where);
    const rows = await this.rows(where, query.limit, (query.page - 1) * query.limit);
    return { count: total?.n ?? 0, data: rows };
  }

  async details(id: number): Promise<CallData<typeof publishingCalls.publicationDetails>> {
    const row = await this.row(id);
    const attempts = await this.db.select().from(publicationAttempt).where(eq(publicationAttempt.publicationId, id)).orderBy(asc(publicationAttempt.id));
    return { ...row, attempts_made: attempts.map((one) => ({ at: one.at.toISOString(), ms: one.ms, outcome: one.outcome, message: one.message })) };
  }

  private async row(id: number): Promise<PublicationRow> {
    const [row] = await this.rows(eq(publication.id, id), 1, 0);
    if (!row) throw missing();
    return row;
  }

  private conditions(query: ListQuery): SQL | undefined {
    return and(
      query.keyword ? ilike(publication.title, containing(query.keyword)) : undefined,
      query.state ? inArray(publication.state, query.state) : undefined,
      query.mode ? eq(publication.mode, query.mode) : undefined,
      query.account_id ? eq(publication.accountId, query.account_id) : undefined,
    );
  }

  private async rows(where: SQL | undefined, limit: number, offset: number): Promise<PublicationRow[]> {
    const rows = await this.db
      .select({ row: publication, accountName: publishAccount.name, platform: publishAccount.platform })
      .from(publication)
      .innerJoin(publishAccount, eq(publishAccount.id, publication.accountId))
      .where(where)
      .orderBy(desc(publication.scheduledAt), desc(publication.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ row, accountName, platform }) => ({
      id: row.id,
      material_id: row.materialId,
      title: row.title,
      account_id: row.accountId,
      account_name: accountName,
      platform,
      mode: row.mode as PublicationRow['mode'],
      state: row.state as PublicationRow['state'],
      scheduled_at: row.scheduledAt.toISOString(),
      attempts: row.attempts,
      error: row.error,
      post_id: row.postId,
      url: row.url,
      published_at: row.publishedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }));
  }
}

/** A text the account has, or one the call gives it twice. */
const repeated = (account: string, title: string) =>
  AppError.invalid('material_ids', { 'zh-CN': `“${account}”已发布或待发布与“${title}”相同的素材、标题或正文`, 'en-US': `“${account}” holds the material, title or body of “${title}” already` });

/**
 * A publication of a material on an account at a time, as a publish keeps it: a key of its own (naming the post on every
 * attempt), and the fingerprints of the title and body it sends.
 */
export const newPublication = (one: { id: number; title: string; titleHash: string; bodyHash: string }, accountId: number, mode: PublicationMode, at: Date, staffId: number) => ({
  materialId: one.id,
  accountId,
  mode,
  key: randomBytes(12).toString('base64url'),
  title: one.title,
  titleHash: one.titleHash,
  bodyHash: one.bodyHash,
  scheduledAt: at,
  createdBy: staffId,
});

/** Two calls scheduling the same text on one account at once: the partial unique indexes let one through. */
export const heldAlready = (field: string) => AppError.conflict({ 'zh-CN': '该账号已有相同的素材、标题或正文待发布或已发布', 'en-US': 'The account holds this material, title or body already' }, field);

/**
 * The materials and accounts of a publish, each there, the materials approved and the accounts switched on (40000
 * naming `material_ids` or `account_ids`, or the fields given); the accounts locked in id order (unless only read), so
 * two publishes on one account count its days one after the other.
 */
export async function loadPublishable(tx: Executor, materialIds: number[], accountIds: number[], { lock = true, materials: materialsField = 'material_ids', accounts: accountsField = 'account_ids' } = {}) {
  const materials = await tx.select().from(material).where(inArray(material.id, materialIds));
  const absentMaterial = materialIds.find((id) => !materials.some((one) => one.id === id));
  if (absentMaterial) throw AppError.invalid(materialsField, { 'zh-CN': `素材 ${absentMaterial} 不存在`, 'en-US': `no material ${absentMaterial}` });
  const unapproved = materials.find((one) => one.state !== MATERIAL_STATES.approved);
  if (unapproved) throw AppError.invalid(materialsField, { 'zh-CN': `“${unapproved.title}”未通过审核，不能发布`, 'en-US': `“${unapproved.title}” is not approved` });
  const chosen = tx.select().from(publishAccount).where(inArray(publishAccount.id, accountIds)).orderBy(asc(publishAccount.id));
  const accounts = lock ? await chosen.for('update') : await chosen;
  const absentAccount = accountIds.find((id) => !accounts.some((one) => one.id === id));
  if (absentAccount) throw AppError.invalid(accountsField, { 'zh-CN': `发布账号 ${absentAccount} 不存在`, 'en-US': `no publishing account ${absentAccount}` });
  const off = accounts.find((one) => !one.enabled);
  if (off) throw AppError.invalid(accountsField, { 'zh-CN': `“${off.name}”已停用`, 'en-US': `“${off.name}” is switched off` });
  return { materials, accounts };
}

/**
 * What the accounts hold of the texts given — a publication not cancelled of one of the materials, or of the same
 * title or body — as the partial unique indexes count them.
 */
export function heldTexts(tx: Executor, accountIds: number[], texts: { id: number; titleHash: string; bodyHash: string }[]) {
  return tx
    .select({ accountId: publication.accountId, materialId: publication.materialId, titleHash: publication.titleHash, bodyHash: publication.bodyHash })
    .from(publication)
    .where(
      and(
        inArray(publication.accountId, accountIds),
        ne(publication.state, cancelled),
        or(
          inArray(publication.materialId, texts.map((one) => one.id)),
          inArray(publication.titleHash, texts.map((one) => one.titleHash)),
          inArray(publication.bodyHash, texts.map((one) => one.bodyHash)),
        ),
      ),
    );
}
