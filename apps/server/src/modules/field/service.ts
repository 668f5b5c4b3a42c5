import {
  allResources,
  decodeFieldPermission,
  ErrorCode,
  fieldLabel,
  FIELD_FORM_NAMES,
  FIELD_FORMS,
  fieldFormOperations,
  LOOKUP_MATCHES_MAX,
  PICKER_LOOKUPS,
  PICKER_TYPES,
  type LookupItem,
  type LookupKind,
  type Resource,
  type ResourceField,
  FIELD_DEFINITIONS_MAX,
  FIELD_FORM_DEFINITION_CHARS_MAX,
  fieldDefinition,
  fieldDefinitionChars,
  fieldValues,
  RESERVED_FIELD_KEYS,
  type FieldDefinition,
  type FieldDefinitionRow,
  type FieldForm,
  type FieldPermissionFlag,
  type ParsedBody,
  type FieldFormCalls,
  type Locale,
} from '@juqi/contract';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit/record';
import { referenceLookups } from '../../lib/crud/references';
import type { Db, Executor } from '../../lib/db/client';
import type { LookupRegistry } from '../../lib/lookups';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError, issuesRefused, issueText, refusedPaths, Refusals, type LocalText, type Refused } from '../../lib/errors';
import { holdsOperation, type Principal } from '../../lib/http/types';
import type { FormFields } from './fields';
import { mapPicks } from './picks';
import { FieldRepository, type DefinitionRecord } from './repository';

/** Who changed something, for the audit log. */
export interface Actor {
  staffId: number;
  ip: string;
}

type Changes = Omit<ParsedBody<FieldFormCalls['definitionEdit']>, 'id'>;

/**
 * The properties each flag of the permission byte guards (docs/field-definitions.md › The byte). percentEdit guards
 * nothing: the spec gives it no meaning and a definition has no property it could stand for.
 */
const GUARDED: [FieldPermissionFlag, keyof FieldDefinition, LocalText][] = [
  ['nameEdit', 'label', { 'zh-CN': '该字段不可改名', 'en-US': 'This field cannot be renamed' }],
  ['nameEdit', 'description', { 'zh-CN': '该字段的说明不可修改', 'en-US': 'This field’s text cannot be changed' }],
  ['defaultEdit', 'default', { 'zh-CN': '该字段的默认值不可修改', 'en-US': 'This field’s default cannot be changed' }],
  ['nullEdit', 'required', { 'zh-CN': '该字段是否必填不可修改', 'en-US': 'Whether this field is required cannot be changed' }],
  ['uniqueEdit', 'unique', { 'zh-CN': '该字段是否唯一不可修改', 'en-US': 'Whether this field is unique cannot be changed' }],
  ['hiddenEdit', 'hidden', { 'zh-CN': '该字段不可隐藏或显示', 'en-US': 'This field cannot be hidden or shown' }],
  ['optionsEdit', 'options', { 'zh-CN': '该字段的选项不可修改', 'en-US': 'This field’s options cannot be changed' }],
  ['optionsEdit', 'sub_fields', { 'zh-CN': '该明细表的列不可修改', 'en-US': 'This table’s columns cannot be changed' }],
];

const missing = () => AppError.notFound({ 'zh-CN': '字段不存在', 'en-US': 'No such field' });
/** Bounds an edit clears by sending null (extend_quantity's bounds and the default take null themselves). */
const CLEARED_BY_NULL: readonly string[] = ['min_length', 'max_length', 'min', 'max'];
const forbidden = (text: LocalText, field: string) => new AppError(ErrorCode.FORBIDDEN, text, { field });
const keyTaken = (key: string) => AppError.conflict({ 'zh-CN': `字段标识 ${key} 已存在`, 'en-US': `The form already has a field ${key}` }, 'key');

/**
 * Where in a field's value an issue lies, as its label: the field's own, then a detail table's row and column, or a
 * value's part by its shared label (`明细 2 · 数量`, `位置 · 城市`).
 */
