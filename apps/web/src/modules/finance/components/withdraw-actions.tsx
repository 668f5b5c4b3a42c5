import { codeName, yuanText, WITHDRAW_TYPES, WITHDRAWAL_STATE_NAMES, type WithdrawalRecord, type WithdrawalState } from '@juqi/contract';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { commonMessages } from '../../../components/messages';
import { CellTag, type CellTone } from '../../../components/table-cells';
import { useToldWrite } from '../../../components/use-told-write';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan, useIsOwnPerson } from '../../../lib/shell-session';
import { useApproveWithdrawal, usePayWithdrawal, useRejectWithdrawal } from '../api';
import { financeMessages } from '../messages';
import { RejectModal } from './reject-modal';

const STATE_TONE: Record<WithdrawalState, CellTone> = { applied: 'warning', approved: 'processing', paid: 'success', rejected: 'default' };
/** The message key of each state's name. */

/** 待审核 / 待打款 / 已打款 / 已驳回. */
export function WithdrawalStateTag({ state }: { state: WithdrawalState }) {
  const language = usePreferences((s) => s.language);
  return <CellTag tone={STATE_TONE[state]}>{codeName(WITHDRAWAL_STATE_NAMES, state, language)}</CellTag>;
}

/** The name of a payout type (the users' 提现方式 codes: 银行卡, 支付宝, 微信) in the current language. */
export function usePayoutTypeName(): (type: number) => string {
  const language = usePreferences((s) => s.language);
  return (type) => codeName(WITHDRAW_TYPES, type, language);
}

/**
 * Which decisions the staff may take on a withdrawal (none while unknown): each needs its state and its operation, and
 * paying out a person other than the approver.
 */
export function useWithdrawalDecisions(withdrawal: Pick<WithdrawalRecord, 'state' | 'approver_id'> | undefined) {
  const can = useCan();
  const isOwnPerson = useIsOwnPerson();
  const state = withdrawal?.state;
  const approve = state === 'applied' && can('finance.withdraw.approve');
  const pay = state === 'approved' && can('finance.withdraw.pay') && !isOwnPerson(withdrawal?.approver_id);
  const reject = (state === 'applied' || state === 'approved') && can('finance.withdraw.reject');
  return { approve, pay, reject, any: approve || pay || reject };
}

/**
 * 审核通过, 打款 and 驳回 on one withdrawal, as its state and the staff's operations allow (打款 not to its approver): approving and paying ask in
 * a popover (paying names the amount and the account), rejecting asks for the reason. A refusal has been shown by the
 * API client, and the withdrawals are read again either way, so the row and the drawer show where it stands.
 * `compact`: link buttons, for a table row.
 */
export function WithdrawActions({ withdrawal, compact = false }: { withdrawal: WithdrawalRecord; compact?: boolean }) {
  const t = useMessages(financeMessages);
  const common = useMessages(commonMessages);
  const payoutTypeName = usePayoutTypeName();
  const may = useWithdrawalDecisions(withdrawal);
  const approve = useApproveWithdrawal();
  const pay = usePayWithdrawal();
  const [rejecting, setRejecting] = useState(false);
  // In a row: links; in the drawer: approve and pay as primary buttons, reject beside them.
  const look = (primary: boolean) => (compact ? ({ type: 'link', size: 'small' } as const) : ({ type: primary ? 'primary' : 'default' } as const));
  const amount = yuanText(withdrawal.amount);
  const target = { withdraw_no: withdrawal.withdraw_no };

  const decide = useToldWrite();

  return (
    <>
      {may.approve && (
        <Popconfirm title={t.approveConfirm} okText={t.approve} cancelText={common.cancel} onConfirm={() => decide(() => approve.mutateAsync(target), t.approved)}>
          <Button {...look(true)} loading={approve.isPending}>
            {t.approve}
          </Button>
        </Popconfirm>
      )}
      {may.pay && (
        <Popconfirm
          title={format(t.payConfirm, { amount })}
          description={format(t.payTo, { type: payoutTypeName(withdrawal.payout_type), name: withdrawal.account_name, account: withdrawal.account_no })}
          okText={t.pay}
          cancelText={common.cancel}
          styles={{ root: { maxWidth: 360 } }}
          onConfirm={() => decide(() => pay.mutateAsync(target), format(t.paidOut, { amount }))}
        >
          <Button {...look(true)} loading={pay.isPending}>
            {t.pay}
          </Button>
        </Popconfirm>
      )}
      {may.reject && (
        <Button {...look(false)} danger onClick={() => setRejecting(true)}>
          {t.reject}
        </Button>
      )}
      {rejecting && <RejectWithdrawalModal withdrawNo={withdrawal.withdraw_no} onClose={() => setRejecting(false)} />}
    </>
  );
}

/** 驳回 a withdrawal: the user sees the reason. */
function RejectWithdrawalModal({ withdrawNo, onClose }: { withdrawNo: string; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const reject = useRejectWithdrawal();
  return (
    <RejectModal
      texts={{
        title: format(t.rejectTitle, { no: withdrawNo }),
        reject: t.reject,
        reason: t.rejectReason,
        reasonRequired: t.rejectReasonRequired,
        reasonTooLong: t.rejectReasonTooLong,
        placeholder: t.rejectReasonPlaceholder,
        done: t.rejected,
      }}
      reject={(reason) => reject.mutateAsync({ withdraw_no: withdrawNo, reason })}
      pending={reject.isPending}
      onClose={onClose}
    />
  );
}
