import type { AnyCall } from '@juqi/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { fittingArbitrary, inputJsonSchema, type JsonSchema } from './schema-arbitrary';

/**
 * Generated requests for one contract call: mostly inputs that break its schema, a share that fit it, and some raw
 * bodies that are not even well-formed. Everything is derived from the call's declaration, so a new call is covered
 * without any code here.
 */

/** How the input travels: POST bodies as JSON, form-urlencoded or multipart; GET input as the query string. */
export type Encoding = 'json' | 'form' | 'multipart' | 'query';

export interface FilePart {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface FuzzCase {
  /** What the case is: `fit`, `wrong-type:field`, `missing:field`, `huge:field`, `raw` … */
  kind: string;
  encoding: Encoding;
  /** The input before encoding. */
  value: unknown;
  /** A file part, for multipart bodies. */
  file?: FilePart;
  /** A body sent as is, with this content type (malformed JSON, unknown types …). */
  raw?: { contentType: string; body: string };
}

// ---- building blocks ----

/** Keys that have broken servers before: prototype keys, empty, odd unicode, very long. */
const nastyKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', '', ' ', '0', 'a.b', 'a[b]', '$where', '\u0000', '键', '🔑'),
  fc.string({ maxLength: 12 }),
  fc.constant('k'.repeat(2_000)),
);

/** Strings that are valid JSON strings but trouble for databases, regexes, HTML or number parsing. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\u202Eevil',
    '\uFEFF',
    '\u200B\u200D',
    'e\u0301\u0301\u0301',
    '𝕏𝕐ℤ',
    '👨‍👩‍👧‍👦',
    '中文名称',
    "'; drop table staff; --",
    '" or 1=1 --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%00',
    '%',
    '${7*7}{{7*7}}',
    '\r\n\r\n',
    '\t',
    '   ',
    '',
    'null',
    'undefined',
    'NaN',
    'true',
    '-1',
    '1e400',
    '0x1F',
    ' 12 ',
    '９９',
    '١٢٣',
    '9'.repeat(400),
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
);

/** Numbers outside any sane range, and non-integers. */
const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, -1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value of some other kind than the field wants. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [[]], [null], { '': {} }),
  nastyNumber,
  nastyString,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Strings from 1 KB to just over the 1 MiB body limit; long ones are rare so the default run stays quick. */
const hugeString = fc
  .tuple(
    fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.constantFrom('中', '😀', 'a\u0000', '\uD800')),
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom(1_000, 20_000, 200_000) }, { weight: 1, arbitrary: fc.constant(1_100_000) }),
  )
  .map(([unit, size]) => unit.repeat(Math.ceil(size / unit.length)));

/** Arrays and objects nested hundreds or thousands of levels deep. */
const deepValue = fc.tuple(fc.integer({ min: 20, max: 3_000 }), fc.constantFrom('array', 'object', 'mixed')).map(([depth, shape]) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = shape === 'array' || (shape === 'mixed' && i % 2) ? [v] : { a: v };
  return v;
});

/** Arrays of 1,000 to 20,000 elements (built by repetition: generating each element would be slow). */
const longArray = fc
  .tuple(fc.jsonValue({ maxDepth: 1 }), fc.integer({ min: 1_000, max: 20_000 }))
  .map(([element, length]) => Array.from({ length }, () => element));

/** Sets a key as an own property, even `__proto__` (plain assignment would change the prototype instead). */
function withKey(target: unknown, key: string, value: unknown): Record<string, unknown> {
  const base = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  Object.defineProperty(base, key, { value, enumerable: true, configurable: true, writable: true });
  return base;
}

