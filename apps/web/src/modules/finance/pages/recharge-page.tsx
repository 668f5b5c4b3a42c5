import { codeName, yuanText, TOP_UP_STATE_NAMES, PAY_CHANNEL_NAMES, topUpRecordCalls, type PayChannel, type TopUpRecord, type TopUpState } from '@juqi/contract';
import { Descriptions, Select, Space, Typography } from 'antd';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { CellLink, CellMuted, CellTag, type CellTone } from '../../../components/table-cells';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { urlField, type UrlValues } from '../../../lib/url-state';
import { financeKeys, useTopUpDetails } from '../api';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { AmountRangeFilter } from '../../../components/records/amount-range-filter';
import { RecordEntries, RecordUser } from '../components/records';
import { financeMessages } from '../messages';

const shape = topUpRecordCalls.list.body!;

/** The records' filters as written in the URL (`/finance/user_recharge?state=paid&time=2026-11-01&time=2026-11-30`). */
export const RECHARGE_URL = {
  keyword: urlField('text', shape.shape.keyword),
  user_id: urlField('number', shape.shape.user_id),
  state: urlField('text', shape.shape.state),
  channel: urlField('text', shape.shape.channel),
  time: urlField('days', shape.shape.time),
  amount_min: urlField('number', shape.shape.amount_min),
  amount_max: urlField('number', shape.shape.amount_max),
};

const STATE_TONE: Record<TopUpState, CellTone> = { pending: 'processing', paid: 'success', closed: 'default' };

/**
 * /finance/user_recharge (用户充值记录): the app users' top-up orders, newest first, filtered by user, state, channel,
 * days and amount; the filtered set's count and sums above the table; export of the whole set; a drawer with the
 * order and the ledger entries that credited it (docs/finance.md › Records).
 */
export function RechargeRecordsPage() {
  const t = useMessages(financeMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  return (
    <RecordsPage
      title={t.rechargeTitle}
      url={RECHARGE_URL}
      list={topUpRecordCalls.list}
      queryKey={financeKeys.topUps}
      totals={(data) => format(t.totals, { count: data.count, sum: yuanText(data.sum_amount), paid: yuanText(data.sum_paid) })}
      keywordLabel={t.keyword}
      Filters={RechargeFilters}
      exportAs={{
        operation: 'finance.recharge.export',
        call: topUpRecordCalls.export,
        texts: { title: t.exportTitle, rows: t.exportRows, done: t.exportDone, nothing: t.exportNothing },
        fallbackName: 'user-top-ups.xlsx',
      }}
      rowKey="order_no"
      columns={(open) => [
        { key: 'order_no', title: t.orderNo, dataIndex: 'order_no', width: 200 },
        { key: 'user', title: t.user, width: 170, render: (_, r: TopUpRecord) => <RecordUser record={r} /> },
        { key: 'amount', title: t.amount, width: 120, align: 'right', render: (_, r: TopUpRecord) => yuanText(r.amount) },
        { key: 'channel', title: t.channel, width: 100, render: (_, r: TopUpRecord) => codeName(PAY_CHANNEL_NAMES, r.channel, language) },
        { key: 'state', title: t.state, width: 90, render: (_, r: TopUpRecord) => <CellTag tone={STATE_TONE[r.state]}>{codeName(TOP_UP_STATE_NAMES, r.state, language)}</CellTag> },
        { key: 'created_at', title: t.orderedAt, width: 150, render: (_, r: TopUpRecord) => dateTime(r.created_at) },
        { key: 'paid_at', title: t.paidAt, width: 150, render: (_, r: TopUpRecord) => (r.paid_at ? dateTime(r.paid_at) : <CellMuted>—</CellMuted>) },
        { key: 'actions', title: t.details, width: 80, fixed: 'right', render: (_, r: TopUpRecord) => <CellLink onClick={() => open(r.order_no)}>{t.details}</CellLink> },
      ]}
      Details={RechargeDetailsDrawer}
    />
  );
}

/** The filters after the search box. */
function RechargeFilters({ filter, change }: { filter: UrlValues<typeof RECHARGE_URL>; change: (patch: UrlValues<typeof RECHARGE_URL>) => void }) {
  const t = useMessages(financeMessages);
  const language = usePreferences((s) => s.language);
  const common = useMessages(commonMessages);
  return (
    <>
      <Select
        className="finance-filter__state"
        prefix={t.state}
        aria-label={t.state}
        placeholder={common.all}
        allowClear
        value={filter.state}
        options={TOP_UP_STATE_NAMES.map((s) => ({ value: s.value, label: s.name[language] }))}
        onChange={(state: TopUpState | undefined) => change({ state: state ?? undefined })}
      />
      <Select
        className="finance-filter__channel"
        prefix={t.channel}
        aria-label={t.channel}
        placeholder={common.all}
        allowClear
        value={filter.channel}
        options={PAY_CHANNEL_NAMES.map((c) => ({ value: c.value, label: c.name[language] }))}
        onChange={(channel: PayChannel | undefined) => change({ channel: channel ?? undefined })}
      />
      <DayRangeFilter label={t.orderDays} value={filter.time} onChange={(time) => change({ time })} />
      <AmountRangeFilter value={filter} onChange={change} />
    </>
  );
}

function RechargeDetailsDrawer({ recordKey: orderNo, onClose }: { recordKey: string; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const details = useTopUpDetails(orderNo);
  const order = details.data?.order;
  return (
    <ConfirmCloseDrawer open size={640} title={`${t.detailTitle} ${orderNo}`} onClose={onClose}>
      {details.isError && !details.data ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        order && (
          <Space orientation="vertical" size={16} className="finance-details">
            <DetailList size="small" bordered column={2}>
              <Descriptions.Item label={t.user}>{`${order.user_name} ${order.user_mobile}`}</Descriptions.Item>
              <Descriptions.Item label={t.amount}>{yuanText(order.amount)}</Descriptions.Item>
              <Descriptions.Item label={t.state}>
                <CellTag tone={STATE_TONE[order.state]}>{codeName(TOP_UP_STATE_NAMES, order.state, language)}</CellTag>
              </Descriptions.Item>
              <Descriptions.Item label={t.channel}>{codeName(PAY_CHANNEL_NAMES, order.channel, language)}</Descriptions.Item>
              <Descriptions.Item label={t.bonusBeans}>{order.bonus_beans}</Descriptions.Item>
              <Descriptions.Item label={t.provider}>{order.provider}</Descriptions.Item>
              <Descriptions.Item label={t.orderedAt}>{dateTime(order.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t.paidAt}>{order.paid_at ? dateTime(order.paid_at) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t.tradeNo} span="filled">
                {order.trade_no ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t.notifyCount}>{order.notify_count}</Descriptions.Item>
              <Descriptions.Item label={t.mismatch}>{order.mismatch ? <Typography.Text type="danger">{order.mismatch}</Typography.Text> : '—'}</Descriptions.Item>
            </DetailList>
            <RecordEntries entries={details.data?.entries ?? []} emptyText={t.noEntries} />
          </Space>
        )
      )}
    </ConfirmCloseDrawer>
  );
}
