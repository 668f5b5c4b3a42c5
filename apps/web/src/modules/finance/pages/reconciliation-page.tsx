import {
  yuanText,
  ACCOUNT_KINDS,
  financeCalls,
  RECONCILIATION_MAX_DAYS,
  reconciliationCalls,
  type Currency,
  type DayRange,
  type ReconciliationComparison,
  type ReconciliationDay,
  type ReconciliationMismatch,
  type TrialBalance,
} from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Flex, Row, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
// The filter bar's stylesheet shows a range picker's one month on a phone, as on the record pages.
import '../../../components/filter-bar.css';
import { KeyboardScrollable } from '../../../components/keyboard-scrollable';
import { DetailList } from '../../../components/detail-list';
import { QueryFailure } from '../../../components/query-failure';
import { CellMuted } from '../../../components/table-cells';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { callApi } from '../../../lib/api-client';
import { todayIn, useTimeZone } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { urlField, useUrlState } from '../../../lib/url-state';
import { reconciliationMessages } from '../reconciliation-messages';
import './reconciliation-page.css';

const DAY = 'YYYY-MM-DD';
/** The days the page opens on: the last 30, today included. */
const DEFAULT_DAYS = 30;

/** The range in the URL (`/finance/reconciliation?days=2026-11-01&days=2026-11-30`); none means the last 30 days. */
const RECONCILIATION_URL = { days: urlField('days', reconciliationCalls.reconciliation.body!.shape.days) };

const reconciliationKeys = {
  trialBalance: ['finance', 'trial-balance'] as const,
  days: (days: DayRange) => ['finance', 'reconciliation', ...days] as const,
};

/** Money as ¥ yuan, beans as a whole count. */
const amountIn = (currency: Currency) => (n: number) => (currency === 'CNY' ? yuanText(n) : n.toLocaleString('en-US'));
const yuan = amountIn('CNY');
const yuanOrNone = (n: number | null) => (n === null ? <CellMuted>—</CellMuted> : yuan(n));

/**
 * /finance/reconciliation (财务对账): the trial balance per currency, then per day of a range the providers' side of
 * top-ups and payouts against the ledger's postings, and the records where they disagree (docs/finance.md ›
 * Reconciliation).
 */
export function ReconciliationPage() {
  return (
    <Flex vertical gap="middle" className="reconciliation-page">
      <TrialBalanceCard />
      <DailyReconciliation />
    </Flex>
  );
}

function TrialBalanceCard() {
  const t = useMessages(reconciliationMessages);
  const trial = useQuery({ queryKey: reconciliationKeys.trialBalance, queryFn: () => callApi(financeCalls.trialBalance, { body: {} }) });
  return (
    <Card title={t.trialBalance} loading={trial.isPending}>
      {trial.isError && !trial.data ? (
        <QueryFailure compact error={trial.error} onRetry={() => void trial.refetch()} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t.trialBalanceHint}</Typography.Text>
          <Row gutter={[16, 16]}>
            {/* Side by side only on a wide screen: at 1280 px half the page cut the yuan accounts' last column. */}
            {trial.data?.currencies.map((currency) => (
              <Col key={currency.currency} xs={24} xxl={12}>
                <CurrencyBalance currency={currency} />
              </Col>
            ))}
          </Row>
        </Flex>
      )}
    </Card>
  );
}

