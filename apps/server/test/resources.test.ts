import { allResources, defaultOf, EXPORT_ROWS_HEADER, exportedKeys, referenceLookup, SECRET_MASK, type AnyCall, type LookupKind, type ResourceField } from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { testEngine } from './helpers/database';
import { expectError, expectOk, invokeUnchecked, signInAsAdmin, signInWith } from './helpers/auth';

/**
 * Every declared resource, tested from its declaration (docs/resources.md): the shared CRUD is tested here once per
 * resource, so a new resource gets these tests with no test of its own. Bodies are built from the field kinds, hence
 * sent unchecked; each resource's own rules (hooks) get their own tests beside its module.
 */
type Values = Record<string, unknown>;
type Row = Values & { id: number; updated_at: string };
type Page = { count: number; data: Row[] };
const untimed = (page: Page) => page.data.map((row) => ({ ...row, updated_at: null }));

/** The pattern values drawn so far in this file: each record gets one no other record has. */
const drawn = new Set<string>();

/**
 * A value of the pattern's shape that fits the field, drawn afresh for each record and never drawn before: short
 * values come often from the generator, and two records once drew the same help page path (a unique field: 40900).
 */
function matching(pattern: RegExp, max: number): string {
  const fitting = fc.stringMatching(pattern).filter((value) => value.length >= 3 && value.length <= max && value.trim() === value && !drawn.has(value));
  const [value] = fc.sample(fitting, 1);
  drawn.add(value!);
  return value!;
}

/**
 * A valid value of a field for the n-th record: distinct per n where the kind allows. A reference takes `picked`: the
 * first record its lookup offers (a top-level industry comes before its sub-industries).
 */
function sample(field: ResourceField, n: number, picked?: number): unknown {
  switch (field.kind) {
    case 'reference':
      return picked;
    case 'text':
      // Short enough to search for: a keyword is at most 50 characters.
      if (field.pattern) return matching(field.pattern, Math.min(field.max, 40));
      return `R${n}-${Math.random().toString(36).slice(2, 8)}`.slice(0, field.max);
    case 'richtext':
      return `<p>正文 ${n}</p>`;
    case 'textarea':
      return `note ${n}`.slice(0, field.max);
    case 'number':
      return Math.min(field.max, field.min + n);
    case 'select':
      return field.options[n % field.options.length]!.value;
    case 'boolean':
      return n % 2 === 0;
    case 'date':
      return new Date(Date.UTC(2026, 0, 10 + n)).toISOString().slice(0, 10);
    case 'sort':
      return n * 10;
    case 'secret':
      return `secret-${n}-${'x'.repeat(field.min ?? 1)}`.slice(0, field.max);
  }
}

/**
 * Records of a resource whose own rule ties its fields together, by resource, in place of the samples of its fields:
 * an agency level's threshold must rise with its rank, so the n-th record takes rank 90 − n above the six seeded ones
 * and a threshold that falls with n as its rank does; a keyword index's start must begin its period; an account gives what
 * each platform needs, as a model provider its https address; a posting window ends after it starts. A child list's parent records take their own too.
 */
const OWN_SAMPLES: Readonly<Record<string, (n: number) => Values>> = {
  'agency.level': (n) => ({ level: 90 - n, threshold: 1_900_000_000 - n * 1_000_000 }),
  // Any day starts a day; a week and a month start on their own days (keywords.test.ts).
  'keyword.index': () => ({ period: 1 }),
  // Every platform's needs given, over https.
  'publishing.account': (n) => ({ url: `https://r${n}.example.com`, username: `editor${n}`, credential: `secret-${n}-0123456789abcdef` }),
  // A provider's address over https.
  'apps.llm_provider': (n) => ({ base_url: `https://m${n}.example.com/v1` }),
  // A posting window ends after it starts.
  'publishing.window': (n) => ({ start: '09:00', end: `${10 + (n % 14)}:00` }),
};

/**
 * Actions a resource keeps from the person who took the one before (a material is reviewed by someone other than its
 * submitter), by resource: the generated tests take them as a second staff. The rule itself is tested beside the
 * resource's own (publishing-materials.test.ts).
 */
const SECOND_PERSON_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  'publishing.material': ['approve', 'reject'],
};

/**
 * The first record a reference's lookup offers (a top-level industry comes before its sub-industries); for a module's own
 * records, which no seed makes outside the demo, one added through the resource naming them when it offers none.
 */
