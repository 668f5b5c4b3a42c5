import { yuanText, type Currency } from '@juqi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Typography } from 'antd';
import { useRef } from 'react';
import { defineMessages, format, useMessages } from '../../../lib/i18n';
import { financeUsersQuery } from '../adjustment-api';
import { useUserText } from './user-picker';

const texts = defineMessages({
  'zh-CN': {
    title: '确认{action} {amount}？',
    user: '用户',
    account: '账户',
    cash: '现金余额',
    beans: '金豆',
    amount: '金额',
    before: '当前可用',
    after: '操作后',
    credit: '入账',
    debit: '扣减',
    adjustUp: '调增',
    adjustDown: '调减',
    waits: '超过审批阈值或当日额度时，须另一人审批后才入账。',
    short: '余额不足，不能扣减这么多。',
    ok: '确认',
    cancel: '取消',
    beanUnit: '{n} 金豆',
  },
  'en-US': {
    title: '{action} {amount}?',
    user: 'User',
    account: 'Account',
    cash: 'Cash balance',
    beans: 'Beans',
    amount: 'Amount',
    before: 'Available now',
    after: 'After',
    credit: 'Credit',
    debit: 'Debit',
    adjustUp: 'Adjust up by',
    adjustDown: 'Adjust down by',
    waits: 'Above the approval threshold or the day’s limits, it posts only once another person approves it.',
    short: 'The balance is too low for this debit.',
    ok: 'Confirm',
    cancel: 'Cancel',
    beanUnit: '{n} beans',
  },
});

/** A hand-made posting about to be sent: whose account, which currency, which way, how much (fen or whole beans). */
export interface PostingDraft {
  userId: number;
  currency: Currency;
  direction: 'credit' | 'debit';
  amount: number;
  /**
   * An adjustment, which may wait for a second person (above the threshold, or past the day's limits, which only the
   * server counts): its title says 调增 / 调减, not that the money is posted.
   */
  mayWait?: boolean;
}

/**
 * The second look every money action gets before it is sent (docs/finance.md › Hand-made postings): the user by name,
 * mobile and ID, the account, the amount, and the balance now and after, read afresh. Answers whether the staff
 * confirmed; a debit beyond the balance cannot be confirmed.
 */
export function useConfirmPosting(): (draft: PostingDraft) => Promise<boolean> {
  const t = useMessages(texts);
  const { modal } = App.useApp();
  const client = useQueryClient();
  const userText = useUserText();
  // A double click submits twice: one confirmation at a time, the second submit answered "not confirmed".
  const asking = useRef(false);
  return async (draft) => {
    if (asking.current) return false;
    asking.current = true;
    try {
      return await ask(draft);
    } finally {
      asking.current = false;
    }
  };

  async function ask(draft: PostingDraft): Promise<boolean> {
    const found = await client.fetchQuery({ ...financeUsersQuery(String(draft.userId)), staleTime: 0 }).catch(() => null);
    const user = found?.find((u) => u.id === draft.userId);
    // The API client has told why the read failed; an ID nobody has is the server's to refuse, naming the field.
    if (!found) return false;
    const cash = draft.currency === 'CNY';
    const shown = (value: number) => (cash ? yuanText(value) : format(t.beanUnit, { n: value.toLocaleString() }));
    const before = user ? (cash ? user.cash_available : user.beans_available) : null;
    const after = before === null ? null : before + (draft.direction === 'credit' ? draft.amount : -draft.amount);
    const action = draft.mayWait ? (draft.direction === 'credit' ? t.adjustUp : t.adjustDown) : draft.direction === 'credit' ? t.credit : t.debit;
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: format(t.title, { action, amount: shown(draft.amount) }),
        content: (
          <>
            <Descriptions size="small" column={1} className="posting-confirm">
              <Descriptions.Item label={t.user}>{user ? userText(user) : `ID ${draft.userId}`}</Descriptions.Item>
              <Descriptions.Item label={t.account}>{cash ? t.cash : t.beans}</Descriptions.Item>
              <Descriptions.Item label={t.amount}>{`${draft.direction === 'credit' ? '+' : '−'}${shown(draft.amount)}`}</Descriptions.Item>
              {before !== null && <Descriptions.Item label={t.before}>{shown(before)}</Descriptions.Item>}
              {after !== null && (
                <Descriptions.Item label={t.after}>
                  <Typography.Text type={after < 0 ? 'danger' : undefined} strong>
                    {shown(after)}
                  </Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
            {after !== null && after < 0 ? <Typography.Text type="danger">{t.short}</Typography.Text> : draft.mayWait && <Typography.Text type="secondary">{t.waits}</Typography.Text>}
          </>
        ),
        okText: t.ok,
        cancelText: t.cancel,
        okButtonProps: { disabled: after !== null && after < 0 },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  }
}