function labelWithin(definition: FieldDefinition, within: readonly string[]): LocalText {
  const labelIn = (locale: Locale) => {
    let label = definition.label[locale];
    let columns = definition.sub_fields;
    for (const part of within) {
      if (/^\d+$/.test(part)) {
        label += ` ${Number(part) + 1}`;
        continue;
      }
      const column = columns?.find((sub) => sub.key === part);
      label += ` · ${column?.label[locale] ?? fieldLabel(part, locale)}`;
      columns = column?.sub_fields;
    }
    return label;
  };
  return { 'zh-CN': labelIn('zh-CN'), 'en-US': labelIn('en-US') };
}

/**
 * Values the definitions refuse, as one 40000: each field once (its first issue), named by its key, as forms mark it,
 * and by its label and where in its value the issue lies; a key the form has no field for is named itself.
 */
function valuesRefused(error: z.ZodError, definitions: readonly FieldDefinition[]): AppError {
  const refused = new Map<string, Refused>();
  for (const issue of error.issues) {
    for (const [field = 'values', ...within] of refusedPaths(issue)) {
      const definition = definitions.find((d) => d.key === field);
      if (!refused.has(field)) refused.set(field, { field, text: issueText(issue), ...(definition && { label: labelWithin(definition, within) }) });
    }
  }
  return AppError.invalidFields([...refused.values()]);
}

/** A stored definition as the contract's definition: without its id, form and time of change. */
const definitionOf = ({ id: _id, form: _form, updated_at: _updated, ...definition }: DefinitionRecord): FieldDefinition => definition;

/** The audit's picture of a definition: what it holds, and its name for the log's list. */
const snapshot = ({ updated_at: _u, ...definition }: DefinitionRecord) => ({ ...definition, name: definition.label['zh-CN'] });

/** By lookup, the view operations of the resources with a reference to its records. */
const REFERENCE_VIEWS = new Map<LookupKind, string[]>();
for (const resource of allResources as Resource<Record<string, ResourceField>>[])
  for (const [, kind] of referenceLookups(resource)) REFERENCE_VIEWS.set(kind, [...(REFERENCE_VIEWS.get(kind) ?? []), resource.operations.view]);

/** Admin-defined fields: the forms' definitions under their permission bytes, and records' values checked by them. */
export class FieldService implements FormFields {
  private readonly records: FieldRepository;

  constructor(
    private readonly db: Db,
    private readonly lookups: LookupRegistry,
  ) {
    this.records = new FieldRepository(db);
  }

  /** The form's definitions as stored. */
  definitions(form: FieldForm, tx: Executor = this.db): Promise<DefinitionRecord[]> {
    return this.records.list(form, tx);
  }

  /**
   * Records for a picker of the lookup, to staff who may pick from it (40300 otherwise): the ids given that a
   * picker may show (in the given order), else up to LOOKUP_MATCHES_MAX one may pick matching the keyword. `available`
   * is false while no module provides its records.
   */
  async lookup(principal: Principal, kind: LookupKind, keyword: string | undefined, ids: number[] | undefined): Promise<{ available: boolean; items: LookupItem[] }> {
    if (!(await this.mayPickFrom(principal, kind))) {
      throw AppError.forbidden({ 'zh-CN': '您填写或查看的表单中没有选择这类记录的字段', 'en-US': 'No form you fill in or view has a field picking these records' });
    }
    const source = this.lookups.sourceOf(kind);
    if (!source) return { available: false, items: [] };
    if (!ids) return { available: true, items: await source.search(keyword, LOOKUP_MATCHES_MAX) };
    const found = new Map((await (source.shown ? source.shown(ids) : source.named(ids))).map((item) => [item.id, item]));
    return { available: true, items: ids.flatMap((id) => found.get(id) ?? []) };
  }

  /**
   * Whether the staff may pick from the lookup in some form (docs/field-definitions.md › Record pickers): one whose
   * fields they edit (a field of any type may be added there, its default picked), or one they fill in or view (its
   * view operation, or its record holder's) that has a field or a detail table's column picking from it; or a
   * resource they view with a reference to its records (docs/resources.md › References).
   */
  private async mayPickFrom(principal: Principal, kind: LookupKind): Promise<boolean> {
    const holds = (code: string) => holdsOperation(principal, code);
    if (FIELD_FORM_NAMES.some((form) => holds(fieldFormOperations(form).edit))) return true;
    if (REFERENCE_VIEWS.get(kind)?.some(holds)) return true;
    const filled = FIELD_FORM_NAMES.filter((form) => [fieldFormOperations(form).view, ...FIELD_FORMS[form].recordOperations].some(holds));
    return this.records.anyOfTypes(filled, PICKER_TYPES.filter((type) => PICKER_LOOKUPS[type] === kind));
  }