function withoutKey(target: unknown, key: string): unknown {
  if (!target || typeof target !== 'object' || Array.isArray(target)) return target;
  const copy = { ...(target as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

/** Values just past a field's declared limits: one over the max, one under the min, a string that trims to nothing. */
function boundaryValues(s: JsonSchema): unknown[] {
  const out: unknown[] = [];
  const types = [s.type, ...(s.anyOf ?? []).map((a) => a.type)].flat().filter(Boolean);
  const inner = (s.anyOf ?? []).find((a) => a.type && a.type !== 'null') ?? s;
  if (types.includes('integer') || types.includes('number')) {
    const min = inner.minimum ?? inner.exclusiveMinimum;
    const max = inner.maximum ?? inner.exclusiveMaximum;
    if (min !== undefined) out.push(min - 1, String(min - 1), min - 0.5);
    if (max !== undefined) out.push(max + 1, String(max + 1), max * 10 + 0.5);
    out.push(1.5, '1.5', '', ' ', 'abc', '1e3', '0b1');
  }
  if (types.includes('string')) {
    if (inner.maxLength !== undefined) out.push('x'.repeat(inner.maxLength + 1), ` ${'y'.repeat(inner.maxLength)} `);
    if (inner.minLength) out.push('z'.repeat(inner.minLength - 1), ' '.repeat(inner.minLength + 1));
    if (inner.enum) out.push(`${String(inner.enum[0])} `, String(inner.enum[0]).toUpperCase(), 'not-an-option');
  }
  if (inner.enum) out.push('not-an-option', 0);
  if (types.includes('array')) {
    const max = inner.maxItems ?? 100;
    out.push(Array.from({ length: max + 1 }, (_, i) => i + 1), [0], [-1], ['x'], [[1]], {});
  }
  if (types.includes('boolean')) out.push('true', 'false', 1, 0, 'yes', 'on');
  return out;
}

// ---- the cases of one call ----

const uploadNames = fc.oneof(
  fc.constantFrom('a.txt', 'photo.png', 'doc.pdf', 'data.csv', 'clip.mp4', 'x.exe', 'page.html', 'img.svg', '.txt', 'a.', 'noext', '中文.txt'),
  fc.constantFrom('../../evil.txt', 'a.txt\u0000.png', 'a"b.txt', 'CON.txt', 'a'.repeat(300) + '.txt', ''),
  fc.string({ maxLength: 20 }),
);
const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const fileArbitrary: fc.Arbitrary<FilePart> = fc.record({
  filename: uploadNames,
  contentType: fc.constantFrom('text/plain', 'image/png', 'application/pdf', 'application/octet-stream', 'text/html', ''),
  content: fc.oneof(
    fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.concat([PNG_HEADER, Buffer.from(b)])),
  ),
});

const rawBody = fc.record({
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=zzz',
    'text/plain',
    'application/xml',
    'application/octet-stream',
    'application/json, text/plain',
  ),
  body: fc.oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'null',
      '"text"',
      '0',
      '{"__proto__":{"isSuperAdmin":true}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"a":1,"a":2}',
      '\u0000',
      '\uFEFF{}',
      '%zz=1&&=&a=1&a=2&a[b]=3',
      '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n',
    ),
    fc.string({ maxLength: 200 }),
    hugeString,
  ),
});

export interface CaseOptions {
  /** Share of cases that fit the schema (0..1); the rest break it. */
  fitShare?: number;
}

/** The schema a call's input is checked against: the query of GET calls, the body of the others. */
export function inputSchemaOf(call: AnyCall): JsonSchema {
  const schema = call.method === 'GET' ? call.query : call.body;
  return schema ? inputJsonSchema(schema) : { type: 'object', properties: {} };
}

export function caseArbitrary(call: AnyCall, options: CaseOptions = {}): fc.Arbitrary<FuzzCase> {
  const schema = inputSchemaOf(call);
  const fit = fittingArbitrary(schema);
  const properties = Object.keys(schema.properties ?? {});
  const required = (schema.required ?? []).filter((k) => properties.includes(k));
  const anyKey = properties.length ? fc.oneof(fc.constantFrom(...properties), nastyKey) : nastyKey;
  const field = properties.length ? fc.constantFrom(...properties) : nastyKey;

  const breaking: fc.Arbitrary<{ kind: string; value: unknown }>[] = [
    fc.tuple(fit, field, wrongValue).map(([v, k, w]) => ({ kind: `wrong-type:${k}`, value: withKey(v, k, w) })),
    fc.tuple(fit, anyKey, nastyString).map(([v, k, s]) => ({ kind: `unicode:${k}`, value: withKey(v, k, s) })),
    fc.tuple(fit, anyKey, nastyNumber).map(([v, k, n]) => ({ kind: `number:${k}`, value: withKey(v, k, n) })),
    fc.tuple(fit, fc.dictionary(nastyKey, wrongValue, { minKeys: 1, maxKeys: 4 })).map(([v, extra]) => ({
      kind: 'extra-fields',
      value: Object.entries(extra).reduce<unknown>((acc, [k, x]) => withKey(acc, k, x), v),
    })),
    fc.tuple(fit, anyKey, hugeString).map(([v, k, s]) => ({ kind: `huge:${k}`, value: withKey(v, k, s) })),
    fc.tuple(fit, anyKey, deepValue).map(([v, k, d]) => ({ kind: `deep:${k}`, value: withKey(v, k, d) })),
    fc.tuple(fit, field, longArray).map(([v, k, a]) => ({ kind: `long-array:${k}`, value: withKey(v, k, a) })),
    fc.oneof(wrongValue, deepValue, fit.map((v) => [v]), fc.constant(undefined)).map((value) => ({ kind: 'whole-body', value })),
  ];
  const boundaries = Object.entries(schema.properties ?? {}).flatMap(([k, s]) => boundaryValues(s).map((b) => [k, b] as const));
  if (boundaries.length) {
    breaking.push(fc.tuple(fit, fc.constantFrom(...boundaries)).map(([v, [k, b]]) => ({ kind: `boundary:${k}`, value: withKey(v, k, b) })));
  }
  if (required.length) {
    breaking.push(
      fc.tuple(fit, fc.constantFrom(...required)).map(([v, k]) => ({ kind: `missing:${k}`, value: withoutKey(v, k) })),
      fc.constant({ kind: 'missing:all', value: {} }),
    );
  }

  const fitShare = options.fitShare ?? 0.3;
  const fitWeight = Math.round(fitShare * 100);
  const input = fc.oneof(
    { weight: fitWeight, arbitrary: fit.map((value) => ({ kind: 'fit', value })) },
    { weight: 100 - fitWeight, arbitrary: fc.oneof(...breaking) },
  );
  // A call with a body schema refuses every multipart body at the schema, so it gets few; a POST call without one reads
  // its own body (an upload), so multipart is what reaches its handler.
  const encoding: fc.Arbitrary<Encoding> =
    call.method === 'GET'
      ? fc.constant('query')
      : fc.oneof(
          { weight: call.body ? 5 : 2, arbitrary: fc.constant('json' as const) },
          { weight: call.body ? 3 : 2, arbitrary: fc.constant('form' as const) },
          { weight: call.body ? 1 : 4, arbitrary: fc.constant('multipart' as const) },
        );

  const structured = fc
    .record({ input, encoding, file: fc.option(fileArbitrary, { freq: 2 }) })
    .map(({ input: { kind, value }, encoding: sentAs, file }) =>
      describedCase({ kind, value, encoding: sentAs, ...(sentAs === 'multipart' && file ? { file } : {}) }),
    );
  if (call.method === 'GET') return structured;
  const raw = rawBody.map((r) => describedCase({ kind: 'raw', encoding: 'json', value: undefined, raw: r }));
  return fc.oneof({ weight: 9, arbitrary: structured }, { weight: 1, arbitrary: raw });
}

