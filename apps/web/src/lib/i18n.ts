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

/** Replaces `{name}` placeholders. */
export const format = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