  async list(form: FieldForm): Promise<FieldDefinitionRow[]> {
    return (await this.records.list(form)).map(({ form: _form, ...row }) => row);
  }

  async add(form: FieldForm, definition: FieldDefinition, actor: Actor): Promise<number> {
    if ((RESERVED_FIELD_KEYS as readonly string[]).includes(definition.key))
      throw AppError.invalid('key', { 'zh-CN': `${definition.key} 是每条记录自带的键，请换一个`, 'en-US': `${definition.key} is a key every record holds itself` });
    return this.write(async (tx) => {
      const { count, nextSort } = await this.records.extent(form, tx);
      if (count >= FIELD_DEFINITIONS_MAX) throw AppError.invalid('key', { 'zh-CN': `一个表单最多 ${FIELD_DEFINITIONS_MAX} 个字段`, 'en-US': `a form holds at most ${FIELD_DEFINITIONS_MAX} fields` });
      if (await this.records.keyTaken(form, definition.key, tx)) throw keyTaken(definition.key);
      await this.assertFormRoom(form, definition, undefined, tx);
      // Staff's own fields get every flag, whatever was sent; only the seed makes system fields.
      const id = await this.records.add(form, { ...definition, sort: nextSort, permission: 0xff }, tx);
      const after = (await this.records.get(form, id, tx))!;
      await recordAudit(tx, { staffId: actor.staffId, action: 'field.definition.add', target: `field.definition:${id}`, detail: { after: snapshot(after) }, ip: actor.ip });
      return id;
    }, definition.key);
  }

