import {
  codeName,
  LOGIN_PLATFORM_NAMES,
  LOGIN_RESULT_NAMES,
  merchantCalls,
  ORDER_IMPORT_MAX_BYTES,
  ORDER_IMPORT_MAX_ROWS,
  COMMISSION_STATE_NAMES,
  ORDER_ACTION_NAMES,
  ORDER_STATE_NAMES,
  orderCalls,
  percentText,
  PAY_CHANNEL_NAMES,
  TOP_UP_STATE_NAMES,
  topUpRecordCalls,
  userCalls,
  yuanText,
  type CallData,
  type CommissionRecord,
  type LoginRecord,
  type OrderReturn,
  type MerchantRow,
  type OrderRow,
  type TopUpRecord,
} from '@juqi/contract';
import { Alert, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryFailure } from '../../../components/query-failure';
import { WorkbookImport } from '../../../components/workbook-import';
import { CellMuted } from '../../../components/table-cells';
import { callKey, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { agencyMessages } from '../messages';

/** How many of an agency's newest records a tab shows; the full list, filtered by the agency, is a link away. */
const SHOWN = 20;

/**
 * A tab's table of an agency's newest records, with how many there are, what they add up to (`totals`) and a link to all
 * of them where a screen lists them all.
 */
function NewestRecords<R extends object, D extends { count?: number; data: R[] } = { count?: number; data: R[] }>(props: {
  query: { isError: boolean; error: Error | null; isPending: boolean; data?: D; refetch: () => unknown };
  rowKey: keyof R & string;
  columns: TableColumnsType<R>;
  all?: { to: string; label?: string };
  totals?: (data: D) => ReactNode;
}) {
  const t = useMessages(agencyMessages);
  const { query } = props;
  if (query.isError && !query.data) return <QueryFailure compact error={query.error!} onRetry={() => void query.refetch()} />;
  const count = query.data?.count;
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text type="secondary">
          {count === undefined ? '' : count > SHOWN ? format(t.recordCountNewest, { count, shown: SHOWN }) : format(t.recordCount, { count })}
          {query.data && props.totals ? <> · {props.totals(query.data)}</> : null}
        </Typography.Text>
        {props.all && <Link to={props.all.to}>{props.all.label ?? t.allRecords}</Link>}
      </Flex>
      <Table<R> size="small" rowKey={props.rowKey} loading={query.isPending} dataSource={query.data?.data.slice(0, SHOWN)} columns={props.columns} pagination={false} scroll={{ x: 'max-content' }} />
    </Flex>
  );
}

