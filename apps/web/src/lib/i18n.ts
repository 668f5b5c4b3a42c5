import { usePreferences, type Language } from './preferences';

/** One feature's UI strings, keyed the same in every language (TypeScript checks both have every key). */
export type Messages<K extends string> = Record<Language, Record<K, string>>;

export const defineMessages = <K extends string>(messages: Messages<K>): Messages<K> => messages;

/** The strings of the current UI language; re-renders when the language changes. */
export function useMessages<K extends string>(messages: Messages<K>): Record<K, string> {
  return messages[usePreferences((s) => s.language)];
}

/** Outside React (toasts raised by the API client). */
export function currentMessages<K extends string>(messages: Messages<K>): Record<K, string> {
  return messages[usePreferences.getState().language];
}

/**
 * Replaces `{name}` placeholders. A text in two forms, `one|other` (English counts: `1 role|{count} roles`), takes the
 * first when `count` is 1 and the second otherwise.
 */
export function format(text: string, values: Record<string, string | number>): string {
  const forms = text.split('|');
  const chosen = forms.length === 2 ? forms[Number(values.count) === 1 ? 0 : 1]! : text;
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
