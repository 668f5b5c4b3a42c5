import { yuanText, WITHDRAW_TYPES, WITHDRAWAL_STATE_NAMES, withdrawalCalls, type WithdrawalRecord, type WithdrawalState } from '@juqi/contract';
import { Descriptions, Flex, Select, Space, Typography } from 'antd';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { CellLink, CellMuted } from '../../../components/table-cells';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import type { UrlValues } from '../../../lib/url-state';
import { financeKeys, useWithdrawalDetails } from '../api';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { AmountRangeFilter } from '../../../components/records/amount-range-filter';
import { RecordEntries, RecordUser } from '../components/records';
import { usePayoutTypeName, useWithdrawalDecisions, WithdrawActions, WithdrawalStateTag } from '../components/withdraw-actions';
import { financeMessages } from '../messages';
import { WITHDRAW_URL } from '../record-urls';

/** The payout types a withdrawal can name (the users' codes without 未绑定). */
const PAYOUT_TYPES = WITHDRAW_TYPES.filter((w) => w.value > 0);

/**
 * /finance/agency_withdraw (代理提现记录): the users' withdrawals, newest first, filtered by user, state, payout type,
 * days and amount; the filtered set's count and sums above the table; export of the whole set; 审核通过, 打款 and 驳回
 * in each row and in a drawer with the withdrawal, its whole payout account and the ledger entries of its hold.
 */
export function WithdrawRecordsPage() {
  const t = useMessages(financeMessages);
  const common = useMessages(commonMessages);
  const dateTime = useDateTime();
  const payoutTypeName = usePayoutTypeName();
  return (
    <RecordsPage
      title={t.withdrawTitle}
      url={WITHDRAW_URL}
      openKey="no"
      list={withdrawalCalls.list}
      queryKey={financeKeys.withdrawals}
      totals={(data) => format(t.withdrawTotals, { count: data.count, sum: yuanText(data.sum_amount), paid: yuanText(data.sum_paid) })}
      keywordLabel={t.withdrawKeyword}
      Filters={WithdrawFilters}
      exportAs={{
        operation: 'finance.withdraw.export',
        call: withdrawalCalls.export,
        texts: { title: t.withdrawExportTitle, rows: t.withdrawExportRows, done: t.withdrawExportDone, nothing: t.withdrawExportNothing },
        fallbackName: 'agency-withdrawals.xlsx',
      }}
      rowKey="withdraw_no"
      columns={(open) => [
        { key: 'withdraw_no', title: t.withdrawNo, dataIndex: 'withdraw_no', width: 200 },
        { key: 'user', title: t.user, width: 170, render: (_, r: WithdrawalRecord) => <RecordUser record={r} /> },
        { key: 'amount', title: t.amount, width: 120, align: 'right', render: (_, r: WithdrawalRecord) => yuanText(r.amount) },
        {
          key: 'payout',
          title: t.payoutAccount,
          width: 170,
          render: (_, r: WithdrawalRecord) => (
            <span>
              {payoutTypeName(r.payout_type)} <CellMuted>{r.account_no}</CellMuted>
            </span>
          ),
        },
        { key: 'state', title: t.state, width: 90, render: (_, r: WithdrawalRecord) => <WithdrawalStateTag state={r.state} /> },
        { key: 'created_at', title: t.appliedAt, width: 150, render: (_, r: WithdrawalRecord) => dateTime(r.created_at) },
        { key: 'reviewer', title: t.reviewer, width: 100, render: (_, r: WithdrawalRecord) => r.approver_name || r.rejecter_name || <CellMuted>—</CellMuted> },
        { key: 'payer', title: t.payer, width: 100, render: (_, r: WithdrawalRecord) => r.payer_name || <CellMuted>—</CellMuted> },
        {
          key: 'actions',
          title: common.actions,
          width: 220,
          fixed: 'right',
          render: (_, r: WithdrawalRecord) => (
            <Flex gap={8} align="center" wrap>
              <CellLink onClick={() => open(r.withdraw_no)}>{t.details}</CellLink>
              <WithdrawActions withdrawal={r} compact />
            </Flex>
          ),
        },
      ]}
      Details={WithdrawDetailsDrawer}
    />
  );
}

