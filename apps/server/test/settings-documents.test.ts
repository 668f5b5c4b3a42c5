import { allSettingsDocuments, type DocumentField } from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, invokeUnchecked, signInAsAdmin, signInWith } from './helpers/auth';

/**
 * Every declared settings document, tested from its declaration (docs/resources.md › Settings documents): a document's
 * own cross-field rule gets its test beside its module.
 */
type Values = Record<string, unknown>;

/** Another valid value of a field than `value`. */
function otherValue(field: DocumentField, value: unknown): unknown {
  switch (field.kind) {
    case 'number':
      return value === field.max ? field.min : Math.min(field.max, (value as number) + 1);
    case 'boolean':
      return !value;
    case 'select':
      return field.options.find((option) => option.value !== value)?.value ?? value;
    case 'flow':
      // A flow of the kind is the approval tests' to make; here it stays as it is.
      return value;
    case 'checkbox': {
      // One ticked fewer, or one more when only the fewest allowed are ticked.
      const ticked = value as string[];
      return ticked.length > (field.min ?? 1) ? ticked.slice(1) : [...ticked, ...field.options.map((option) => option.value).filter((option) => !ticked.includes(option)).slice(0, 1)];
    }
    default:
      return `${String(value)}改`.slice(0, field.max);
  }
}

/** A value its field's rule refuses. */
function badValue(field: DocumentField): unknown {
  switch (field.kind) {
    case 'number':
      return field.max + 1;
    case 'boolean':
      return 'yes';
    case 'select':
      return -1;
    case 'flow':
      // No flow of this id serves the kind.
      return 2_000_000;
    case 'checkbox':
      // None ticked (an unknown option is refused by the registry's rule too, naming its entry).
      return [];
    default:
      return 'x'.repeat(field.max + 1);
  }
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

describe.each(allSettingsDocuments.map((doc) => [`${doc.module}.${doc.thing}`, doc] as const))('settings document %s', (_name, doc) => {
  const fields = Object.entries(doc.fields) as [string, DocumentField][];
  const details = async (token = admin) => expectOk(await invokeUnchecked(t, doc.calls.details, undefined, token)) as Values;
  const edit = (body: unknown, token = admin) => invokeUnchecked(t, doc.calls.edit, body, token);

  it('answers its defaults until saved; a save replaces it, answers it as saved and is audited with before and after', async () => {
    expect(await details()).toEqual(doc.defaults);
    // A field at a time, so a rule across fields (a band below another) holds for the rest.
    let current: Values = { ...doc.defaults };
    for (const [key, field] of fields) {
      const next = { ...current, [key]: otherValue(field, current[key]) };
      const answer = await edit(next);
      if (answer.code !== 20000) continue;
      expect(answer.data).toEqual(next);
      expect(await details()).toEqual(next);
      current = next;
    }
    expect(current).not.toEqual(doc.defaults);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, doc.operations.edit), eq(auditLog.target, `${doc.module}.${doc.thing}`)))
      .orderBy(auditLog.id);
    expect(entry?.detail).toMatchObject({ before: doc.defaults });
    expectOk(await edit(doc.defaults));
    expect(await details()).toEqual(doc.defaults);
  });

  it('refuses a value outside a field’s rule, a missing field and an unknown one: 40000 naming it, nothing changed', async () => {
    for (const [key, field] of fields) expect(expectError(await edit({ ...doc.defaults, [key]: badValue(field) }), 40000)).toMatchObject({ field: key });
    const [firstKey] = fields[0]!;
    const { [firstKey]: _left, ...missing } = doc.defaults as Values;
    expect(expectError(await edit(missing), 40000)).toMatchObject({ field: firstKey });
    expectError(await edit({ ...doc.defaults, unknown_setting: 1 }), 40000);
    expect(await details()).toEqual(doc.defaults);
  });

  it('is read by its view operation and written by its edit operation only (40300)', async () => {
    const viewer = await signInWith(t, [doc.operations.view]);
    expect(await details(viewer)).toEqual(doc.defaults);
    expectError(await edit(doc.defaults, viewer), 40300);
    expectError(await invokeUnchecked(t, doc.calls.details, undefined, await signInWith(t, [])), 40300);
  });
});
