import { financeCalls, type FinanceUser } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { answerOf, type Handler } from '../../test/fake-api';

/** The user the money forms' tests pick: 张三, ID 7, ¥ 100.00 and 300 beans available. */
export const ZHANG_SAN: FinanceUser = { id: 7, name: '张三', mobile: '13800000007', cash_available: 10_000, beans_available: 300 };
/** How the picker shows ZHANG_SAN. */
export const ZHANG_SAN_OPTION = '张三 · 13800000007 · ID 7';

/** finance's user_lookup answering `found` whatever is typed. */
export const lookupAnswering =
  (...found: FinanceUser[]): Handler =>
  () =>
    answerOf(financeCalls.userLookup, found);

/** Confirmations already answered: jsdom runs no leave animation, so a closed one stays in the DOM as it was. */
const answered = new WeakSet<HTMLElement>();

/** The confirmation a money form shows before it sends, once it is open: the one of that title not yet answered. */
export async function postingConfirmation(): Promise<HTMLElement> {
  return waitFor(() => {
    const open = screen
      .getAllByRole('dialog')
      .filter((dialog) => !answered.has(dialog) && /^确认(入账|扣减|调增|调减) /.test(dialog.querySelector('.ant-modal-confirm-title')?.textContent ?? ''));
    expect(open).toHaveLength(1);
    return open[0]!;
  });
}

/** Answers the confirmation with `button` (确认 by default). */
export async function confirmPosting(user: UserEvent, button: RegExp = /^确\s?认$/): Promise<void> {
  const confirmation = await postingConfirmation();
  await user.click(within(confirmation).getByRole('button', { name: button }));
  answered.add(confirmation);
}
