import { WITHDRAW_TYPES, WITHDRAWAL_STATES, withdrawalCalls, type WithdrawalRecord, type WithdrawalState } from '@juqi/contract';
import { Card, Descriptions, Flex, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { ExportButton } from '../../../components/export-button';
import { FilterBar } from '../../../components/filter-bar';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { CellLink, CellMuted } from '../../../components/table-cells';
import { TextFilter } from '../../../components/text-filter';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { formatCents } from '../../../lib/money';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { clearedUrlState, urlField, useUrlState, type UrlValues } from '../../../lib/url-state';
import { useWithdrawalDetails, useWithdrawalRecords } from '../api';
import { AmountRangeFilter, DayRangeFilter, RecordEntries, RecordsSummary } from '../components/records';
import { usePayoutTypeName, useWithdrawalDecisions, WithdrawActions, WITHDRAWAL_STATE_LABEL, WithdrawalStateTag } from '../components/withdraw-actions';
import { financeMessages } from '../messages';

const shape = withdrawalCalls.list.body!;

/** The withdrawals' filters as written in the URL (`/finance/agency_withdraw?state=applied&payout_type=2`). */
export const WITHDRAW_URL = {
  keyword: urlField('text', shape.shape.keyword),
  user_id: urlField('number', shape.shape.user_id),
  state: urlField('text', shape.shape.state),
  payout_type: urlField('number', shape.shape.payout_type),
  time: urlField('days', shape.shape.time),
  amount_min: urlField('number', shape.shape.amount_min),
  amount_max: urlField('number', shape.shape.amount_max),
};
type WithdrawFilter = UrlValues<typeof WITHDRAW_URL>;

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
  const can = useCan();
  const payoutTypeName = usePayoutTypeName();
  const [filter, setFilter] = useUrlState(WITHDRAW_URL);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useWithdrawalRecords(filter, page, pageSize);
  const [open, setOpen] = useState<string | null>(null);
  const change = (patch: WithdrawFilter) => {
    setFilter(patch);
    setPage(1);
  };

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;

  return (
    <Card
      className="finance-page"
      title={t.withdrawTitle}
      extra={<RecordsSummary totals={data && format(t.withdrawTotals, { count: data.count, sum: formatCents(data.sum_amount), paid: formatCents(data.sum_paid) })} />}
    >
      <Flex vertical gap={12}>
        <WithdrawFilterBar
          filter={filter}
          onChange={change}
          tools={
            can('finance.withdraw.export') && (
              <ExportButton
                call={withdrawalCalls.export}
                body={filter}
                count={data?.count}
                texts={{ title: t.withdrawExportTitle, rows: t.withdrawExportRows, done: t.withdrawExportDone, nothing: t.withdrawExportNothing }}
                fallbackName="agency-withdrawals.xlsx"
              />
            )
          }
        />
        <Table<WithdrawalRecord>
          rowKey="withdraw_no"
          size="middle"
          loading={list.isFetching}
          dataSource={data?.data ?? []}
          scroll={{ x: 1240 }}
          pagination={{
            current: page,
            pageSize,
            total: data?.count ?? 0,
            showSizeChanger: true,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
          columns={[
            { key: 'withdraw_no', title: t.withdrawNo, dataIndex: 'withdraw_no', width: 200 },
            {
              key: 'user',
              title: t.user,
              width: 170,
              render: (_, r) => (
                <span>
                  {r.user_name || <CellMuted>#{r.user_id}</CellMuted>} <CellMuted>{r.user_mobile}</CellMuted>
                </span>
              ),
            },
            { key: 'amount', title: t.amount, width: 120, align: 'right', render: (_, r) => `¥${formatCents(r.amount)}` },
            {
              key: 'payout',
              title: t.payoutAccount,
              width: 170,
              render: (_, r) => (
                <span>
                  {payoutTypeName(r.payout_type)} <CellMuted>{r.account_no}</CellMuted>
                </span>
              ),
            },
            { key: 'state', title: t.state, width: 90, render: (_, r) => <WithdrawalStateTag state={r.state} /> },
            { key: 'created_at', title: t.appliedAt, width: 150, render: (_, r) => dateTime(r.created_at) },
            { key: 'reviewer', title: t.reviewer, width: 100, render: (_, r) => r.reviewer_name || <CellMuted>—</CellMuted> },
            {
              key: 'actions',
              title: common.actions,
              width: 220,
              fixed: 'right',
              render: (_, r) => (
                <Flex gap={8} align="center" wrap>
                  <CellLink onClick={() => setOpen(r.withdraw_no)}>{t.details}</CellLink>
                  <WithdrawActions withdrawal={r} compact />
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      {open !== null && <WithdrawDetailsDrawer withdrawNo={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}

function WithdrawFilterBar({ filter, onChange, tools }: { filter: WithdrawFilter; onChange: (patch: WithdrawFilter) => void; tools: React.ReactNode }) {
  const t = useMessages(financeMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { keyword, ...folded } = filter;
  return (
    <FilterBar
      search={<TextFilter className="finance-filter__keyword" label={t.withdrawKeyword} maxLength={40} value={keyword} onChange={(words) => onChange({ keyword: words })} />}
      active={Object.values(folded).filter((value) => value !== undefined).length}
      searching={keyword !== undefined}
      onClear={() => onChange(clearedUrlState(WITHDRAW_URL))}
      tools={tools}
    >
      <Select
        className="finance-filter__state"
        prefix={t.state}
        aria-label={t.state}
        placeholder={common.all}
        allowClear
        value={filter.state}
        options={WITHDRAWAL_STATES.map((s) => ({ value: s, label: t[WITHDRAWAL_STATE_LABEL[s]] }))}
        onChange={(state: WithdrawalState | undefined) => onChange({ state: state ?? undefined })}
      />
      <Select
        className="finance-filter__payout"
        prefix={t.payoutType}
        aria-label={t.payoutType}
        placeholder={common.all}
        allowClear
        value={filter.payout_type}
        options={PAYOUT_TYPES.map((w) => ({ value: w.value, label: w.name[language] }))}
        onChange={(type: number | undefined) => onChange({ payout_type: type ?? undefined })}
      />
      <DayRangeFilter label={t.applyDays} value={filter.time} onChange={(time) => onChange({ time })} />
      <AmountRangeFilter value={filter} onChange={onChange} />
    </FilterBar>
  );
}

function WithdrawDetailsDrawer({ withdrawNo, onClose }: { withdrawNo: string; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const dateTime = useDateTime();
  const payoutTypeName = usePayoutTypeName();
  const details = useWithdrawalDetails(withdrawNo);
  const withdrawal = details.data?.withdrawal;
  const may = useWithdrawalDecisions(withdrawal?.state);
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
              <Descriptions.Item label={t.amount}>{`¥${formatCents(withdrawal.amount)}`}</Descriptions.Item>
              <Descriptions.Item label={t.state}>
                <WithdrawalStateTag state={withdrawal.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t.payoutType}>{payoutTypeName(withdrawal.payout_type)}</Descriptions.Item>
              <Descriptions.Item label={t.accountName}>{withdrawal.account_name}</Descriptions.Item>
              <Descriptions.Item label={t.accountNo}>
                <Typography.Text copyable>{withdrawal.account_no}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t.appliedAt}>{dateTime(withdrawal.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t.reviewer}>{withdrawal.reviewer_name || '—'}</Descriptions.Item>
              <Descriptions.Item label={t.reviewedAt}>{when(withdrawal.reviewed_at)}</Descriptions.Item>
              <Descriptions.Item label={t.paidOutAt}>{when(withdrawal.paid_at)}</Descriptions.Item>
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