/** One currency's sums, whether they balance, and its kinds of account. */
function CurrencyBalance({ currency: c }: { currency: TrialBalance['currencies'][number] }) {
  const t = useMessages(reconciliationMessages);
  const language = usePreferences((s) => s.language);
  const amount = amountIn(c.currency);
  const columns: TableColumnsType<(typeof c.kinds)[number]> = [
    { key: 'kind', title: t.accountKind, render: (_, k) => ACCOUNT_KINDS[k.kind].label[language] },
    { key: 'accounts', title: t.accounts, align: 'right', dataIndex: 'accounts' },
    { key: 'debits', title: t.debits, align: 'right', render: (_, k) => amount(k.debits) },
    { key: 'credits', title: t.credits, align: 'right', render: (_, k) => amount(k.credits) },
    { key: 'balance', title: t.balance, align: 'right', render: (_, k) => amount(k.balance) },
  ];
  return (
    <Card
      type="inner"
      size="small"
      title={t[c.currency]}
      extra={<Tag color={c.balanced ? 'success' : 'error'}>{c.balanced ? t.balanced : t.unbalanced}</Tag>}
    >
      <Flex vertical gap={12}>
        <DetailList size="small" bordered column={2}>
          <Descriptions.Item label={t.debits}>{amount(c.debits)}</Descriptions.Item>
          <Descriptions.Item label={t.credits}>{amount(c.credits)}</Descriptions.Item>
          <Descriptions.Item label={t.pendingDebits}>{amount(c.pending_debits)}</Descriptions.Item>
          <Descriptions.Item label={t.pendingCredits}>{amount(c.pending_credits)}</Descriptions.Item>
        </DetailList>
        <KeyboardScrollable>
          <Table
            size="small"
            title={() => format(t.kindsOf, { currency: t[c.currency] })}
            pagination={false}
            rowKey="kind"
            scroll={{ x: 'max-content' }}
            dataSource={c.kinds}
            columns={columns}
          />
        </KeyboardScrollable>
      </Flex>
    </Card>
  );
}

/** The range picked, or the last 30 days in the platform's zone. */
function useDays(): [DayRange, (days: DayRange) => void] {
  const zone = useTimeZone();
  const [filter, setFilter] = useUrlState(RECONCILIATION_URL);
  const today = todayIn(zone);
  const days: DayRange = filter.days ?? [dayjs(today).subtract(DEFAULT_DAYS - 1, 'day').format(DAY), today];
  return [days, (picked) => setFilter({ days: picked })];
}

function DailyReconciliation() {
  const t = useMessages(reconciliationMessages);
  const [days, setDays] = useDays();
  const answer = useQuery({
    queryKey: reconciliationKeys.days(days),
    queryFn: () => callApi(reconciliationCalls.reconciliation, { body: { days } }),
    placeholderData: keepPreviousData,
  });
  const data = answer.data;
  const uneven = data?.days.filter((d) => !d.balanced).length ?? 0;
  return (
    <>
      <Card title={t.daily}>
        <Flex vertical gap={12}>
          <Flex wrap gap={12} align="center">
            <DayRangeFilter label={t.days} required maxDays={RECONCILIATION_MAX_DAYS} value={days} onChange={setDays} />
            <TimeZoneNote />
            {data && (
              <Typography.Text type="secondary">
                {format(t.totals, {
                  receipts: yuanText(data.totals.top_up.provider.sum),
                  credited: yuanText(data.totals.top_up.ledger.sum),
                  paidOut: yuanText(data.totals.payout.provider.sum),
                  settled: yuanText(data.totals.payout.ledger.sum),
                })}
                {uneven > 0 && (
                  <>
                    {' · '}
                    <Typography.Text type="danger">{format(t.unevenDays, { count: uneven })}</Typography.Text>
                  </>
                )}
              </Typography.Text>
            )}
          </Flex>
          {answer.isError && !data ? (
            <QueryFailure compact error={answer.error} onRetry={() => void answer.refetch()} />
          ) : (
            <DaysTable days={data?.days} loading={answer.isFetching} />
          )}
        </Flex>
      </Card>
      {data && <MismatchesCard mismatches={data.mismatches} count={data.mismatch_count} loading={answer.isFetching} />}
    </>
  );
}

/** One side of a flow on a day: the sum, and how many records or postings made it. */
function SideCell({ side }: { side: ReconciliationComparison['provider'] }) {
  const t = useMessages(reconciliationMessages);
  return (
    <Flex vertical align="flex-end">
      <span>{yuan(side.sum)}</span>
      <CellMuted>{format(t.count, { count: side.count })}</CellMuted>
    </Flex>
  );
}

function Difference({ comparison }: { comparison: ReconciliationComparison }) {
  if (comparison.difference === 0 && comparison.provider.count === comparison.ledger.count) return <CellMuted>{yuan(0)}</CellMuted>;
  return <Typography.Text type="danger">{yuan(comparison.difference)}</Typography.Text>;
}

