import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from a call's zod schema, through zod 4's JSON Schema export (input side, so defaulted
 * fields are optional and coerced fields show their input type). Only the rules JSON Schema can state are honoured
 * (types, lengths, ranges, patterns, enums); refinements and transforms are not, so a share of "fitting" values still
 * fails validation. That is fine: the bad-input test wants values near the edge, not a perfect generator.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
}

/** The JSON Schema of what a client sends for `schema` (transforms and pipes show their input side). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
}

/** Long enough to cross typical `max` rules, short enough to keep a run quick; huge strings come from the breaking side. */
const MAX_FREE_STRING = 80;
/** Recursive schemas ($ref) stop growing here. */
const MAX_DEPTH = 3;

const freeString = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
  );

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? MAX_FREE_STRING, MAX_FREE_STRING));
  if (s.pattern) {
    // Cut to the declared maximum: the cut may break the pattern now and then, which is a useful edge too.
    const limit = s.maxLength ?? Number.MAX_SAFE_INTEGER;
    return fc.stringMatching(new RegExp(s.pattern)).map((v) => (v.length > limit ? v.slice(0, limit) : v));
  }
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
    default:
      return freeString(min, max);
  }
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = s.minimum ?? (integer ? -2_147_483_648 : -1e9);
  let max = s.maximum ?? (integer ? 2_147_483_647 : 1e9);
  if (s.exclusiveMinimum !== undefined) min = integer ? Math.floor(s.exclusiveMinimum) + 1 : s.exclusiveMinimum;
  if (s.exclusiveMaximum !== undefined) max = integer ? Math.ceil(s.exclusiveMaximum) - 1 : s.exclusiveMaximum;
  if (integer) {
    // Small values are the ones that hit existing rows (ids 1, 2, 3 …), so they get most of the weight.
    const small = fc.integer({ min: Math.max(min, Math.min(max, 0)), max: Math.min(max, Math.max(min, 20)) });
    return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  if (ref === '#') return root;
  const name = ref.replace(/^#\/\$defs\//, '');
  const found = root.$defs?.[name];
  if (!found) throw new Error(`unresolved $ref ${ref}`);
  return found;
}

/** An arbitrary of values that fit `schema` as far as JSON Schema can tell. */
export function fittingArbitrary(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    if (depth >= MAX_DEPTH) return fc.constant(null);
    return fittingArbitrary(resolveRef(schema.$ref, root), root, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fittingArbitrary(a, root, depth)));
  if (schema.allOf?.length) return fittingArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, root, depth);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => fittingArbitrary({ ...schema, type: t }, root, depth)));
  switch (type[0]) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, fittingArbitrary(v, root, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 10, depth >= MAX_DEPTH ? minLength : 10));
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((p) => fittingArbitrary(p, root, depth + 1)));
      return fc.array(schema.items ? fittingArbitrary(schema.items, root, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // No type stated (`unknown`, a transform's output): anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}
