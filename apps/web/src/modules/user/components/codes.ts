import {
  AUTHENTICATION_STATES,
  ORDER_COUNT_BANDS,
  USER_SOURCES,
  USER_TYPES,
  VERIFICATION_TYPES,
  WITHDRAW_STATES,
  WITHDRAW_TYPES,
} from '@juqi/contract';
import { useCallback } from 'react';
import { usePreferences } from '../../../lib/preferences';

/** The §9 code lists; their zh-CN labels come from the contract, the English ones from here. */
const CODE_LISTS = {
  type_user: USER_TYPES,
  system_id: USER_SOURCES,
  authentication_state: AUTHENTICATION_STATES,
  verification_type: VERIFICATION_TYPES,
  withdraw_state: WITHDRAW_STATES,
  withdraw_type: WITHDRAW_TYPES,
  quantity: ORDER_COUNT_BANDS,
} as const;

export type CodeList = keyof typeof CODE_LISTS;

const ENGLISH: Record<CodeList, Record<number, string>> = {
  type_user: { 1: 'Agent', 2: 'User' },
  system_id: { 1: 'System user', 2: 'Channel user' },
  authentication_state: { 0: 'Not verified', 1: 'Verifying', 2: 'Verified' },
  verification_type: { 1: 'Personal', 2: 'Enterprise' },
  withdraw_state: { 0: 'Never', 1: 'In progress', 2: 'Paid out', 3: 'Failed' },
  withdraw_type: { 0: 'Not bound', 1: 'Bank card', 2: 'Alipay', 3: 'WeChat' },
  quantity: {},
};

/** Labels of code values in the current language, and the options of a select. */
export function useCodes() {
  const language = usePreferences((s) => s.language);
  const label = useCallback(
    (list: CodeList, value: number | null | undefined): string => {
      if (value === null || value === undefined) return '';
      const zh = CODE_LISTS[list].find((entry) => entry.value === value)?.label ?? String(value);
      return language === 'en-US' ? (ENGLISH[list][value] ?? zh) : zh;
    },
    [language],
  );
  const options = useCallback((list: CodeList) => CODE_LISTS[list].map((entry) => ({ value: entry.value, label: label(list, entry.value) })), [label]);
  return { label, options };
}