function DaysTable({ days, loading }: { days: ReconciliationDay[] | undefined; loading: boolean }) {
  const t = useMessages(reconciliationMessages);
  const flow = (key: 'top_up' | 'payout', title: string, provider: string, ledger: string) => ({
    key,
    title,
    children: [
      { key: `${key}.provider`, title: provider, align: 'right' as const, width: 120, render: (_: unknown, d: ReconciliationDay) => <SideCell side={d[key].provider} /> },
      { key: `${key}.ledger`, title: ledger, align: 'right' as const, width: 120, render: (_: unknown, d: ReconciliationDay) => <SideCell side={d[key].ledger} /> },
      { key: `${key}.difference`, title: t.difference, align: 'right' as const, width: 110, render: (_: unknown, d: ReconciliationDay) => <Difference comparison={d[key]} /> },
    ],
  });
  const columns: TableColumnsType<ReconciliationDay> = [
    { key: 'day', title: t.day, dataIndex: 'day', width: 110, fixed: 'start' },
    flow('top_up', t.topUp, t.receipts, t.credited),
    flow('payout', t.payout, t.paidOut, t.settled),
    {
      key: 'state',
      title: t.dayState,
      width: 120,
      render: (_, d) =>
        d.balanced ? (
          <Tag color="success">{t.even}</Tag>
        ) : (
          <Flex vertical align="flex-start" gap={2}>
            <Tag color="error">{t.uneven}</Tag>
            {d.mismatches > 0 && <CellMuted>{format(t.mismatchesOnDay, { count: d.mismatches })}</CellMuted>}
          </Flex>
        ),
    },
  ];
  return (
    <KeyboardScrollable>
      <Table
        className="reconciliation-days"
        size="small"
        bordered
        rowKey="day"
        loading={loading}
        dataSource={days}
        columns={columns}
        rowClassName={(d) => (d.balanced ? '' : 'reconciliation-day--uneven')}
        scroll={{ x: 940 }}
        pagination={{ defaultPageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </KeyboardScrollable>
  );
}

function MismatchesCard({ mismatches, count, loading }: { mismatches: ReconciliationMismatch[]; count: number; loading: boolean }) {
  const t = useMessages(reconciliationMessages);
  const columns: TableColumnsType<ReconciliationMismatch> = [
    { key: 'day', title: t.day, dataIndex: 'day', width: 110, fixed: 'start' },
    { key: 'area', title: t.area, width: 90, render: (_, m) => t[m.area === 'top_up' ? 'topUp' : 'payout'] },
    {
      key: 'record',
      title: t.recordNo,
      width: 220,
      render: (_, m) => (
        <Flex vertical>
          {m.record_no ? <span>{m.record_no}</span> : <CellMuted>{t.noRecord}</CellMuted>}
          {m.transfer_id !== null && <CellMuted>{format(t.transfer, { id: m.transfer_id })}</CellMuted>}
        </Flex>
      ),
    },
    {
      key: 'problem',
      title: t.problem,
      render: (_, m) => (
        <Flex vertical>
          <Typography.Text type="danger">{t[m.kind]}</Typography.Text>
          {m.other_day && <CellMuted>{format(t.otherDay, { day: m.other_day })}</CellMuted>}
          {m.note && <CellMuted>{m.note}</CellMuted>}
        </Flex>
      ),
    },
    { key: 'amount', title: t.recordAmount, align: 'right', width: 120, render: (_, m) => yuanOrNone(m.amount) },
    { key: 'ledger_amount', title: t.ledgerAmount, align: 'right', width: 120, render: (_, m) => yuanOrNone(m.ledger_amount) },
  ];
  return (
    <Card
      title={t.mismatches}
      extra={
        <Typography.Text type="secondary">
          {count > mismatches.length ? format(t.mismatchesShown, { count, shown: mismatches.length }) : format(t.mismatchCount, { count })}
        </Typography.Text>
      }
    >
      <KeyboardScrollable>
        <Table
          size="small"
          rowKey={(m) => `${m.kind}:${m.area}:${m.record_no}:${m.transfer_id}:${m.day}`}
          loading={loading}
          dataSource={mismatches}
          columns={columns}
          locale={{ emptyText: t.noMismatch }}
          scroll={{ x: 900 }}
          pagination={{ defaultPageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        />
      </KeyboardScrollable>
    </Card>
  );
}