  /**
   * Applies the changes to a definition, checked as a whole definition, then by its permission byte: a change of a
   * property whose flag is off is 40300 naming the property. Key and type are fixed once made.
   */
  async edit(form: FieldForm, id: number, changes: Changes, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.records.get(form, id, tx);
      if (!before) throw missing();
      const refusals = new Refusals();
      for (const fixed of ['key', 'type'] as const)
        if (changes[fixed] !== undefined && changes[fixed] !== before[fixed])
          refusals.add(fixed, {
            'zh-CN': '字段创建后不可修改：已存的值将不再相符，请新增字段',
            'en-US': `a field's ${fixed} is fixed once made: values stored under it would no longer fit; add a new field instead`,
          });
      refusals.throwIfAny();

      const merged: Record<string, unknown> = { ...definitionOf(before) };
      for (const [property, value] of Object.entries(changes)) {
        if (value === null && CLEARED_BY_NULL.includes(property)) delete merged[property];
        else if (value !== undefined) merged[property] = value;
      }
      const parsed = fieldDefinition.safeParse(merged);
      if (!parsed.success) throw issuesRefused(parsed.error.issues, 'body');
      const next = parsed.data;

      const flags = decodeFieldPermission(before.permission);
      for (const [flag, property, text] of GUARDED) if (!flags[flag] && !isDeepStrictEqual(before[property], next[property])) throw forbidden(text, property);
      // An edit that does not grow the field is taken even where the form holds more than it may (from before the bound).
      if (fieldDefinitionChars(next) > fieldDefinitionChars(definitionOf(before))) await this.assertFormRoom(form, next, id, tx);

      await this.records.update(id, next, tx);
      const after = (await this.records.get(form, id, tx))!;
      await recordAudit(tx, { staffId: actor.staffId, action: 'field.definition.edit', target: `field.definition:${id}`, detail: { before: snapshot(before), after: snapshot(after) }, ip: actor.ip });
    });
  }

  /** Deletes a definition unless its byte's deleteEdit is off (40300 naming id). Records keep their stored value until next written. */
  async delete(form: FieldForm, id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.records.get(form, id, tx);
      if (!before) throw missing();
      if (!decodeFieldPermission(before.permission).deleteEdit) throw forbidden({ 'zh-CN': '该字段不可删除', 'en-US': 'This field cannot be deleted' }, 'id');
      await this.records.delete(id, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'field.definition.delete', target: `field.definition:${id}`, detail: { before: snapshot(before) }, ip: actor.ip });
    });
  }

  /** Orders the form's fields as `ids` lists them; `ids` must list each of them once (40000 naming ids). */
  async sort(form: FieldForm, ids: number[], actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.records.list(form, tx);
      const held = new Set(before.map((d) => d.id));
      if (new Set(ids).size !== ids.length || ids.length !== held.size || ids.some((id) => !held.has(id)))
        throw AppError.invalid('ids', { 'zh-CN': `须列出表单的全部 ${held.size} 个字段，每个一次`, 'en-US': `must list each of the form's ${held.size} fields once` });
      await this.records.reorder(ids, tx);
      const keyOf = new Map(before.map((d) => [d.id, d.key]));
      await recordAudit(tx, {
        staffId: actor.staffId,
        action: 'field.definition.sort',
        target: `field.form:${form}`,
        detail: { before: { keys: before.map((d) => d.key) }, after: { keys: ids.map((id) => keyOf.get(id)) } },
        ip: actor.ip,
      });
    });
  }

  /**
   * A record's values checked by the form's definitions. A left-out field takes its default; a hidden field is not
   * asked on the form, so it is never required.
   */
  async check(form: FieldForm, values: Record<string, unknown>, tx: Executor = this.db): Promise<Record<string, unknown>> {
    const definitions = (await this.records.list(form, tx)).map((d) => (d.hidden ? { ...d, required: false } : d));
    const filled = { ...values };
    for (const d of definitions) if (!Object.hasOwn(filled, d.key) && d.default !== undefined) filled[d.key] = d.default;
    const parsed = fieldValues(definitions).safeParse(filled);
    if (!parsed.success) throw valuesRefused(parsed.error, definitions);
    const checked = parsed.data as Record<string, unknown>;
    await this.assertPicked(definitions, checked, tx);
    return checked;
  }

  /**
   * Picked records exist: each id a record-picking field holds (a detail table's cells included) is one its lookup
   * names, or 40000 naming every field holding one it does not. Types whose lookup no module provides yet keep their
   * ids unchecked.
   */
  private async assertPicked(definitions: readonly FieldDefinition[], values: Record<string, unknown>, tx: Executor): Promise<void> {
    const wanted = new Map<LookupKind, { key: string; id: number }[]>();
    for (const definition of definitions)
      mapPicks(definition, values[definition.key], (kind, id) => wanted.set(kind, [...(wanted.get(kind) ?? []), { key: definition.key, id }]));

    const refusals = new Refusals();
    for (const [kind, picks] of wanted) {
      const source = this.lookups.sourceOf(kind);
      if (!source) continue;
      const found = new Set((await source.named([...new Set(picks.map((pick) => pick.id))], tx)).map((item) => item.id));
      for (const absent of picks.filter((pick) => !found.has(pick.id)))
        refusals.add(absent.key, { 'zh-CN': `所选记录不存在（ID ${absent.id}）`, 'en-US': `no ${kind} ${absent.id}` }, definitions.find((d) => d.key === absent.key)?.label);
    }
    refusals.throwIfAny();
  }

  /**
   * The form's definitions, with `definition` written in place of the one of id `replacing` (or added), stay within
   * FIELD_FORM_DEFINITION_CHARS_MAX characters; else 40000 naming key, as the form's other bound (its field count).
   */
  private async assertFormRoom(form: FieldForm, definition: FieldDefinition, replacing: number | undefined, tx: Executor): Promise<void> {
    const others = (await this.records.list(form, tx)).filter((stored) => stored.id !== replacing);
    const total = others.reduce((sum, stored) => sum + fieldDefinitionChars(definitionOf(stored)), fieldDefinitionChars(definition));
    if (total <= FIELD_FORM_DEFINITION_CHARS_MAX) return;
    throw AppError.invalid('key', {
      'zh-CN': `表单的字段定义合计最多 ${FIELD_FORM_DEFINITION_CHARS_MAX} 个字符，请先精简或删除其他字段`,
      'en-US': `a form's field definitions hold at most ${FIELD_FORM_DEFINITION_CHARS_MAX} characters in all: shorten or delete other fields first`,
    });
  }

  /** A write in a transaction; a key another write took meanwhile is 40900 naming key, as the unique index settles it. */
  private async write<T>(work: (tx: Executor) => Promise<T>, key: string): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw keyTaken(key);
      throw err;
    }
  }
}
