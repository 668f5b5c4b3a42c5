import { errorCatalogue, type AnyCall, type ErrorCodeValue } from '@juqi/contract';
import type { LightMyRequestResponse } from 'fastify';

/**
 * What must never reach a client in an error answer: stack frames, source or system paths, SQL text, driver names.
 * Success answers are not scanned: they echo what the client stored, which may be anything.
 */
const LEAKS: readonly RegExp[] = [
  /\bat\s+\S+\s+\(?[^)\s]*:\d+:\d+/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /node_modules/,
  /(?:^|[\s"'(])\/(?:work|tmp|home|usr|var|root|opt|srv|app)\//,
  /\bselect\b[^"]{0,200}\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+"?\w+"?\s+set\b/i,
  /\bdelete\s+from\b/i,
  /violates|duplicate key|syntax error at|relation\s+"|column\s+"|invalid byte sequence/i,
  /pglite|drizzle|postgres|\bpg\b/i,
];

export interface AnswerProblem {
  problem: string;
  status: number;
  body: string;
}

const shortBody = (body: string) => (body.length > 500 ? `${body.slice(0, 500)}… (${body.length} chars)` : body);

/**
 * Checks one answer of a contract call: below 500, a catalogue envelope whose HTTP status matches its code, success data
 * that fits the declared schema, no leak in an error, `Cache-Control: no-store` on /api answers. Blob calls may answer
 * a file instead of an envelope. Answers the parsed code, or a description of what is wrong.
 */
/**
 * The keys and texts of what a client sent, at any depth: a refusal may echo them ("Unrecognized keys: "", "PG"", or
 * a filter's key naming no field: "表单没有字段 PG").
 */
function sentKeys(sent: unknown, keys: Set<string> = new Set()): Set<string> {
  if (typeof sent === 'string' && sent.trim()) keys.add(sent.trim());
  else if (Array.isArray(sent)) for (const item of sent) sentKeys(item, keys);
  else if (sent && typeof sent === 'object') {
    for (const [key, value] of Object.entries(sent)) {
      if (key) keys.add(key);
      sentKeys(value, keys);
    }
  }
  return keys;
}

export function checkCatalogueAnswer(call: AnyCall, res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>, sent?: unknown): { code: number } | AnswerProblem {
  const fail = (problem: string): AnswerProblem => ({ problem, status: res.statusCode, body: shortBody(res.body) });
  if (res.statusCode >= 500) return fail('HTTP 5xx');
  if (call.path.startsWith('/api') && res.headers['cache-control'] !== 'no-store') {
    return fail(`cache-control is ${String(res.headers['cache-control'])}, not no-store`);
  }
  const type = String(res.headers['content-type'] ?? '');
  if (call.response === 'blob' && res.statusCode === 200 && !type.startsWith('application/json')) return { code: 20000 };
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return fail('not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail('not an envelope');
  const { code, message, data, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length || data === undefined) return fail('not exactly {code, message, data}');
  if (typeof code !== 'number' || !(code in errorCatalogue)) return fail(`code ${String(code)} is not in the catalogue`);
  if (typeof message !== 'string' || !message) return fail('no message');
  if (errorCatalogue[code as ErrorCodeValue].status !== res.statusCode) return fail(`HTTP ${res.statusCode} does not match code ${code}`);
  if (code === 20000) {
    if (!call.data.safeParse(data).success) return fail('success data does not fit the declared schema');
  } else {
    // A refusal names the fields it is about, or lists the keys it does not take, which may be keys or texts the client
    // made up ("PG", or a whole body sent as one form field's name): that echo is no leak. An unknown key is its own label,
    // a dotted one worded as a path ("a · b").
    const details = data as { field?: unknown; fields?: unknown } | null;
    const listed: { field?: unknown; label?: unknown }[] = Array.isArray(details?.fields) ? details.fields : [];
    const named = [details?.field, ...listed.flatMap((f) => [f?.field, f?.label])];
    const echoed = new Set([...sentKeys(sent), ...named.filter((name): name is string => typeof name === 'string' && name !== '')]);
    // Longest first, so a key inside another ("PG" in "0PG") does not leave part of it behind.
    const scanned = [...echoed].sort((a, b) => b.length - a.length).reduce((text, key) => text.split(JSON.stringify(key).slice(1, -1)).join(''), res.body);
    const leak = LEAKS.find((re) => re.test(scanned));
    if (leak) return fail(`error answer leaks internals (${leak})`);
  }
  return { code };
}

export const isProblem = (r: { code: number } | AnswerProblem): r is AnswerProblem => 'problem' in r;
