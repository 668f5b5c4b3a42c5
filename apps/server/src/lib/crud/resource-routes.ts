import { SECRET_MASK, stateName, type Resource, type ResourceField } from '@juqi/contract';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/record';
import type { Executor } from '../db/client';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../db/errors';
import { AppError } from '../errors';
import { route } from '../http/route';
import { sanitizeRichText } from '../rich-text';
import { sendResourceExport } from './export';
import { historyOf } from './history';
import { referenceLookups } from './references';
import { propertyOf, ResourceRepository, type FilterQuery } from './repository';
import { holdsSecrets } from '../secret-rotation';

type AnyResource = Resource<Record<string, ResourceField>>;
type Values = Record<string, unknown>;

/** What a resource's own rules see inside the write's transaction. */
export interface WriteContext {
  tx: Executor;
  staffId: number;
  /** The record before the write; absent on add. */
  before?: Values;
}

/**
 * A resource's own rules, run inside the write's transaction: throw an AppError to refuse the write (nothing is kept),
 * e.g. a `beforeDelete` that answers 40900 while other records use this one.
 */
export interface ResourceHooks {
  beforeWrite?(values: Values, ctx: WriteContext): Promise<void>;
  afterWrite?(id: number, ctx: WriteContext): Promise<void>;
  beforeDelete?(id: number, ctx: WriteContext): Promise<void>;
  /**
   * An action's own work, by action, run for each record under its row lock after its state changed (where money
   * moves, through the ledger); `ctx.before` is the record before the action.
   */
  actions?: Readonly<Record<string, (id: number, ctx: WriteContext & { reason?: string }) => Promise<void>>>;
}

/**
 * The child lists' foreign keys to their parents, by constraint name, filled as their routes register: per database
 * (one per app, whichever module's plugin context registers the routes).
 */
const childLists = new WeakMap<object, Map<string, AnyResource>>();
function childListKeys(app: FastifyInstance): Map<string, AnyResource> {
  let keys = childLists.get(app.database.db);
  if (!keys) childLists.set(app.database.db, (keys = new Map()));
  return keys;
}

/** A reference to a record its lookup does not know, refused on its field. */
const unknownRecord = (key: string, id: unknown) => AppError.invalid(key, { 'zh-CN': `记录 ${String(id)} 不存在`, 'en-US': `no record ${String(id)}` });

/**
 * The unique field a unique index's name stands for: the longest key it holds after the table's name, since
 * `inform_type_name_en_key` holds both `name` and `name_en`, and `agency_level_name_key` holds `level` in its table's name.
 */
export const fieldOfIndex = (uniqueKeys: readonly string[], index: string, table: string): string | undefined => {
  const own = index.startsWith(`${table}_`) ? index.slice(table.length) : index;
  return uniqueKeys.filter((key) => own.includes(key)).sort((a, b) => b.length - a.length)[0];
};

/**
 * Answers a resource's calls from its declaration and table (docs/resources.md): the list with its keyword, filters,
 * order and page; details; and add / edit / delete where declared, each in one transaction with an audit entry holding
 * the record before and after. A value a unique field already holds is 40900 naming the field; a reference to a record
 * its lookup does not know is 40000 naming the field; a record still referenced elsewhere (a foreign key) is 40900 and
 * stays. Where declared, the export streams the filtered list as a workbook, references by their records' names. A
 * `scope` keeps the resource to some of the table's rows (ResourceRepository).
 */
