import { AppError, type LocalText } from '../errors';

/**
 * Text PostgreSQL cannot store: U+0000 fails any text value, and a lone UTF-16 surrogate (half of an emoji, cut) fails a
 * jsonb value — either reaches a query and fails there as an SQL error (a 500). No field of the contract has a use for
 * them, so input carrying one is refused up front as a validation error naming the field.
 */
// oxlint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NUL: LocalText = { 'zh-CN': '不能包含空字符（NUL）', 'en-US': 'must not contain the NUL character' };
const HALF_PAIR: LocalText = { 'zh-CN': '不能包含残缺的字符（半个 UTF-16 代理对）', 'en-US': 'must not contain half of a UTF-16 surrogate pair' };

function reasonOf(text: string): LocalText | undefined {
  const found = UNSTORABLE.exec(text)?.[0];
  if (found === undefined) return undefined;
  return found === '\u0000' ? NUL : HALF_PAIR;
}

/**
 * The path of the first string (or key) holding unstorable text, with the reason. The walk is iterative: a body may nest
 * many thousand levels deep within the size limit.
 */
export function findUnstorable(value: unknown, root: string): { where: string; reason: LocalText } | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, where] = stack.pop()!;
    if (typeof current === 'string') {
      const reason = reasonOf(current);
      if (reason) return { where, reason };
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const at = where ? `${where}.${key}` : key;
        const reason = reasonOf(key);
        if (reason) return { where: where || root, reason };
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}

/** Throws 40000 naming the field when the body or query holds unstorable text anywhere. */
export function assertStorableText(body: unknown, query: unknown): void {
  const found = findUnstorable(body, '') ?? findUnstorable(query, '');
  if (found) throw AppError.invalid(found.where || 'body', found.reason);
}
