import { PUBLICATION_MODES, PUBLICATION_STATES, PUBLISH_AHEAD_DAYS, SMART_DAYS_MAX, type CallData, type ParsedBody, type publishingCalls, type Texts } from '@juqi/contract';
import { and, gte, inArray, lt } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import type { ResourceHooks } from '../../lib/crud/resource-routes';
import { AppError } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs/queue';
import { checkPlan, planSmartPublish, textKeys, type PlanAccount, type PlanEntry, type PlanInput, type PlanMaterial, type PlanViolation } from './planner';
import { hashOf, heldAlready, heldTexts, loadPublishable, newPublication, PUBLISH_JOB } from './publications';
import { publication, publishWindow } from './table';

const DAY_MS = 86_400_000;
/** A post a plan was made for may be confirmed this long after its minute passed (the plan was read meanwhile). */
const CONFIRM_GRACE_MS = 60_000;
const { scheduled, sending, published, unknown } = PUBLICATION_STATES;

type Materials = Awaited<ReturnType<typeof loadPublishable>>['materials'];
type Accounts = Awaited<ReturnType<typeof loadPublishable>>['accounts'];

/** A window's end after its start (a window across midnight is two: one to 24:00, one from 00:00). */
export const windowRules: ResourceHooks = {
  async beforeWrite(values, { before }) {
    const start = String(values.start ?? before?.start ?? '');
    const end = String(values.end ?? before?.end ?? '');
    if (start && end && end <= start)
      throw AppError.invalid('end', { 'zh-CN': '结束时间须晚于开始时间；跨过午夜请分成两段', 'en-US': 'the end must come after the start; split a window across midnight in two' });
  },
};

/** What each broken rule of a confirmed plan tells the staff; every one ends by asking for a new plan. */
const VIOLATION_TEXTS: Record<PlanViolation['rule'], (title: string, account: string) => Texts> = {
  span: (title) => ({ 'zh-CN': `“${title}”的发布时间已过或超出范围`, 'en-US': `the time of “${title}” has passed or lies too far ahead` }),
  window: (title, account) => ({ 'zh-CN': `“${title}”不在“${account}”的发布时段内`, 'en-US': `“${title}” lies outside the posting windows of “${account}”` }),
  quota: (title, account) => ({ 'zh-CN': `“${account}”在“${title}”那天超出每日发布上限`, 'en-US': `“${account}” would post more than its daily quota on the day of “${title}”` }),
  gap: (title, account) => ({ 'zh-CN': `“${title}”与“${account}”的其他发布间隔不足`, 'en-US': `“${title}” is nearer to another post of “${account}” than its least gap` }),
  repeated: (title, account) => ({ 'zh-CN': `“${account}”已发布或待发布与“${title}”相同的素材、标题或正文`, 'en-US': `“${account}” holds the material, title or body of “${title}” already` }),
  twice: (title) => ({ 'zh-CN': `“${title}”在计划中出现了两次`, 'en-US': `“${title}” is in the plan twice` }),
  account: () => ({ 'zh-CN': '计划中的发布账号不在所选之列', 'en-US': 'the plan names an account not chosen' }),
  material: () => ({ 'zh-CN': '计划中的素材不在所选之列', 'en-US': 'the plan names a material not chosen' }),
};

/**
 * 智能发布 (docs/publishing.md › Publishing): a plan made by `planSmartPublish` from what the accounts hold now,
 * shown and nothing kept; then, confirmed, the same entries checked again under the accounts' locks and scheduled as
 * publications of mode smart, all or none, each a job at its time.
 */
export class SmartPublishing {
  constructor(
    private readonly db: Executor,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly timeZone: () => Promise<string>,
  ) {}

  async plan(body: ParsedBody<typeof publishingCalls.smartPlan>): Promise<CallData<typeof publishingCalls.smartPlan>> {
    const now = this.clock.now().getTime();
    const asked = body.from ? Date.parse(body.from) : now;
    if (asked < now - CONFIRM_GRACE_MS || asked > now + PUBLISH_AHEAD_DAYS * DAY_MS)
      throw AppError.invalid('from', { 'zh-CN': `开始时间须在现在到 ${PUBLISH_AHEAD_DAYS} 天内`, 'en-US': `the start must lie between now and ${PUBLISH_AHEAD_DAYS} days ahead` });
    const from = Math.max(asked, now);
    const zone = await this.timeZone();
    const { materials, accounts } = await loadPublishable(this.db, [...new Set(body.material_ids)], [...new Set(body.account_ids)], { lock: false });
    const input = await this.inputOf(this.db, materials, accounts, { from, days: body.days, zone }, [from - 2 * DAY_MS, from + (body.days + 2) * DAY_MS]);
    // The materials in the order chosen: the first chosen are placed first.
    const order = new Map(body.material_ids.map((id, i) => [id, i]));
    input.materials = [...input.materials].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const plan = planSmartPublish(input);
    const titles = new Map(materials.map((one) => [one.id, one.title]));
    const names = new Map(accounts.map((one) => [one.id, one.name]));
    return {
      entries: plan.entries
        .sort((a, b) => a.at - b.at || a.accountId - b.accountId)
        .map((entry) => ({ material_id: entry.materialId, title: titles.get(entry.materialId)!, account_id: entry.accountId, account_name: names.get(entry.accountId)!, at: new Date(entry.at).toISOString() })),
      unplaced: plan.unplaced.map((one) => ({ material_id: one.materialId, title: titles.get(one.materialId)!, reason: one.reason })),
      from: new Date(plan.from).toISOString(),
      until: new Date(plan.until).toISOString(),
    };
  }

