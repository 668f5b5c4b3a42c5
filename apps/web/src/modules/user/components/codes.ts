import {
  AUTHENTICATION_STATES,
  codeName,
  type NamedCode,
  REGISTER_CHANNELS,
  USER_SOURCES,
  USER_TYPES,
  VERIFICATION_TYPES,
  WITHDRAW_STATES,
  WITHDRAW_TYPES,
  userCalls,
} from '@juqi/contract';
import { useCallback } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { usePreferences } from '../../../lib/preferences';

/** The code lists the users area shows; their names, in both languages, are the contract's (the export uses the same). */
const CODE_LISTS = {
  type_user: USER_TYPES,
  system_id: USER_SOURCES,
  authentication_state: AUTHENTICATION_STATES,
  verification_type: VERIFICATION_TYPES,
  withdraw_state: WITHDRAW_STATES,
  withdraw_type: WITHDRAW_TYPES,
  register_channel: REGISTER_CHANNELS,
} as const;

export type CodeList = keyof typeof CODE_LISTS;
/** The lists a filter offers (the user filter has no channel). */
export type NumberCodeList = Exclude<CodeList, 'register_channel'>;

/** Names of code values in the current language, and the options of a select. */
export function useCodes() {
  const language = usePreferences((s) => s.language);
  const label = useCallback(
    (list: CodeList, value: number | string | null | undefined): string => codeName(CODE_LISTS[list], value, language),
    [language],
  );
  const options = useCallback(
    (list: NumberCodeList) => (CODE_LISTS[list] as readonly NamedCode<number>[]).map((entry) => ({ value: entry.value, label: entry.name[language] })),
    [language],
  );
  return { label, options };
}

/**
 * The dictionaries the user filters offer beside the codes (`user_select_search_list`: posts, levels, order-count
 * bands): they change rarely, so an answer serves five minutes. Not asked where `mayRead` is false.
 */
export const useSearchOptions = (mayRead = true) => useCallQuery(userCalls.selectSearchList, mayRead ? undefined : null, { staleTime: 5 * 60_000 });
