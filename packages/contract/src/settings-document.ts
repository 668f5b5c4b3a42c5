import { z } from 'zod';
import { defineCall, operation, type CallDefinition } from './call';
import { fieldDefinition, fieldTypes, recordId, type FieldDefinition } from './field-types';
import { resourceFieldDefinition, type BooleanField, type NumberField, type SelectField, type Texts, type TextareaField, type TextField } from './resource';

/** Several options of a list ticked (the registry's checkbox): the platforms an agency may sign in on. */
export interface CheckboxField {
  kind: 'checkbox';
  label: Texts;
  hint?: Texts;
  options: readonly { value: string; label: Texts }[];
  /** At least this many ticked (1 by default: a document's field is never empty). */
  min?: number;
}

/**
 * The approval flow reviewing a kind of request (代理申请's): one of the flows serving `approvalKind`, or none yet
 * (null: such requests are refused until one is chosen). Drawn as a select of the kind's flows; the server checks the
 * flow serves the kind, and the approval module keeps a chosen flow from being deleted.
 */
export interface FlowField {
  kind: 'flow';
  label: Texts;
  hint?: Texts;
  approvalKind: string;
}

/** The kinds a settings document's field may be: a value each, never empty but for a flow not chosen yet. */
export type DocumentField = NumberField | BooleanField | SelectField | TextField | TextareaField | CheckboxField | FlowField;

type ValueOf<F extends DocumentField> = F extends BooleanField
  ? boolean
  : F extends NumberField | SelectField
    ? number
    : F extends CheckboxField
      ? string[]
      : F extends FlowField
        ? number | null
        : string;

/** The flow fields of a document, by key. */
export const flowFieldsOf = (doc: { fields: Record<string, DocumentField> }) =>
  Object.entries(doc.fields).flatMap(([key, field]) => (field.kind === 'flow' ? [[key, field] as const] : []));

export interface SettingsDocumentDeclaration<F extends Record<string, DocumentField>> {
  /** The module serving it (the calls' path and OpenAPI tag). */
  module: string;
  /** The document within the module: `/api/<module>/<thing>_details|_edit`, stored under `<module>_<thing>`. */
  thing: string;
  /** The menu path of its screen. */
  menu: string;
  label: Texts;
  operations: { view: string; edit: string };
  /** Its fields, in the form's order, typed by the field-type registry as a resource's are. */
  fields: F;
  /** The document before staff set it: a value for every field, within its bounds. */
  defaults: DocumentValues<F>;
}

/** A document's values, by field. */
export type DocumentValues<F extends Record<string, DocumentField>> = { [K in keyof F]: ValueOf<F[K]> };
type DocumentSchema<F extends Record<string, DocumentField>> = z.ZodType<DocumentValues<F>, DocumentValues<F>>;

export interface SettingsDocument<F extends Record<string, DocumentField> = Record<string, DocumentField>> extends SettingsDocumentDeclaration<F> {
  /** Each field as the registry defines it (its editor, cell and rule), in order; a flow field has none (its own select). */
  definitions: Record<string, FieldDefinition>;
  /** The whole document: every field, each by its type's rule. */
  document: DocumentSchema<F>;
  /** A stored document read back: a field it lacks (one added since) takes its default. */
  stored: DocumentSchema<F>;
  calls: {
    details: CallDefinition<undefined, undefined, DocumentSchema<F>>;
    edit: CallDefinition<DocumentSchema<F>, undefined, DocumentSchema<F>>;
  };
}

/**
 * A settings screen declared once (docs/resources.md › Settings documents): one document of typed fields with their
 * defaults, read by `_details` and written whole by `_edit`, which answers the saved document. The server stores it,
 * checks each field by its registry type, runs the module's own cross-field check and audits the change; the web draws
 * the form from the same definitions. A default outside its field's rule is refused when the contract loads.
 */
export function defineSettingsDocument<const F extends Record<string, DocumentField>>(declaration: SettingsDocumentDeclaration<F>): SettingsDocument<F> {
  const { module, thing, fields, defaults, operations, label } = declaration;
  const entries = Object.entries(fields) as [string, DocumentField][];
  // Every value is required: a document is never half set.
  const definitions = Object.fromEntries(
    entries.flatMap(([key, field]) => (field.kind === 'flow' ? [] : [[key, field.kind === 'checkbox' ? checkboxDefinition(key, field) : resourceFieldDefinition(key, { ...field, required: true })]])),
  );
  const schemas = Object.fromEntries(entries.map(([key, field]) => [key, field.kind === 'flow' ? recordId.nullable() : fieldTypes[definitions[key]!.type].value(definitions[key]!)]));
  for (const [key, schema] of Object.entries(schemas)) {
    if (!schema.safeParse((defaults as Record<string, unknown>)[key]).success) throw new Error(`${module}.${thing}: the default of ${key} breaks its rule`);
  }
  const document = z.object(schemas).strict() as unknown as SettingsDocument<F>['document'];
  // The answer as stored, in plain schemas: a registry rule's preprocessing (numbers from form strings) is the input's.
  const answer = z.object(
    Object.fromEntries(entries.map(([key, field]) => [key, field.kind === 'boolean' ? z.boolean() : field.kind === 'number' || field.kind === 'select' ? z.number() : field.kind === 'checkbox' ? z.array(z.string()) : field.kind === 'flow' ? z.number().int().nullable() : z.string()])),
  ) as unknown as SettingsDocument<F>['document'];
  const stored = z.object(Object.fromEntries(Object.entries(schemas).map(([key, schema]) => [key, schema.catch((defaults as Record<string, unknown>)[key])]))) as unknown as SettingsDocument<F>['stored'];
  const labels = Object.fromEntries(entries.map(([key, field]) => [key, field.label]));
  const name = label['en-US'];
  return {
    ...declaration,
    definitions,
    document,
    stored,
    calls: {
      details: defineCall({ method: 'GET', path: `/api/${module}/${thing}_details`, tag: module, summary: `${label['zh-CN']} (${name}): the settings as they are, each unset one at its default`, permission: operation(operations.view), data: answer }),
      edit: defineCall({
        method: 'POST',
        path: `/api/${module}/${thing}_edit`,
        tag: module,
        summary: `${label['zh-CN']} (${name}): replace the settings with the whole document given; answers it as saved`,
        permission: operation(operations.edit),
        body: document,
        data: answer,
        labels,
      }),
    },
  };
}

/** A checkbox field as the registry defines it: its options, at least `min` of them ticked. */
function checkboxDefinition(key: string, field: CheckboxField): FieldDefinition {
  const parsed = fieldDefinition.safeParse({
    key,
    type: 'checkbox',
    label: field.label,
    required: true,
    unique: false,
    permission: 0,
    options: field.options.map(({ value, label }) => ({ value, label })),
    extend_quantity_min: field.min ?? 1,
  });
  if (!parsed.success) throw new Error(`${key}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data;
}