  /** Schedules a confirmed plan: every entry still keeping every rule, or none scheduled (40000 naming `entries`). */
  async publish(body: ParsedBody<typeof publishingCalls.smartPublish>, audit: { staffId: number; ip: string }): Promise<{ ids: number[] }> {
    const now = this.clock.now().getTime();
    const zone = await this.timeZone();
    const entries: PlanEntry[] = body.entries.map((entry) => ({ materialId: entry.material_id, accountId: entry.account_id, at: Date.parse(entry.at) }));
    const times = entries.map((entry) => entry.at);
    const fields = { materials: 'entries', accounts: 'entries' };
    let rows: { id: number; at: Date }[];
    try {
      rows = await this.db.transaction(async (tx) => {
        const { materials, accounts } = await loadPublishable(tx, [...new Set(entries.map((entry) => entry.materialId))], [...new Set(entries.map((entry) => entry.accountId))], { lock: true, ...fields });
        const span = { from: now - CONFIRM_GRACE_MS, days: PUBLISH_AHEAD_DAYS + SMART_DAYS_MAX + 1, zone };
        const input = await this.inputOf(tx, materials, accounts, span, [Math.min(...times) - 2 * DAY_MS, Math.max(...times) + 2 * DAY_MS]);
        const [violation] = checkPlan(entries, input);
        if (violation) {
          const title = materials.find((one) => one.id === violation.entry.materialId)?.title ?? '';
          const account = accounts.find((one) => one.id === violation.entry.accountId)?.name ?? '';
          const said = VIOLATION_TEXTS[violation.rule](title, account);
          throw AppError.invalid('entries', { 'zh-CN': `${said['zh-CN']}，请重新生成计划`, 'en-US': `${said['en-US']}: plan again` });
        }
        // Each material's fingerprints as the plan was checked with them, and its title.
        const titles = new Map(materials.map((one) => [one.id, one.title]));
        const texts = new Map(input.materials.map((one) => [one.id, { ...one, title: titles.get(one.id)! }]));
        const inserted = await tx
          .insert(publication)
          .values(entries.map((entry) => newPublication(texts.get(entry.materialId)!, entry.accountId, PUBLICATION_MODES.smart, new Date(entry.at), audit.staffId)))
          .returning({ id: publication.id, at: publication.scheduledAt });
        await recordAudit(tx, {
          staffId: audit.staffId,
          action: 'publishing.smart_publish',
          target: `publishing.publication:${inserted.length === 1 ? inserted[0]!.id : `${inserted[0]!.id}…${inserted[inserted.length - 1]!.id}`}`,
          detail: { publications: inserted.length, from: new Date(Math.min(...times)).toISOString(), until: new Date(Math.max(...times)).toISOString() },
          ip: audit.ip,
        });
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw heldAlready('entries');
      throw error;
    }
    await this.jobs.sendMany(
      PUBLISH_JOB,
      rows.map((row) => ({ data: { id: row.id }, startAfter: row.at })),
    );
    return { ids: rows.map((row) => row.id) };
  }

  /**
   * The planner's view of the accounts: their windows, the times of what they hold within `[after, before)` (to count
   * days and gaps: what is not cancelled or failed), and which of the materials' texts each holds (anything not
   * cancelled, as the unique indexes do).
   */
  private async inputOf(tx: Executor, materials: Materials, accounts: Accounts, span: Pick<PlanInput, 'from' | 'days' | 'zone'>, [after, before]: [number, number]): Promise<PlanInput> {
    const accountIds = accounts.map((one) => one.id);
    const planMaterials: PlanMaterial[] = materials.map((one) => ({ id: one.id, titleHash: hashOf(one.title), bodyHash: hashOf(one.body) }));
    const windows = await tx.select().from(publishWindow).where(inArray(publishWindow.accountId, accountIds));
    const held = await tx
      .select({ accountId: publication.accountId, at: publication.scheduledAt })
      .from(publication)
      .where(and(inArray(publication.accountId, accountIds), inArray(publication.state, [scheduled, sending, published, unknown]), gte(publication.scheduledAt, new Date(after)), lt(publication.scheduledAt, new Date(before))));
    const texts = await heldTexts(tx, accountIds, planMaterials);
    const planAccounts: PlanAccount[] = accounts.map((account) => ({
      id: account.id,
      dailyQuota: account.dailyQuota,
      minGap: account.minGap,
      windows: windows.filter((one) => one.accountId === account.id),
      held: held.filter((one) => one.accountId === account.id).map((one) => one.at.getTime()),
      texts: new Set(
        texts.filter((one) => one.accountId === account.id).flatMap((one) => textKeys({ id: one.materialId, titleHash: one.titleHash, bodyHash: one.bodyHash })),
      ),
    }));
    return { ...span, accounts: planAccounts, materials: planMaterials };
  }
}