/** The agency's customers (the view path "clients"), newest first; 客户信息管理 filtered by the agency holds them all. */
export function AgencyCustomers({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const dateTime = useDateTime();
  const query = useCallQuery(merchantCalls.merchantList, { agency_id: agencyId, limit: SHOWN });
  return (
    <NewestRecords<MerchantRow>
      query={query}
      rowKey="id"
      all={{ to: `/merchant/info?agency_id=${agencyId}` }}
      columns={[
        { key: 'name', title: t.customerName, render: (_, r) => <Link to={`/merchant/info?id=${r.id}`}>{r.customer_name}</Link> },
        { key: 'created_at', title: t.addedAt, render: (_, r) => dateTime(r.created_at) },
      ]}
    />
  );
}

/** The orders the agency sold, newest first; 订单中心 filtered by the agency holds them all, each opening there. */
export function AgencyOrders({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const query = useCallQuery(orderCalls.orderList, { agency_id: agencyId, limit: SHOWN });
  return (
    <NewestRecords<OrderRow>
      query={query}
      rowKey="order_no"
      all={{ to: `/agencyorder_center/index?agency_id=${agencyId}` }}
      columns={[
        { key: 'order_no', title: t.orderNo, render: (_, r) => <Link to={`/agencyorder_center/index?order=${r.order_no}`}>{r.order_no}</Link> },
        { key: 'package', title: t.businessPackage, render: (_, r) => `${r.business_name} · ${r.package_name}` },
        { key: 'customer', title: t.customer, render: (_, r) => r.customer_name },
        { key: 'amount', title: t.amount, align: 'right', render: (_, r) => yuanText(r.amount) },
        { key: 'state', title: t.status, render: (_, r) => codeName(ORDER_STATE_NAMES, r.state, language) },
        { key: 'created_at', title: t.placedAt, render: (_, r) => dateTime(r.created_at) },
      ]}
    />
  );
}

/**
 * 收益 (the view path "earnings record", docs/marketplace.md › The agency's earnings): the agency's commissions, newest
 * first, with what is held till its window closes, released, clawed back and still due; its cash's lines are in
 * 用户收益记录, a link away for staff who read it.
 */
export function AgencyEarnings({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const query = useCallQuery(orderCalls.commissionList, { agency_id: agencyId, page: 1, limit: SHOWN });
  return (
    <Flex vertical gap={8}>
      {query.data && query.data.clawback_due > 0 && <Alert type="warning" showIcon title={format(t.clawbackDue, { due: yuanText(query.data.clawback_due) })} />}
      <NewestRecords<CommissionRecord, CallData<typeof orderCalls.commissionList>>
        query={query}
        rowKey="id"
        all={can('finance.earnings.view') ? { to: `/finance/user_earnings?user_id=${agencyId}`, label: t.earningsBook } : undefined}
        totals={(data) => format(t.earningTotals, { held: yuanText(data.held), released: yuanText(data.released), clawedBack: yuanText(data.clawed_back) })}
        columns={[
          { key: 'order_no', title: t.orderNo, render: (_, r) => <Link to={`/agencyorder_center/index?order=${r.order_no}`}>{r.order_no}</Link> },
          { key: 'package', title: t.businessPackage, render: (_, r) => `${r.business_name} · ${r.package_name}` },
          { key: 'base', title: t.commissionBase, align: 'right', render: (_, r) => yuanText(r.base) },
          { key: 'rate', title: t.commissionRate, align: 'right', render: (_, r) => percentText(r.rate_bp) },
          { key: 'amount', title: t.commission, align: 'right', render: (_, r) => yuanText(r.amount) },
          { key: 'state', title: t.status, render: (_, r) => codeName(COMMISSION_STATE_NAMES, r.state, language) },
          { key: 'clawed_back', title: t.clawedBack, align: 'right', render: (_, r) => (r.clawed_back ? yuanText(-r.clawed_back) : <CellMuted>{t.none}</CellMuted>) },
          { key: 'release_at', title: t.releaseAt, render: (_, r) => dateTime(r.released_at ?? r.release_at) },
        ]}
      />
    </Flex>
  );
}

/** 退单 (the view path "cancel order"): the cancellations and refunds of the agency's orders, newest first, each with its reason. */
export function AgencyReturns({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const query = useCallQuery(orderCalls.returnList, { agency_id: agencyId, page: 1, limit: SHOWN });
  return (
    <NewestRecords<OrderReturn, CallData<typeof orderCalls.returnList>>
      query={query}
      rowKey="id"
      totals={(data) => format(t.returnTotals, { sum: yuanText(data.sum_amount) })}
      columns={[
        { key: 'order_no', title: t.orderNo, render: (_, r) => <Link to={`/agencyorder_center/index?order=${r.order_no}`}>{r.order_no}</Link> },
        { key: 'package', title: t.businessPackage, render: (_, r) => `${r.business_name} · ${r.package_name}` },
        { key: 'customer', title: t.customer, render: (_, r) => r.customer_name },
        { key: 'action', title: t.returnAction, render: (_, r) => codeName(ORDER_ACTION_NAMES, r.action, language) },
        { key: 'amount', title: t.refundAmount, align: 'right', render: (_, r) => yuanText(r.amount) },
        { key: 'reason', title: t.reason, render: (_, r) => r.reason || <CellMuted>{t.none}</CellMuted> },
        { key: 'by', title: t.by, render: (_, r) => r.by },
        { key: 'at', title: t.time, render: (_, r) => dateTime(r.at) },
      ]}
    />
  );
}

/**
 * 导入订单 (the view path "import order", docs/marketplace.md › Order import): the agency's orders from a workbook,
 * awaiting payment; the 订单 tab and 订单中心 read them at once.
 */
export function AgencyOrderImport({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const client = useQueryClient();
  return (
    <WorkbookImport
      call={orderCalls.orderImport}
      template={{ call: orderCalls.orderImportTemplate, fallbackName: 'order-import-template.xlsx' }}
      maxBytes={ORDER_IMPORT_MAX_BYTES}
      fields={{ agency_id: String(agencyId) }}
      hint={format(t.importHint, { rows: ORDER_IMPORT_MAX_ROWS, mb: ORDER_IMPORT_MAX_BYTES / 1024 / 1024 })}
      done={(result) => format(t.importDone, { ...result })}
      onImported={() => void client.invalidateQueries({ queryKey: callKey(orderCalls.orderList) })}
    />
  );
}

/** The agency's top-ups (the view path "recharge record"), newest first. */
export function AgencyTopUps({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const query = useCallQuery(topUpRecordCalls.list, { user_id: agencyId, page: 1, limit: SHOWN });
  return (
    <NewestRecords<TopUpRecord>
      query={query}
      rowKey="order_no"
      all={{ to: `/finance/user_recharge?user_id=${agencyId}` }}
      columns={[
        { key: 'order_no', title: t.orderNo, dataIndex: 'order_no' },
        { key: 'amount', title: t.amount, align: 'right', render: (_, r) => yuanText(r.amount) },
        { key: 'channel', title: t.channel, render: (_, r) => codeName(PAY_CHANNEL_NAMES, r.channel, language) },
        { key: 'state', title: t.status, render: (_, r) => codeName(TOP_UP_STATE_NAMES, r.state, language) },
        { key: 'created_at', title: t.time, render: (_, r) => dateTime(r.created_at) },
      ]}
    />
  );
}

/** The agency's app sign-ins (the view path "login log"), newest first. */
export function AgencySignIns({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const query = useCallQuery(userCalls.loginLogList, { user_id: agencyId, limit: SHOWN });
  return (
    <NewestRecords<LoginRecord>
      query={query}
      rowKey="id"
      all={{ to: `/user/login_log?user_id=${agencyId}` }}
      columns={[
        { key: 'login_at', title: t.time, render: (_, r) => dateTime(r.login_at) },
        { key: 'platform', title: t.platform, render: (_, r) => codeName(LOGIN_PLATFORM_NAMES, r.platform, language) },
        { key: 'result', title: t.result, render: (_, r) => codeName(LOGIN_RESULT_NAMES, r.result, language) },
        { key: 'ip', title: 'IP', render: (_, r) => [r.ip, r.location].filter(Boolean).join(' · ') || <CellMuted>{t.none}</CellMuted> },
      ]}
    />
  );
}
