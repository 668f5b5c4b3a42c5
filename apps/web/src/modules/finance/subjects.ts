import type { NotificationSubject } from '@juqi/contract';
import { writeUrlState } from '../../lib/url-state';
import { adjustmentKeys } from './adjustment-api';
import { financeKeys } from './api';
import { ADJUSTMENT_PATH, ADJUSTMENT_SETTINGS_ANCHOR, ADJUSTMENT_URL, WITHDRAW_PATH, WITHDRAW_URL } from './record-urls';

/** What a finance notification or to-do is about: a record waiting for a second person. */
export type FinanceSubject = Extract<NotificationSubject, { kind: 'finance_adjustment' | 'finance_withdrawal' | 'finance_adjustment_settings' }>;

/** Where it is decided: its record screen with it open in the drawer, or 调账审批设置 in view. */
export function financeSubjectLink(subject: FinanceSubject): string {
  switch (subject.kind) {
    case 'finance_adjustment':
      return `${ADJUSTMENT_PATH}?${writeUrlState({ no: subject.id }, ADJUSTMENT_URL)}`;
    case 'finance_withdrawal':
      return `${WITHDRAW_PATH}?${writeUrlState({ no: subject.id }, WITHDRAW_URL)}`;
    case 'finance_adjustment_settings':
      return `${ADJUSTMENT_PATH}#${ADJUSTMENT_SETTINGS_ANCHOR}`;
  }
}

/** The queries showing it, read again when it changes: its list and details, and the balances a decision moved. */
export function financeSubjectQueries(subject: FinanceSubject): (readonly unknown[])[] {
  switch (subject.kind) {
    case 'finance_adjustment':
      return [adjustmentKeys.all, financeKeys.statements];
    case 'finance_withdrawal':
      return [financeKeys.withdrawals, financeKeys.statements];
    case 'finance_adjustment_settings':
      return [adjustmentKeys.settings];
  }
}
