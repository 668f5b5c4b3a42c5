import { dayInZone, MATERIAL_TITLE_MAX, renderTitle, type CallData, type ParsedBody, type publishingCalls } from '@juqi/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { material, titleTemplate } from './table';

/**
 * 智能标题生成 without a model (docs/publishing.md › Material): a title from each title template, and the chosen ones
 * kept as draft materials. The model's titles come with the large-model settings; this is also their fallback.
 */
export class TitleService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly timeZone: () => Promise<string>,
  ) {}

  async generate(body: ParsedBody<typeof publishingCalls.titleGenerate>): Promise<CallData<typeof publishingCalls.titleGenerate>> {
    const templates = await this.db
      .select({ id: titleTemplate.id, name: titleTemplate.name, content: titleTemplate.content })
      .from(titleTemplate)
      .where(and(eq(titleTemplate.enabled, true), body.template_ids ? inArray(titleTemplate.id, body.template_ids) : undefined))
      .orderBy(asc(titleTemplate.sort), asc(titleTemplate.id));
    if (body.template_ids && templates.length < new Set(body.template_ids).size)
      throw AppError.invalid('template_ids', { 'zh-CN': '所选标题模板不存在或已停用', 'en-US': 'a chosen title template does not exist or is switched off' });
    const date = dayInZone(await this.timeZone(), this.clock.now().getTime());
    return {
      source: 'template',
      titles: templates.map((template) => {
        const title = renderTitle(template.content, { keyword: body.keyword, city: body.city, industry: body.industry, date });
        return { template_id: template.id, template_name: template.name, title, too_long: title.length > MATERIAL_TITLE_MAX };
      }),
    };
  }

  /** The titles as draft materials of the keyword, in one transaction, audited once. */
  async save(body: ParsedBody<typeof publishingCalls.titleSave>, audit: { staffId: number; ip: string }): Promise<{ ids: number[] }> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(material)
        .values(body.titles.map((title) => ({ title, keyword: body.keyword, body: '' })))
        .returning({ id: material.id });
      const ids = rows.map((row) => row.id);
      await recordAudit(tx, { staffId: audit.staffId, action: 'publishing.material.add', target: `publishing.material:${ids.join(',')}`, detail: { after: { keyword: body.keyword, titles: body.titles } }, ip: audit.ip });
      return { ids };
    });
  }
}