async function firstOf(kind: LookupKind, who: string): Promise<number> {
  const [first] = (await t.app.access.lookups.sourceOf(kind)?.search(undefined, 1)) ?? [];
  if (first) return first.id;
  const naming = allResources.find((resource) => resource.names === kind);
  if (!naming?.calls.add) throw new Error(`${who}: no module provides ${kind} records to point at`);
  // Its own references point at the first records of theirs (a library keyword has a type).
  const values = Object.fromEntries(
    await Promise.all(
      Object.entries(naming.fields as Record<string, ResourceField>).map(async ([key, field]) => [key, key === 'enabled' ? true : sample(field, 80, field.kind === 'reference' ? await firstOf(referenceLookup(field), `${who} › ${key}`) : undefined)]),
    ),
  );
  return (expectOk(await invokeUnchecked(t, naming.calls.add as AnyCall, values, admin)) as { id: number }).id;
}

// One app for every resource: each keeps its own table, audit actions and viewer, so sharing it proves the same and
// spares a database per resource.
let t: TestApp;
let admin: string;
let outsider: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  outsider = await signInWith(t, []);
});
afterAll(() => t?.close());

describe.each(allResources.map((resource) => [`${resource.module}.${resource.thing}`, resource] as const))('resource %s', (_name, resource) => {
  const calls = resource.calls as Record<'list' | 'details' | 'add' | 'edit' | 'delete' | 'export', AnyCall | undefined>;
  const byKey = resource.fields as Record<string, ResourceField>;
  const fields = Object.entries(byKey);
  const labelOf = (key: string, locale: 'zh-CN' | 'en-US') => (key === 'updated_at' ? { 'zh-CN': '更新时间', 'en-US': 'Updated' }[locale] : byKey[key]!.label[locale]);
  const uniqueKeys = fields.filter(([, field]) => field.unique).map(([key]) => key);
  const references = fields.filter(([, field]) => field.kind === 'reference').map(([key]) => key);
  /** By reference field, the record its samples point at. */
  const picked: Record<string, number> = {};
  // The state is written by actions alone: a new record takes its field's default, the initial state.
  const stateField = resource.states?.field;
  const initialState = stateField === undefined ? undefined : (byKey[stateField] as Extract<ResourceField, { kind: 'select' }>).default;
  const own = OWN_SAMPLES[`${resource.module}.${resource.thing}`];
  const recordOf = (n: number): Values => ({
    ...Object.fromEntries(fields.filter(([key]) => key !== stateField).map(([key, field]) => [key, sample(field, n, picked[key])])),
    ...own?.(n),
  });
  /** Values as answers hold them: a secret given is answered as its mask, never as itself. */
  const answered = (values: Values): Values => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, resource.fields[key]?.kind === 'secret' && value ? SECRET_MASK : value]));
  /** The value the n-th record holds in a field a list filters by. */
  const heldBy = (key: string, n: number) => (key === stateField ? initialState : recordOf(n)[key]);
  // A child list's parent resource, whose records the tests add: the lookup of a new module's records may offer none.
  const parentKey = resource.parent?.key;
  const parentResource = resource.parent && allResources.find((one) => one.module === resource.parent!.resource.module && one.thing === resource.parent!.resource.thing);
  /** Records of the parent resource added for this resource's tests. */
  const parents: number[] = [];
  const addParent = async (n: number) => {
    const values = {
      ...Object.fromEntries(
        await Promise.all(Object.entries(parentResource!.fields as Record<string, ResourceField>).map(async ([key, field]) => [key, sample(field, 90 + n, field.kind === 'reference' ? await firstOf(referenceLookup(field), `${parentResource!.module}.${parentResource!.thing}.${key}`) : undefined)])),
      ),
      ...OWN_SAMPLES[`${parentResource!.module}.${parentResource!.thing}`]?.(90 + n),
    };
    return (expectOk(await invokeUnchecked(t, parentResource!.calls.add! as AnyCall, values, admin)) as { id: number }).id;
  };

  let viewer: string;
  let secondPerson: string;
  beforeAll(async () => {
    viewer = await signInWith(t, [resource.operations.view]);
    if (SECOND_PERSON_ACTIONS[`${resource.module}.${resource.thing}`])
      secondPerson = await signInWith(t, [...new Set([resource.operations.view, ...Object.values(resource.states?.actions ?? {}).map((action) => action.operation)])]);
    if (parentKey) for (const n of [1, 2]) parents.push(await addParent(n));
    for (const [key, field] of fields) {
      if (field.kind === 'reference') picked[key] = key === parentKey ? parents[0]! : await firstOf(referenceLookup(field), `${resource.module}.${resource.thing}.${key}`);
    }
  });

  const call = (which: keyof typeof calls, body: unknown, token = admin) => invokeUnchecked(t, calls[which]!, body, token);
  const list = async (body: Values = {}, token = admin) => expectOk(await call('list', body, token)) as Page;
  const add = async (values: Values) => (expectOk(await call('add', values)) as { id: number }).id;
  const auditOf = (verb: string, id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, `${resource.module}.${resource.thing}.${verb}`), eq(auditLog.target, `${resource.module}.${resource.thing}:${id}`)));

  it.runIf(calls.add && calls.edit && calls.delete)('adds, shows, edits and deletes a record, each write audited with the record before and after', async () => {
    const values = recordOf(1);
    const id = await add(values);
    const shown = expectOk(await call('details', { id })) as Row;
    expect(shown).toMatchObject({ id, ...answered(values) });
    expect((await auditOf('add', id))[0]?.detail).toMatchObject({ after: { id, ...answered(values) } });

    // Fields left out keep their value; one given changes (not one the resource's own rule ties to others).
    const ownKeys = Object.keys(own?.(0) ?? {});
    const [changedKey, changedField] = fields.find(([key, field]) => field.kind !== 'boolean' && field.kind !== 'reference' && field.kind !== 'secret' && !ownKeys.includes(key)) ?? fields[0]!;
    const changed = sample(changedField, 2);
    expectOk(await call('edit', { id, [changedKey]: changed }));
    expect(expectOk(await call('details', { id }))).toMatchObject({ ...answered(values), [changedKey]: changed });
    expect((await auditOf('edit', id))[0]?.detail).toMatchObject({ before: { [changedKey]: values[changedKey] }, after: { [changedKey]: changed } });

    expectOk(await call('delete', { id }));
    expectError(await call('details', { id }), 40400);
    expect((await auditOf('delete', id))[0]?.detail).toMatchObject({ before: { id } });
  });

  it.runIf(calls.add)('fills the fields an add leaves out with their defaults', async () => {
    const third = recordOf(3);
    // The required fields, and those the resource's own rule ties to them.
    const ownKeys = Object.keys(own?.(3) ?? {});
    const required = Object.fromEntries(fields.filter(([key, field]) => field.required || ownKeys.includes(key)).map(([key]) => [key, third[key]]));
    const id = await add(required);
    const defaults = Object.fromEntries(fields.filter(([key, field]) => !field.required && !ownKeys.includes(key)).map(([key, field]) => [key, defaultOf(field) ?? null]));
    expect(expectOk(await call('details', { id }))).toMatchObject({ ...answered(required), ...defaults });
  });

  it.runIf(calls.add)('lists by keyword and each declared filter, in the declared order, a page at a time', async () => {
    const ids: number[] = [];
    for (const n of [11, 12, 13]) ids.push(await add(recordOf(n)));
    const mine = (page: Page) => page.data.filter((row) => ids.includes(row.id));

    const { by, direction } = resource.order;
    const all = await list({ limit: 200 });
    const keys = all.data.map((row) => row[by] as number | string);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (direction === 'asc' ? 1 : -1)));
    // Pages follow the same order without repeating or skipping a record.
    const pages = [await list({ limit: 2, page: 1 }), await list({ limit: 2, page: 2 })];
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(all.data.slice(0, 4).map((row) => row.id));
    expect(pages[0]!.count).toBe(all.count);

    const keywordKeys = resource.keyword ?? [];
    for (const key of keywordKeys) {
      const target = (await list({ limit: 200 })).data.find((row) => row.id === ids[1])!;
      const text = String(target[key]).slice(1, -1);
      const found = await list({ keyword: text });
      expect(found.data.map((row) => row.id)).toContain(ids[1]);
      // A keyword matches any of the keyword fields, whatever the case: a random code may hold another record's name's letters.
      expect(mine(found).every((row) => keywordKeys.some((other) => String(row[other]).toLowerCase().includes(text.toLowerCase())))).toBe(true);
      expect((await list({ keyword: '%_\\' })).count).toBe(0);
    }
    for (const [key, operator] of Object.entries(resource.filters ?? {})) {
      const value = heldBy(key, 12);
      const body = operator === 'equals' ? { [key]: value } : operator === 'in' ? { [key]: [value] } : { [key]: [value, value] };
      const filtered = await list({ ...body, limit: 200 });
      expect(filtered.data.length).toBeGreaterThan(0);
      expect(filtered.data.every((row) => row[key] === value), `${key} ${operator}`).toBe(true);
      expect(filtered.count).toBe(filtered.data.length);
    }
  });

  it.runIf(uniqueKeys.length > 0 && calls.add && calls.edit)('keeps a unique field’s value to one record: 40900 naming the field, nothing changed', async () => {
    const first = recordOf(21);
    const firstId = await add(first);
    const secondId = await add(recordOf(22));
    const before = await list({ limit: 200 });
    for (const key of uniqueKeys) {
      expect(expectError(await call('add', { ...recordOf(23), [key]: first[key] }), 40900)).toMatchObject({ field: key });
      expect(expectError(await call('edit', { id: secondId, [key]: first[key] }), 40900)).toMatchObject({ field: key });
      // A record keeps its own value when edited.
      expectOk(await call('edit', { id: firstId, [key]: first[key] }));
    }
    // Editing a record to its own value only touches its update time.
    expect(untimed(await list({ limit: 200 }))).toEqual(untimed(before));
  });

  it.runIf(references.length > 0 && calls.add)('refuses a reference to a record its lookup does not know: 40000 naming the field, nothing changed', async () => {
    const id = await add(recordOf(51));
    const before = await list({ limit: 200 });
    for (const key of references) {
      expect(expectError(await call('add', { ...recordOf(52), [key]: 2_000_000_000 }), 40000)).toMatchObject({ field: key });
      if (calls.edit) expect(expectError(await call('edit', { id, [key]: 2_000_000_000 }), 40000)).toMatchObject({ field: key });
      // The list is filtered by the record, or by none (null).
      const pointing = await list({ [key]: picked[key], limit: 200 });
      expect(pointing.data.map((row) => row.id)).toContain(id);
      expect(pointing.data.every((row) => row[key] === picked[key])).toBe(true);
      if (!byKey[key]!.required) expect((await list({ [key]: null, limit: 200 })).data.every((row) => row[key] === null)).toBe(true);
    }
    expect(untimed(await list({ limit: 200 }))).toEqual(untimed(before));
  });

  it.runIf(parentKey !== undefined && calls.add)('keeps a child list’s record to its parent: listed under it alone, unique among its siblings, the parent kept while it has any', async () => {
    const [first, second] = parents as [number, number];
    const values = { ...recordOf(61), [parentKey!]: first };
    const id = await add(values);
    expect((await list({ [parentKey!]: first, limit: 200 })).data.map((row) => row.id)).toContain(id);
    const underSecond = await list({ [parentKey!]: second, limit: 200 });
    expect(underSecond.data.map((row) => row.id)).not.toContain(id);
    expect(underSecond.data.every((row) => row[parentKey!] === second)).toBe(true);

    // A unique value is another parent's to hold too; moving a record to a parent whose record holds it is refused.
    const unique = Object.fromEntries(uniqueKeys.map((key) => [key, values[key]]));
    const sibling = await add({ ...recordOf(62), ...unique, [parentKey!]: second });
    for (const key of uniqueKeys) expect(expectError(await call('edit', { id: sibling, [parentKey!]: first }), 40900)).toMatchObject({ field: key });

    // A parent holding records is not deleted (40900 naming the child list); once they are gone, it is.
    const parentCalls = parentResource!.calls as unknown as Record<string, AnyCall | undefined>;
    if (!parentCalls.delete) return;
    const third = await addParent(3);
    const child = await add({ ...recordOf(63), [parentKey!]: third });
    const refused = await invokeUnchecked(t, parentCalls.delete, { id: third }, admin);
    expectError(refused, 40900);
    expect(refused.message).toContain(resource.label['zh-CN']);
    expectOk(await invokeUnchecked(t, parentCalls.details!, { id: third }, admin));
    expectOk(await call('delete', { id: child }));
    expectOk(await invokeUnchecked(t, parentCalls.delete, { id: third }, admin));
  });

  // States and actions: every state reachable from a new record's, with the actions leading there.
  const states = resource.states;
  const actionsOf = Object.entries(states?.actions ?? {});
  const pathTo = new Map<number, string[]>();
  if (states) {
    pathTo.set(initialState!, []);
    for (let grown = true; grown; ) {
      grown = false;
      for (const [name, action] of actionsOf) {
        const from = action.from.find((state) => pathTo.has(state));
        if (from === undefined || pathTo.has(action.to)) continue;
        pathTo.set(action.to, [...pathTo.get(from)!, name]);
        grown = true;
      }
    }
  }
  // An action its resource keeps from whoever started the record (a two-person rule) is taken by a second staff.
  const act = (name: string, ids: number[], token = SECOND_PERSON_ACTIONS[`${resource.module}.${resource.thing}`]?.includes(name) ? secondPerson : admin) => {
    const action = states!.actions[name]!;
    return invokeUnchecked(t, resource.actionCalls[name]!, { ...(action.bulk ? { ids } : { id: ids[0] }), ...(action.reason && { reason: `原因 ${name}` }) }, token);
  };
  /** A new record moved by actions into `state`. */
  const recordIn = async (state: number, n: number) => {
    const id = await add(recordOf(n));
    for (const name of pathTo.get(state)!) expectOk(await act(name, [id]));
    return id;
  };
  const stateOf = async (id: number) => (expectOk(await call('details', { id })) as Row)[stateField!];

  it.runIf(states !== undefined && calls.add)('does every declared action from each of its states, audited and in the record’s history', async () => {
    for (const [name, action] of actionsOf) {
      for (const from of action.from.filter((state) => pathTo.has(state))) {
        const id = await recordIn(from, 71);
        expectOk(await act(name, [id]));
        expect(await stateOf(id), `${name} from ${from}`).toBe(action.to);
        const history = expectOk(await invokeUnchecked(t, resource.calls.history!, { id }, viewer)) as { action: string; from: number; to: number; reason: string | null }[];
        expect(history[0]!.action).toBe('add');
        expect(history.at(-1)).toMatchObject({ action: name, from, to: action.to, reason: action.reason ? `原因 ${name}` : null });
      }
    }
  });

  it.runIf(states !== undefined && calls.add)('refuses an action from a state it does not declare: 40900 naming the state, nothing changed; a reason where one is asked', async () => {
    for (const [name, action] of actionsOf) {
      for (const state of [...pathTo.keys()].filter((one) => !action.from.includes(one))) {
        const id = await recordIn(state, 72);
        const before = await list({ limit: 200 });
        expect(expectError(await act(name, [id]), 40900), `${name} from ${state}`).toMatchObject({ field: stateField });
        expect(untimed(await list({ limit: 200 }))).toEqual(untimed(before));
      }
      if (action.reason === 'required') {
        const id = await recordIn(action.from.find((state) => pathTo.has(state))!, 73);
        const target = action.bulk ? { ids: [id] } : { id };
        expect(expectError(await invokeUnchecked(t, resource.actionCalls[name]!, target, admin), 40000)).toMatchObject({ field: 'reason' });
        expect(await stateOf(id)).toBe(action.from.find((state) => pathTo.has(state)));
      }
      // Only staff holding the action's operation may take it; a viewer may not.
      expectError(await act(name, [1], viewer), 40300);
    }
  });

  it.runIf(actionsOf.some(([, action]) => action.bulk) && calls.add)('takes a bulk action on all the records or on none', async () => {
    for (const [name, action] of actionsOf.filter(([, one]) => one.bulk)) {
      const from = action.from.find((state) => pathTo.has(state))!;
      const other = [...pathTo.keys()].find((state) => !action.from.includes(state));
      const ready = [await recordIn(from, 74), await recordIn(from, 75)];
      if (other !== undefined) {
        const stuck = await recordIn(other, 76);
        expectError(await act(name, [...ready, stuck]), 40900);
        for (const id of ready) expect(await stateOf(id)).toBe(from);
      }
      expectError(await act(name, [...ready, 2_000_000_000]), 40400);
      expectOk(await act(name, ready));
      for (const id of ready) expect(await stateOf(id)).toBe(action.to);
    }
  });

  it.runIf(testEngine === 'postgres' && states !== undefined && calls.add)('decides two racing actions on one record once', async () => {
    // An action that cannot follow itself: of two at once, the second finds the record moved on.
    const racing = actionsOf.find(([, action]) => !action.from.includes(action.to) && action.from.some((state) => pathTo.has(state)));
    if (!racing) return;
    const [name, action] = racing;
    const id = await recordIn(action.from.find((state) => pathTo.has(state))!, 77);
    const answers = await Promise.all([act(name, [id]), act(name, [id])]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([20000, 40900]);
    const history = expectOk(await invokeUnchecked(t, resource.calls.history!, { id }, admin)) as { action: string }[];
    expect(history.filter((entry) => entry.action === name)).toHaveLength(1);
  });

  it.runIf(calls.export && calls.add)('exports every record the filter matches to a workbook, in the list’s order, labelled in the asked language; audited', async () => {
    for (const n of [41, 42, 43]) await add(recordOf(n));
    // The first declared filter, as the list would send it, so the file is shown to follow the filter.
    const [filterKey, operator] = Object.entries(resource.filters ?? {})[0] ?? [];
    const value = filterKey ? heldBy(filterKey, 42) : undefined;
    const filter = !filterKey ? {} : operator === 'equals' ? { [filterKey]: value } : operator === 'in' ? { [filterKey]: [value] } : { [filterKey]: [value, value] };
    const listed = await list({ ...filter, limit: 200 });
    const sheetOf = async (language: string) => {
      const res = await t.app.inject({ method: 'POST', url: calls.export!.path, payload: filter, headers: { 'x-token': admin, 'accept-language': language } });
      expect(res.statusCode).toBe(200);
      expect(res.headers[EXPORT_ROWS_HEADER]).toBe(String(listed.count));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { name: workbook.worksheets[0]!.name, rows };
    };
    const keys = exportedKeys(resource);
    const zh = await sheetOf('zh-CN');
    expect(zh.name).toBe(resource.label['zh-CN']);
    expect(zh.rows[0]).toEqual(keys.map((key) => labelOf(key, 'zh-CN')));
    expect(zh.rows).toHaveLength(listed.count + 1);
    // A text or number column holds the listed values, row by row.
    const plain = keys.findIndex((key) => ['text', 'number', 'sort'].includes(byKey[key]?.kind ?? ''));
    if (plain >= 0) expect(zh.rows.slice(1).map((row) => row[plain] ?? '')).toEqual(listed.data.map((row) => row[keys[plain]!] ?? ''));
    // A reference column holds its record's name, not its id.
    for (const key of references) {
      const column = keys.indexOf(key);
      const [named] = (await t.app.access.lookups.sourceOf(referenceLookup(byKey[key] as Extract<ResourceField, { kind: 'reference' }>))?.named([picked[key]!])) ?? [];
      const withIt = listed.data.findIndex((row) => row[key] === picked[key]);
      if (withIt >= 0) expect(zh.rows[withIt + 1]![column]).toBe(named?.name);
    }
    const en = await sheetOf('en-US');
    expect(en.rows[0]).toEqual(keys.map((key) => labelOf(key, 'en-US')));
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `${resource.module}.${resource.thing}.export`));
    expect(entry?.detail).toMatchObject({ filter, rows: listed.count });
  });

  it('answers staff without the operation 40300 on every call; viewing does not allow writing', async () => {
    for (const which of Object.keys(calls) as (keyof typeof calls)[]) {
      expectError(await call(which, which === 'list' ? {} : { id: 1, ...recordOf(31) }, outsider), 40300);
    }
    expect((await list({}, viewer)).count).toBeGreaterThanOrEqual(0);
    for (const which of ['add', 'edit', 'delete', 'export'] as const) {
      if (calls[which]) expectError(await call(which, which === 'export' ? {} : { id: 1, ...recordOf(32) }, viewer), 40300);
    }
  });

  it('refuses bad input naming the field, and a missing record with 40400, changing nothing', async () => {
    const before = await list({ limit: 200 });
    if (calls.add) {
      // A required field with a default (a package's days) takes it when left out.
      for (const [key] of fields.filter(([, field]) => field.required && (defaultOf(field) ?? null) === null)) {
        const { [key]: _, ...rest } = recordOf(41);
        expect(expectError(await call('add', rest), 40000)).toMatchObject({ field: key });
      }
      expect(expectError(await call('add', { ...recordOf(42), unknown_field: 1 }), 40000).field).toBeDefined();
    }
    const missing = 2_000_000_000;
    expectError(await call('details', { id: missing }), 40400);
    if (calls.edit) expectError(await call('edit', { id: missing, ...recordOf(43) }), 40400);
    if (calls.delete) expectError(await call('delete', { id: missing }), 40400);
    expect((await list({ limit: 200 })).count).toBe(before.count);
  });
});
