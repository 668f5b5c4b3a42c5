import { FIELD_SAMPLES_MAX, type FieldForm, type FieldFormCalls, type FieldSampleRow, type ParsedBody } from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { customFieldCondition, customFieldOrder } from '../../lib/db/custom-fields';
import type { LookupRegistry } from '../../lib/lookups';
import { AppError } from '../../lib/errors';
import { SampleRepository, type SampleRecord } from './repository';
import type { Actor, FieldService } from './service';
import { fieldSampleTable } from './table';

type ListBody = ParsedBody<FieldFormCalls['sampleList']>;

const missing = () => AppError.notFound('Preview not found');

/**
 * Saved previews (试填记录) of a form: a record holder's life in small — values checked by the form's definitions,
 * unique fields unique among the form's previews, lists filtered and ordered by custom fields.
 */
export class SampleService {
  private readonly samples: SampleRepository;

  constructor(
    private readonly db: Db,
    private readonly fields: FieldService,
    private readonly lookups: LookupRegistry,
  ) {
    this.samples = new SampleRepository(db);
  }

  async list(form: FieldForm, { page, limit, filters, sort, order }: ListBody): Promise<{ count: number; data: FieldSampleRow[] }> {
    const byKey = new Map((await this.fields.definitions(form)).map((d) => [d.key, d]));
    const definitionOf = (key: string, field: string) => {
      const definition = byKey.get(key);
      if (!definition) throw AppError.invalid(field, `the form has no field ${key}`);
      return definition;
    };
    const where = filters.map((filter, i) => customFieldCondition(fieldSampleTable.values, definitionOf(filter.key, `filters.${i}.key`), filter));
    const orderBy = sort === undefined ? undefined : customFieldOrder(fieldSampleTable.values, definitionOf(sort, 'sort'), order);
    const { count, rows } = await this.samples.page(form, where, orderBy, page, limit);
    return { count, data: await this.toRows(rows) };
  }

  async add(form: FieldForm, values: Record<string, unknown>, actor: Actor): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.samples.lockForm(form, tx);
      if ((await this.samples.count(form, tx)) >= FIELD_SAMPLES_MAX) throw AppError.invalid('values', `a form keeps at most ${FIELD_SAMPLES_MAX} previews: delete some first`);
      const checked = await this.checked(form, values, undefined, tx);
      const id = await this.samples.add(form, checked, actor.staffId, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'field.sample.add', target: `field.sample:${id}`, detail: { after: { form, values: checked } }, ip: actor.ip });
      return id;
    });
  }

  async edit(form: FieldForm, id: number, values: Record<string, unknown>, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.samples.lockForm(form, tx);
      const before = await this.samples.get(form, id, tx);
      if (!before) throw missing();
      const checked = await this.checked(form, values, id, tx);
      await this.samples.update(id, checked, actor.staffId, tx);
      await recordAudit(tx, {
        staffId: actor.staffId,
        action: 'field.sample.edit',
        target: `field.sample:${id}`,
        detail: { before: { form, values: before.values }, after: { form, values: checked } },
        ip: actor.ip,
      });
    });
  }

  async delete(form: FieldForm, id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.samples.get(form, id, tx);
      if (!before) throw missing();
      await this.samples.delete(id, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'field.sample.delete', target: `field.sample:${id}`, detail: { before: { form, values: before.values } }, ip: actor.ip });
    });
  }

  /** The values checked by the form's fields, each unique field's value held by no other preview (40900 naming the key). */
  private async checked(form: FieldForm, values: Record<string, unknown>, exceptId: number | undefined, tx: Executor): Promise<Record<string, unknown>> {
    const checked = await this.fields.check(form, values, tx);
    for (const definition of await this.fields.definitions(form, tx)) {
      const value = checked[definition.key];
      if (!definition.unique || value == null) continue;
      if (await this.samples.holds(form, definition.key, value, exceptId, tx))
        throw AppError.conflict({ 'zh-CN': `${definition.label['zh-CN']}已被其他记录使用`, 'en-US': `Another record already has this ${definition.label['en-US']}` }, definition.key);
    }
    return checked;
  }

  /** Rows as answered, each naming who saved it last (through the staff lookup). */
  private async toRows(rows: SampleRecord[]): Promise<FieldSampleRow[]> {
    const staff = this.lookups.sourceOf('staff');
    const names = new Map((staff ? await staff.named([...new Set(rows.map((row) => row.updatedBy))]) : []).map((item) => [item.id, item.name]));
    return rows.map((row) => ({ id: row.id, values: row.values, updated_at: row.updatedAt.toISOString(), updated_by: names.get(row.updatedBy) ?? String(row.updatedBy) }));
  }
}
