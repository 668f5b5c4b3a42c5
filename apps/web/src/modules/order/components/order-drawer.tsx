import {
  ACCOUNT_KINDS,
  codeName,
  COMMISSION_STATE_NAMES,
  ORDER_ACTION_NAMES,
  ORDER_PAY_BY_NAMES,
  ORDER_SOURCE_NAMES,
  ORDER_STATE_NAMES,
  orderCalls,
  percentText,
  TRANSFER_KINDS,
  yuanText,
  type HistoryEntry,
  type OrderDetails,
  type OrderEvent,
  type OrderPosting,
  type TransferState,
} from '@juqi/contract';
import { Descriptions, Empty, Flex, Spin, Table, Tabs, Tag } from 'antd';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { FieldValues } from '../../../components/fields';
import { HistoryTimeline } from '../../../components/history-timeline';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { orderMessages } from '../messages';
import { OrderActions, useOrderMoves } from './order-actions';
import { OrderStateTag } from './order-state-tag';

/**
 * An order in full (`/agencyorder_center/index?order=`): the package bought as it was then, its money and times, the
 * agency's commission, its history and every posting its money made; in the footer, the moves its state and the
 * staff's operations allow.
 */
export function OrderDrawer({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const t = useMessages(orderMessages);
  const details = useCallQuery(orderCalls.orderDetails, { order_no: orderNo });
  const order = details.data;
  const moves = useOrderMoves(order);
  return (
    <ConfirmCloseDrawer open size={760} title={`${t.order} ${orderNo}`} onClose={onClose} footer={order && moves.length > 0 && <OrderActions order={order} moves={moves} />}>
      {details.isError && !order ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : !order ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            { key: 'particulars', label: t.particulars, children: <Particulars order={order} /> },
            ...(Object.keys(order.set_values).length > 0 ? [{ key: 'set-values', label: t.setValues, children: <SetValues values={order.set_values} /> }] : []),
            { key: 'commissions', label: t.commissions, children: <Commissions order={order} /> },
            { key: 'history', label: t.history, children: <OrderHistory events={order.events} /> },
            { key: 'postings', label: t.postings, children: <Postings postings={order.postings} /> },
          ]}
        />
      )}
    </ConfirmCloseDrawer>
  );
}