export function resourceRoutes(app: FastifyInstance, resource: AnyResource, table: PgTable, hooks: ResourceHooks = {}, scope: Record<string, unknown> = {}): void {
  const db = app.database.db;
  const records = new ResourceRepository(db, resource, table, scope);
  // A child list's table keeps its parent by a foreign key: a deleted parent cannot leave its records behind. The key's
  // name tells the parent's refused deletion which child list holds it.
  if (resource.parent) {
    const parentKey = getTableConfig(table).foreignKeys.find((key) => key.reference().columns.some((column) => column.name === resource.parent!.key));
    if (!parentKey) throw new Error(`${getTableConfig(table).name} has no foreign key on ${resource.parent.key}, the parent of ${resource.module}.${resource.thing}`);
    childListKeys(app).set(parentKey.getName(), resource);
  }
  if (resource.names) app.access.lookups.provide(resource.names, { search: (keyword, limit) => records.matching(keyword, limit), named: (ids, tx) => records.named(ids, tx) });
  const { calls, module, thing, label } = resource;
  const uniqueKeys = Object.entries(resource.fields)
    .filter(([, field]) => field.unique)
    .map(([key]) => key);
  const references = referenceLookups(resource);
  const richTextKeys = Object.entries(resource.fields)
    .filter(([, field]) => field.kind === 'richtext')
    .map(([key]) => key);
  const secretKeys = Object.entries(resource.fields)
    .filter(([, field]) => field.kind === 'secret')
    .map(([key]) => key);
  for (const key of secretKeys) holdsSecrets(app, table, propertyOf(key));
  /**
   * The written values with rich text reduced to what may be rendered (the allow-list of lib/rich-text), and each
   * secret given sealed; one left empty (or sent back as its mask) is not written, keeping the one kept.
   */
  const cleaned = (values: Values): Values => {
    const clean = { ...values };
    for (const key of richTextKeys) if (typeof clean[key] === 'string') clean[key] = sanitizeRichText(clean[key]);
    for (const key of secretKeys) {
      const given = clean[key];
      if (typeof given === 'string' && given !== '' && given !== SECRET_MASK) clean[key] = app.secrets.seal(given, key);
      else delete clean[key];
    }
    return clean;
  };
  /** An audit entry's action: `<module>.<thing>.<verb>`. */
  const auditAction = (verb: string) => `${module}.${thing}.${verb}`;
  const target = (id: number) => `${module}.${thing}:${id}`;
  const missing = () => AppError.notFound({ 'zh-CN': `${label['zh-CN']}不存在`, 'en-US': `No such ${label['en-US'].toLowerCase()}` });
  const taken = (key: string) => {
    const field = resource.fields[key]!.label;
    return AppError.conflict({ 'zh-CN': `${field['zh-CN']}已被使用`, 'en-US': `${field['en-US']} is already in use` }, key);
  };

  /**
   * Refuses a value a unique field of another record holds; the unique index settles a race between two writes. An
   * empty value holds nothing (a manual for no page): its table's unique index leaves it out too.
   */
  async function assertUnique(values: Values, before: Values | undefined, tx: Executor) {
    const parentId = resource.parent && (values[resource.parent.key] ?? before?.[resource.parent.key]);
    for (const key of uniqueKeys) {
      const value = values[key];
      if (value !== undefined && value !== null && value !== '' && (await records.holder(key, value, before?.id as number | undefined, parentId, tx)) !== undefined) throw taken(key);
    }
  }
  /**
   * Refuses a reference to a record its lookup does not know. The table's foreign key settles a race with the record's
   * deletion (`write`).
   */
  async function assertReferences(values: Values, tx: Executor) {
    for (const [key, kind] of references) {
      const id = values[key];
      if (typeof id === 'number' && !(await app.access.lookups.namesOf(kind, [id], tx)).has(id)) throw unknownRecord(key, id);
    }
  }
  /** The reference a foreign key's name stands for (`<table>_<column>_<table>_<column>_fk`). */
  const referenceOfConstraint = (constraint: string) => references.map(([key]) => key).find((key) => constraint.includes(`_${key}_`));

  /**
   * This record still referenced: by a child list's records (a business's packages), named by the child list whose
   * foreign key it is, or by another table's.
   */
  const inUse = (constraint: string) => {
    const child = childListKeys(app).get(constraint);
    if (child)
      return AppError.conflict({
        'zh-CN': `该${label['zh-CN']}下还有${child.label['zh-CN']}，请先删除${child.label['zh-CN']}`,
        'en-US': `This ${label['en-US'].toLowerCase()} still has ${child.label['en-US'].toLowerCase()} records: delete them first`,
      });
    return AppError.conflict({ 'zh-CN': `该${label['zh-CN']}正在使用中，不能删除`, 'en-US': `This ${label['en-US'].toLowerCase()} is in use and cannot be deleted` });
  };
  /**
   * Runs a write in one transaction. A foreign key broken by an add or edit is a referenced record deleted meanwhile,
   * refused on its field as unknown; broken by a delete, it is this record still referenced elsewhere.
   */
  async function write<T>(work: (tx: Executor) => Promise<T>, written?: Values): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err)) {
        // Unique indexes are named after their field (docs/resources.md), which names the field in the answer.
        const key = fieldOfIndex(uniqueKeys, violatedConstraint(err) ?? '', getTableConfig(table).name);
        throw key ? taken(key) : AppError.conflict();
      }
      if (isForeignKeyViolation(err)) {
        const key = written && referenceOfConstraint(violatedConstraint(err) ?? '');
        throw key ? unknownRecord(key, written[key]) : inUse(violatedConstraint(err) ?? '');
      }
      throw err;
    }
  }

  route(app, calls.list, ({ body }) => records.list(body as never) as never);
  route(app, calls.details, async ({ body }) => ((await records.find((body as { id: number }).id)) ?? Promise.reject(missing())) as never);

  if (calls.add)
    route(app, calls.add, ({ body, principal, request }) =>
      write(async (tx) => {
        const values = cleaned(body as Values);
        const ctx: WriteContext = { tx, staffId: principal!.staffId };
        await assertUnique(values, undefined, tx);
        await assertReferences(values, tx);
        await hooks.beforeWrite?.(values, ctx);
        const id = await records.insert(values, tx);
        await hooks.afterWrite?.(id, ctx);
        await recordAudit(tx, { staffId: ctx.staffId, action: auditAction('add'), target: target(id), detail: { after: await records.find(id, tx) }, ip: request.ip });
        return { id };
      }, body as Values),
    );

  if (calls.edit)
    route(app, calls.edit, ({ body, principal, request }) =>
      write(async (tx) => {
        const { id, ...given } = body as Values & { id: number };
        const values = cleaned(given);
        const before = await records.find(id, tx);
        if (!before) throw missing();
        const ctx: WriteContext = { tx, staffId: principal!.staffId, before };
        await assertUnique(values, before, tx);
        await assertReferences(values, tx);
        await hooks.beforeWrite?.(values, ctx);
        await records.update(id, values, tx);
        await hooks.afterWrite?.(id, ctx);
        await recordAudit(tx, { staffId: ctx.staffId, action: auditAction('edit'), target: target(id), detail: { before, after: await records.find(id, tx) }, ip: request.ip });
        return null;
      }, body as Values),
    );

  if (calls.export)
    route(app, calls.export, async ({ body, principal, reply }) => {
      await sendResourceExport(reply, records, body as FilterQuery, principal!.staffId, app.access.lookups);
      return null;
    });

  const states = resource.states;
  if (states) {
    const stateLabel = resource.fields[states.field]!.label;
    const nameOf = (row: Values) => String(row[resource.keyword?.[0] ?? 'id'] ?? row.id);
    for (const [name, action] of Object.entries(states.actions)) {
      route(app, resource.actionCalls[name]!, ({ body, principal, request }) =>
        write(async (tx) => {
          const { id, ids = [id as number], reason } = body as { id?: number; ids?: number[]; reason?: string };
          const wanted = [...new Set(ids)];
          const rows = await records.lock(wanted, tx);
          if (rows.length !== wanted.length) throw missing();
          // All or nothing: one record in another state refuses the whole call.
          const stuck = rows.find((row) => !action.from.includes(row[states.field] as number));
          if (stuck) {
            const now = stateName(resource, stuck[states.field]) ?? { 'zh-CN': String(stuck[states.field]), 'en-US': String(stuck[states.field]) };
            throw AppError.conflict(
              {
                'zh-CN': `“${nameOf(stuck)}”的${stateLabel['zh-CN']}为“${now['zh-CN']}”，不能${action.label['zh-CN']}`,
                'en-US': `“${nameOf(stuck)}” is ${now['en-US']} and cannot be changed by ${action.label['en-US']}`,
              },
              states.field,
            );
          }
          for (const before of rows) {
            const ctx = { tx, staffId: principal!.staffId, before, reason };
            await records.update(before.id as number, { [states.field]: action.to }, tx);
            await hooks.actions?.[name]?.(before.id as number, ctx);
            await recordAudit(tx, {
              staffId: ctx.staffId,
              action: auditAction(name),
              target: target(before.id as number),
              detail: { before: { [states.field]: before[states.field] }, after: { [states.field]: action.to }, ...(reason && { reason }) },
              ip: request.ip,
            });
          }
          return null;
        }),
      );
    }
    route(app, calls.history!, async ({ body }) => {
      const { id } = body as { id: number };
      if (!(await records.find(id))) throw missing();
      return (await historyOf(app, module, thing, id, states.field)) as never;
    });
  }

  if (calls.delete)
    route(app, calls.delete, ({ body, principal, request }) =>
      write(async (tx) => {
        const { id } = body as { id: number };
        const before = await records.find(id, tx);
        if (!before) throw missing();
        const ctx: WriteContext = { tx, staffId: principal!.staffId, before };
        await hooks.beforeDelete?.(id, ctx);
        await records.delete(id, tx);
        await recordAudit(tx, { staffId: ctx.staffId, action: auditAction('delete'), target: target(id), detail: { before }, ip: request.ip });
        return null;
      }),
    );
}
