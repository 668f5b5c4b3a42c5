import {
  FIELD_FORMS,
  FIELD_SAMPLES_MAX,
  fieldTypeOf,
  type FieldDefinition,
  type FieldForm,
  type FieldFormCalls,
  type FieldSampleRow,
  type LookupKind,
  type ParsedBody,
  type Texts,
} from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { customFieldCondition, customFieldOrder } from '../../lib/db/custom-fields';
import { sendWorkbook, type ExportColumn } from '../../lib/export/workbook';
import { exportedTime } from '../../lib/time-zone';
import type { LookupRegistry } from '../../lib/lookups';
import { AppError } from '../../lib/errors';
import { mapPicks } from './picks';
import { SampleRepository, type SampleRecord } from './repository';
import type { Actor, FieldService } from './service';
import { fieldSampleTable } from './table';

type ListBody = ParsedBody<FieldFormCalls['sampleList']>;
type ExportBody = ParsedBody<FieldFormCalls['sampleExport']>;
type SQLPart = ReturnType<typeof customFieldCondition>;

/** Previews read per query while exporting (a form keeps at most FIELD_SAMPLES_MAX). */
const EXPORT_BATCH = 100;
/** Compressed bytes a preview's row takes in a workbook, about; it only drives the client's progress bar. */
const BYTES_PER_ROW = 120;
const SAVED_BY: Texts = { 'zh-CN': '保存人', 'en-US': 'Saved by' };
const SAVED_AT: Texts = { 'zh-CN': '保存时间', 'en-US': 'Saved' };
const EXPORT_NAME: Texts = { 'zh-CN': '试填记录', 'en-US': 'Form previews' };

const missing = () => AppError.notFound({ 'zh-CN': '预览记录不存在', 'en-US': 'No such preview record' });

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

  async list(form: FieldForm, { page, limit, ...query }: ListBody): Promise<{ count: number; data: FieldSampleRow[] }> {
    const { where, orderBy } = this.query(await this.fields.definitions(form), query);
    const { count, rows } = await this.samples.page(form, where, orderBy, page, limit);
    return { count, data: await this.toRows(rows) };
  }

  /**
   * The previews the query matches as a workbook (lib/export): a column per field holding a value, written as the
   * registry's text in the request's language and the platform's zone, picked records by name; audited with its query.
   */
  async export(form: FieldForm, query: ExportBody, reply: FastifyReply, actor: Actor): Promise<void> {
    const definitions = (await this.fields.definitions(form)).filter((d) => fieldTypeOf(d.type).holdsValue);
    const { where, orderBy } = this.query(definitions, query);
    const columns: ExportColumn<FieldSampleRow>[] = [
      ...definitions.map(
        (definition): ExportColumn<FieldSampleRow> => ({
          header: definition.label,
          width: definition.type === 'textarea' || definition.type === 'detail_table' ? 40 : 16,
          value: (row, { locale, zone }) => fieldTypeOf(definition.type).text(row.values[definition.key], definition, locale, zone),
        }),
      ),
      { header: SAVED_BY, width: 12, value: (row) => row.updated_by },
      { header: SAVED_AT, width: 20, value: (row, { zone }) => exportedTime(row.updated_at, zone) },
    ];
    const label = FIELD_FORMS[form].label;
    await sendWorkbook(reply, {
      fileName: { 'zh-CN': `${label['zh-CN']}-${EXPORT_NAME['zh-CN']}`, 'en-US': `${label['en-US']} ${EXPORT_NAME['en-US'].toLowerCase()}` },
      sheetName: EXPORT_NAME,
      columns,
      bytesPerRow: BYTES_PER_ROW,
      open: async (zone) => {
        const total = (await this.samples.page(form, where, orderBy, 1, 1)).count;
        await recordAudit(this.db, { staffId: actor.staffId, action: 'field.sample.export', target: `field.form:${form}`, detail: { filter: query, rows: total, time_zone: zone }, ip: actor.ip });
        const samples = this.samples;
        const named = (rows: FieldSampleRow[]) => this.withNames(definitions, rows);
        const toRows = (rows: Awaited<ReturnType<SampleRepository['page']>>['rows']) => this.toRows(rows);
        async function* batches() {
          for (let page = 1; (page - 1) * EXPORT_BATCH < total; page += 1) {
            const { rows } = await samples.page(form, where, orderBy, page, EXPORT_BATCH);
            if (rows.length) yield await named(await toRows(rows));
            if (rows.length < EXPORT_BATCH) return;
          }
        }
        return { total, batches: batches() };
      },
    });
  }

  /** A list's or export's conditions and order: keys the form has no field for are 40000 naming where they are. */
  private query(definitions: readonly FieldDefinition[], { filters, sort, order }: Omit<ListBody, 'page' | 'limit'>): { where: SQLPart[]; orderBy?: SQLPart } {
    const byKey = new Map(definitions.map((d) => [d.key, d]));
    const definitionOf = (key: string, field: string) => {
      const definition = byKey.get(key);
      if (!definition) throw AppError.invalid(field, { 'zh-CN': `表单没有字段 ${key}`, 'en-US': `the form has no field ${key}` });
      return definition;
    };
    const where = filters.map((filter, i) => customFieldCondition(fieldSampleTable.values, definitionOf(filter.key, `filters.${i}.key`), filter));
    return { where, orderBy: sort === undefined ? undefined : customFieldOrder(fieldSampleTable.values, definitionOf(sort, 'sort'), order) };
  }

  /**
   * The rows with each picked id replaced by its record's name (a detail table's cells too), so the registry's text
   * writes names; an id no record has any more is written `#id`.
   */
  private async withNames(definitions: readonly FieldDefinition[], rows: FieldSampleRow[]): Promise<FieldSampleRow[]> {
    const asked = new Map<LookupKind, Set<number>>();
    for (const row of rows)
      for (const definition of definitions) mapPicks(definition, row.values[definition.key], (kind, id) => asked.set(kind, (asked.get(kind) ?? new Set()).add(id)));
    const names = new Map<LookupKind, Map<number, string>>();
    for (const [kind, ids] of asked) names.set(kind, await this.lookups.namesOf(kind, ids));
    return rows.map((row) => ({
      ...row,
      values: Object.fromEntries(
        Object.entries(row.values).map(([key, value]) => {
          const definition = definitions.find((d) => d.key === key);
          return [key, definition ? mapPicks(definition, value, (kind, id) => names.get(kind)?.get(id) ?? `#${id}`) : value];
        }),
      ),
    }));
  }

  async add(form: FieldForm, values: Record<string, unknown>, actor: Actor): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.samples.lockForm(form, tx);
      if ((await this.samples.count(form, tx)) >= FIELD_SAMPLES_MAX) throw AppError.invalid('values', { 'zh-CN': `一个表单最多保留 ${FIELD_SAMPLES_MAX} 条预览，请先删除一些`, 'en-US': `a form keeps at most ${FIELD_SAMPLES_MAX} previews: delete some first` });
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
    const names = await this.lookups.namesOf('staff', rows.map((row) => row.updatedBy));
    return rows.map((row) => ({ id: row.id, values: row.values, updated_at: row.updatedAt.toISOString(), updated_by: names.get(row.updatedBy) ?? String(row.updatedBy) }));
  }
}
