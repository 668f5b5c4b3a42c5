import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** What a field's contract schema offers: zod's `safeParse`, typed structurally so the web needs no zod of its own. */
export interface Validator<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * How one field is written in the query string: `text` and `number` as they are, `boolean` as `true` / `false`, `days`
 * (a `[first, last]` day range) as the key repeated (`?d=2026-01-01&d=2026-01-31`), which stays readable in a link;
 * `list` (several values, or a `[from, to]` number range) repeated the same way, taken as texts or else as numbers.
 */
export type UrlFieldKind = 'text' | 'number' | 'boolean' | 'days' | 'list';

export interface UrlField<T> {
  kind: UrlFieldKind;
  /** The contract's schema of the field: a value it refuses is dropped, so a hand-edited link cannot send bad input. */
  schema: Validator<T>;
}

export const urlField = <T>(kind: UrlFieldKind, schema: Validator<T>): UrlField<T> => ({ kind, schema });

export type UrlFields = Record<string, UrlField<unknown>>;
/** The values a set of fields holds; an absent field is `undefined` (a schema default fills it in). */
export type UrlValues<F extends UrlFields> = { [K in keyof F]?: F[K] extends UrlField<infer T> ? Exclude<T, undefined> : never };

/** A query string's whole number as a number (the contract takes money and counts as JSON numbers only), else the text. */
const numberOrText = (text: string): unknown => (/^-?\d{1,15}$/.test(text) ? Number(text) : text);

/** What the query string's values may stand for, most likely first: a list may hold texts or numbers. */
function candidates(kind: UrlFieldKind, raw: string[]): unknown[] {
  if (raw.length === 0) return [];
  const first = raw[0]!;
  switch (kind) {
    case 'text':
      return [first];
    case 'number':
      return [numberOrText(first)];
    case 'boolean':
      return [first === 'true' ? true : first === 'false' ? false : first];
    case 'days':
      return [raw.slice(0, 2)];
    case 'list':
      return [raw, raw.map(numberOrText)];
  }
}

function written(kind: UrlFieldKind, value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (kind === 'days' || kind === 'list') return Array.isArray(value) ? value.map(String) : [];
  return [String(value)];
}

/** The values of `fields` in a query string; each is checked by its schema, and one it refuses is left out. */
export function readUrlState<F extends UrlFields>(params: URLSearchParams, fields: F): UrlValues<F> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    for (const raw of candidates(field.kind, params.getAll(key))) {
      const parsed = field.schema.safeParse(raw);
      if (!parsed.success) continue;
      if (parsed.data !== undefined) values[key] = parsed.data;
      break;
    }
  }
  return values as UrlValues<F>;
}

/** The query string of `values`: empty values and values equal to their schema's default are left out. */
export function writeUrlState<F extends UrlFields>(values: UrlValues<F>, fields: F): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(fields)) {
    const value = written(field.kind, values[key]);
    const fallback = field.schema.safeParse(undefined);
    const byDefault = fallback.success ? written(field.kind, fallback.data) : [];
    if (value.length === 0 || value.join() === byDefault.join()) continue;
    for (const part of value) params.append(key, part);
  }
  return params;
}

/** The patch that clears every field of `fields`, for a clear-filters button. */
export const clearedUrlState = <F extends UrlFields>(fields: F): UrlValues<F> =>
  Object.fromEntries(Object.keys(fields).map((key) => [key, undefined])) as UrlValues<F>;

const NOTHING_KEPT: readonly string[] = [];

/**
 * A page's filters kept in its URL, so a reload or a shared link shows the same list. The setter takes a patch: the keys
 * it names change (`undefined` clears one), the others keep their latest value — the latest set, not the last render, so
 * two filters chosen faster than the router re-renders both stay. Setting them pushes a history entry (Back returns to
 * the previous filters). Parameters outside `fields` are dropped when the filters change, but those named in `keep`: an
 * enclosing page's own (the tab a list is shown in).
 */
export function useUrlState<F extends UrlFields>(fields: F, keep: readonly string[] = NOTHING_KEPT): [UrlValues<F>, (patch: UrlValues<F>) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Parsed once per query string, so the values keep their identity (query keys, effects) while it is unchanged.
  const values = useMemo(() => readUrlState(new URLSearchParams(search), fields), [search, fields]);
  // What the URL holds once the sets made so far land, and the query strings those sets asked for. A render with one of
  // them is a set landing; a render with any other is a navigation from elsewhere (Back, a link), which wins.
  const latest = useRef({ search, values });
  const asked = useRef<string[]>([]);
  useLayoutEffect(() => {
    if (search === latest.current.search) asked.current = [];
    else {
      const landed = asked.current.indexOf(search);
      if (landed === -1) {
        latest.current = { search, values };
        asked.current = [];
      } else asked.current = asked.current.slice(landed + 1);
    }
  }, [search, values]);
  const set = useCallback(
    (patch: UrlValues<F>) => {
      const next = { ...latest.current.values, ...patch };
      const query = writeUrlState(next, fields);
      const current = new URLSearchParams(latest.current.search);
      for (const key of keep) for (const value of current.getAll(key)) query.append(key, value);
      const target = query.toString();
      if (target === latest.current.search) return;
      latest.current = { search: target, values: next };
      asked.current.push(target);
      setParams(new URLSearchParams(target));
    },
    [fields, keep, setParams],
  );
  return [values, set];
}