function Particulars({ order }: { order: OrderDetails }) {
  const t = useMessages(orderMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const time = (instant: string | null) => dateTime(instant) || t.none;
  return (
    <DetailList size="small" bordered column={2}>
      <Descriptions.Item label={t.orderNo}>{order.order_no}</Descriptions.Item>
      <Descriptions.Item label={t.externalNo}>{order.external_no ?? t.none}</Descriptions.Item>
      <Descriptions.Item label={t.state}>
        <OrderStateTag state={order.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t.source}>{codeName(ORDER_SOURCE_NAMES, order.source, language)}</Descriptions.Item>
      <Descriptions.Item label={t.agency}>{`${order.agency_name} · ${order.agency_mobile}`}</Descriptions.Item>
      <Descriptions.Item label={t.customer}>{order.customer_name}</Descriptions.Item>
      <Descriptions.Item label={t.business}>{order.business_name}</Descriptions.Item>
      <Descriptions.Item label={t.package}>{order.package_name}</Descriptions.Item>
      <Descriptions.Item label={t.price}>{yuanText(order.price)}</Descriptions.Item>
      <Descriptions.Item label={t.durationDays}>{format(t.days, { days: order.duration_days })}</Descriptions.Item>
      <Descriptions.Item label={t.delivery}>
        {order.quota > 0 ? format(t.deliveredOfQuota, { delivered: order.delivered, quota: order.quota }) : format(t.deliveredNoQuota, { delivered: order.delivered })}
      </Descriptions.Item>
      <Descriptions.Item label={t.payBy}>{codeName(ORDER_PAY_BY_NAMES, order.pay_by, language)}</Descriptions.Item>
      <Descriptions.Item label={t.amount}>{yuanText(order.amount)}</Descriptions.Item>
      {/* The discount applies to an order the agency pays; the customer pays the price. */}
      <Descriptions.Item label={t.discount}>{order.pay_by === 'agency' ? percentText(order.discount_bp) : t.none}</Descriptions.Item>
      <Descriptions.Item label={t.commissionRate}>{percentText(order.commission_rate_bp)}</Descriptions.Item>
      <Descriptions.Item label={t.commission}>{yuanText(order.commission)}</Descriptions.Item>
      <Descriptions.Item label={t.refunded}>{yuanText(order.refunded)}</Descriptions.Item>
      <Descriptions.Item label={t.createdAt}>{time(order.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t.paidAt}>{time(order.paid_at)}</Descriptions.Item>
      <Descriptions.Item label={t.startedAt}>{time(order.started_at)}</Descriptions.Item>
      <Descriptions.Item label={t.serviceEndAt}>{time(order.service_end_at)}</Descriptions.Item>
      <Descriptions.Item label={t.endedAt}>{time(order.ended_at)}</Descriptions.Item>
    </DetailList>
  );
}

/** 业务开通表's values as 开始服务 recorded them, drawn by the form's fields (one since removed shows no more). */
function SetValues({ values }: { values: Record<string, unknown> }) {
  const options = useCallQuery(orderCalls.orderOptions, undefined);
  if (options.isError && !options.data) return <QueryFailure compact error={options.error} onRetry={() => void options.refetch()} />;
  if (!options.data) return <Spin />;
  return <FieldValues bordered definitions={options.data.set_form} values={values} />;
}

/** The agency's commission: one, or after a refund inside the window the voided hold and the one on what was kept. */
function Commissions({ order }: { order: OrderDetails }) {
  const t = useMessages(orderMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  if (order.commissions.length === 0) return <Empty description={t.noCommissions} />;
  return (
    <Flex vertical gap={16}>
      {order.commissions.map((c, index) => (
        <DetailList key={index} size="small" bordered column={2}>
          <Descriptions.Item label={t.commission}>{yuanText(c.amount)}</Descriptions.Item>
          <Descriptions.Item label={t.state}>{codeName(COMMISSION_STATE_NAMES, c.state, language)}</Descriptions.Item>
          <Descriptions.Item label={t.commissionBase}>{yuanText(c.base)}</Descriptions.Item>
          <Descriptions.Item label={t.commissionRate}>{percentText(c.rate_bp)}</Descriptions.Item>
          <Descriptions.Item label={t.releaseAt}>{dateTime(c.release_at)}</Descriptions.Item>
          <Descriptions.Item label={t.releasedAt}>{dateTime(c.released_at) || t.none}</Descriptions.Item>
          <Descriptions.Item label={t.clawedBack}>{yuanText(c.clawed_back)}</Descriptions.Item>
          <Descriptions.Item label={t.clawbackDue}>{yuanText(c.clawback_due)}</Descriptions.Item>
        </DetailList>
      ))}
    </Flex>
  );
}

/** The order's moves, oldest first: each with the states it went between, the money it made (units for a delivery), why, who and when. */
function OrderHistory({ events }: { events: readonly OrderEvent[] }) {
  const t = useMessages(orderMessages);
  const language = usePreferences((s) => s.language);
  const stateName = (state: OrderEvent['to_state']) => codeName(ORDER_STATE_NAMES, state, language);
  const entries = events.map(
    (e): HistoryEntry => ({
      at: e.at,
      staff_name: e.by,
      action: e.action,
      from: null,
      to: null,
      reason: e.reason || null,
      subject: [
        e.from_state ? `${stateName(e.from_state)} → ${stateName(e.to_state)}` : stateName(e.to_state),
        e.amount === null ? null : e.action === 'deliver' ? format(t.units, { n: e.amount }) : yuanText(e.amount),
      ]
        .filter(Boolean)
        .join(' · '),
    }),
  );
  return <HistoryTimeline entries={entries} empty={t.noHistory} actionName={(action) => codeName(ORDER_ACTION_NAMES, action, language)} />;
}

/** What became of a pending posting: its transfer still held, posted (released), or voided. */
const PENDING_TAGS: Record<TransferState, { color: string; text: 'pendingHeld' | 'pendingPosted' | 'pendingVoided' }> = {
  pending: { color: 'warning', text: 'pendingHeld' },
  posted: { color: 'success', text: 'pendingPosted' },
  voided: { color: 'default', text: 'pendingVoided' },
};

/** Every movement the order's transfers made: the transfer, its kind, the account and its owner, the signed amount. */
function Postings({ postings }: { postings: readonly OrderPosting[] }) {
  const t = useMessages(orderMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  return (
    <Table<OrderPosting & { key: number }>
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      // A hold and the transfer posting it move the same amount between the same accounts: keyed by place.
      dataSource={postings.map((posting, index) => ({ ...posting, key: index }))}
      locale={{ emptyText: t.noPostings }}
      columns={[
        { key: 'transfer', title: t.transfer, render: (_, p) => `#${p.transfer_id}` },
        { key: 'kind', title: t.transferKind, render: (_, p) => TRANSFER_KINDS[p.kind].label[language] },
        { key: 'account', title: t.account, render: (_, p) => ACCOUNT_KINDS[p.account_kind].label[language] },
        { key: 'owner', title: t.owner, render: (_, p) => (ACCOUNT_KINDS[p.account_kind].owner === 'platform' ? t.none : `#${p.owner_id}`) },
        {
          key: 'amount',
          title: t.amount,
          align: 'right',
          render: (_, p) => (
            <Flex gap={4} justify="flex-end">
              {p.pending && <Tag color={PENDING_TAGS[p.state].color}>{t[PENDING_TAGS[p.state].text]}</Tag>}
              {yuanText(p.amount)}
            </Flex>
          ),
        },
        { key: 'at', title: t.time, render: (_, p) => dateTime(p.at) },
      ]}
    />
  );
}