/** The filters after the search box. */
function WithdrawFilters({ filter, change }: { filter: UrlValues<typeof WITHDRAW_URL>; change: (patch: UrlValues<typeof WITHDRAW_URL>) => void }) {
  const t = useMessages(financeMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  return (
    <>
      <Select
        className="finance-filter__state"
        prefix={t.state}
        aria-label={t.state}
        placeholder={common.all}
        allowClear
        value={filter.state}
        options={WITHDRAWAL_STATE_NAMES.map((s) => ({ value: s.value, label: s.name[language] }))}
        onChange={(state: WithdrawalState | undefined) => change({ state: state ?? undefined })}
      />
      <Select
        className="finance-filter__payout"
        prefix={t.payoutType}
        aria-label={t.payoutType}
        placeholder={common.all}
        allowClear
        value={filter.payout_type}
        options={PAYOUT_TYPES.map((w) => ({ value: w.value, label: w.name[language] }))}
        onChange={(type: number | undefined) => change({ payout_type: type ?? undefined })}
      />
      <DayRangeFilter label={t.applyDays} value={filter.time} onChange={(time) => change({ time })} />
      <AmountRangeFilter value={filter} onChange={change} />
    </>
  );
}

function WithdrawDetailsDrawer({ recordKey: withdrawNo, onClose }: { recordKey: string; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const dateTime = useDateTime();
  const payoutTypeName = usePayoutTypeName();
  const details = useWithdrawalDetails(withdrawNo);
  const withdrawal = details.data?.withdrawal;
  const may = useWithdrawalDecisions(withdrawal);
  const when = (at: string | null) => (at ? dateTime(at) : '—');
  return (
    <ConfirmCloseDrawer
      open
      size={640}
      title={`${t.withdrawDetailTitle} ${withdrawNo}`}
      onClose={onClose}
      footer={
        withdrawal &&
        may.any && (
          <Flex justify="flex-end" gap={8}>
            <WithdrawActions withdrawal={withdrawal} />
          </Flex>
        )
      }
    >
      {details.isError && !details.data ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        withdrawal && (
          <Space orientation="vertical" size={16} className="finance-details">
            <DetailList size="small" bordered column={2}>
              <Descriptions.Item label={t.user}>{`${withdrawal.user_name} ${withdrawal.user_mobile}`}</Descriptions.Item>
              <Descriptions.Item label={t.amount}>{yuanText(withdrawal.amount)}</Descriptions.Item>
              <Descriptions.Item label={t.state}>
                <WithdrawalStateTag state={withdrawal.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t.payoutType}>{payoutTypeName(withdrawal.payout_type)}</Descriptions.Item>
              <Descriptions.Item label={t.accountName}>{withdrawal.account_name}</Descriptions.Item>
              <Descriptions.Item label={t.accountNo}>
                <Typography.Text copyable>{withdrawal.account_no}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t.appliedAt}>{dateTime(withdrawal.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t.approver}>{withdrawal.approver_name || '—'}</Descriptions.Item>
              <Descriptions.Item label={t.reviewedAt}>{when(withdrawal.approved_at)}</Descriptions.Item>
              <Descriptions.Item label={t.payer}>{withdrawal.payer_name || '—'}</Descriptions.Item>
              <Descriptions.Item label={t.paidOutAt}>{when(withdrawal.paid_at)}</Descriptions.Item>
              {withdrawal.state === 'rejected' ? (
                <>
                  <Descriptions.Item label={t.rejecter}>{withdrawal.rejecter_name || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t.rejectedAt}>{when(withdrawal.rejected_at)}</Descriptions.Item>
                </>
              ) : null}
              <Descriptions.Item label={t.payoutRef} span="filled">
                {withdrawal.payout_ref ?? '—'}
              </Descriptions.Item>
              {withdrawal.reject_reason ? (
                <Descriptions.Item label={t.rejectReason} span="filled">
                  {withdrawal.reject_reason}
                </Descriptions.Item>
              ) : null}
            </DetailList>
            <RecordEntries entries={details.data?.entries ?? []} emptyText={t.withdrawNoEntries} />
          </Space>
        )
      )}
    </ConfirmCloseDrawer>
  );
}