/** fast-check prints counterexamples; a 1 MiB string would drown the report, so cases print a short summary. */
function describedCase(c: FuzzCase): FuzzCase {
  Object.defineProperty(c, fc.toStringMethod, { value: () => summarizeCase(c), enumerable: false });
  return c;
}

export function summarizeCase(c: FuzzCase): string {
  const shown = c.raw ? `${c.raw.contentType}: ${JSON.stringify(c.raw.body)}` : safeJson(c.value);
  const file = c.file ? ` + file ${JSON.stringify(c.file.filename)} (${c.file.contentType}, ${c.file.content.length} B)` : '';
  return `[${c.kind} as ${c.encoding}] ${shown.length > 300 ? `${shown.slice(0, 300)}… (${shown.length} chars)` : shown}${file}`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
}

// ---- encodings ----

/** Lone surrogates become U+FFFD first (encodeURIComponent throws on them), as a browser's form encoder does. */
const percentEncode = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? safeJson(v) : String(v);

/** Flat key/value pairs as a form or query string carries them: arrays repeat the key, objects become JSON text. */
export function formPairs(value: unknown): [string, string][] {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[asText(value), '']];
  return Object.entries(value).flatMap(([k, v]): [string, string][] => (Array.isArray(v) ? v.map((e) => [k, asText(e)]) : [[k, asText(v)]]));
}

export const formEncode = (value: unknown) => formPairs(value).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');

/** Browsers escape quotes and line breaks in part names and file names this way. */
const partName = (s: string) => s.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

function multipartBody(value: unknown, file: FilePart | undefined, boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of formPairs(value)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${partName(k)}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    const type = file.contentType ? `Content-Type: ${file.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${partName(file.filename)}"\r\n${type}\r\n`));
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The request `app.inject` sends for a case (without the token and the client address). */
export function requestOf(call: AnyCall, c: FuzzCase): InjectOptions & { headers: Record<string, string> } {
  const base = { method: call.method, url: call.path };
  if (c.raw) return { ...base, headers: { 'content-type': c.raw.contentType }, payload: c.raw.body };
  switch (c.encoding) {
    case 'query': {
      const query = formEncode(c.value);
      return { ...base, url: query ? `${call.path}?${query}` : call.path, headers: {} };
    }
    case 'form':
      return { ...base, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: formEncode(c.value) };
    case 'multipart': {
      const boundary = '----juqi-fuzz-boundary';
      return { ...base, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipartBody(c.value, c.file, boundary) };
    }
    case 'json':
      return c.value === undefined
        ? { ...base, headers: {} }
        : { ...base, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(c.value) };
  }
}
