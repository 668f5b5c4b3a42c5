import { PlusOutlined } from '@ant-design/icons';
import { codeName, ORDER_PAY_BY_NAMES, ORDER_SOURCE_NAMES, ORDER_STATE_NAMES, orderCalls, yuanText, type NamedCode, type OrderPayBy, type OrderRow, type OrderSource, type OrderState } from '@juqi/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { OptionFilter } from '../../../components/option-filter';
import { AmountRangeFilter } from '../../../components/records/amount-range-filter';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { CellLink, CellMuted } from '../../../components/table-cells';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences, type Language } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { useUrlState, type UrlValues } from '../../../lib/url-state';
import { OrderAddModal } from '../components/order-add-modal';
import { OrderDrawer } from '../components/order-drawer';
import { OrderAgencySelect, OrderCustomerSelect } from '../components/order-search-select';
import { OrderStateTag } from '../components/order-state-tag';
import { orderMessages } from '../messages';
import { useOrderOptions } from '../order-options';
import { ORDER_URL } from '../order-url';
import '../order.css';

type OrderUrl = UrlValues<typeof ORDER_URL>;

/** The URL's filters without the order open in the drawer: what the list, its totals and the export go by. */
const filterOf = ({ order: _open, ...filter }: OrderUrl) => filter;

/** A contract's named codes as a filter's options, in the current language. */
const namedOptions = <V extends string>(names: readonly NamedCode<V>[], language: Language) => names.map((n) => ({ value: n.value, label: n.name[language] }));

/**
 * /agencyorder_center/index (订单中心, docs/marketplace.md › 订单中心): every business's orders, newest first, read by
 * keyset as the table scrolls; filtered by number, state, business and package, agency, customer, region, payer,
 * source, days placed and paid, and amount, all in the URL; above the table the filtered set's count and sums; export
 * of the whole set; an order opened in a drawer (`?order=`) with its history, commission and postings and the moves its
 * state allows; 新增订单 for staff who may.
 */
export function OrderCenterPage() {
  const t = useMessages(orderMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useUrlState(ORDER_URL);
  // The sums come apart from the list (kept 30 s per filter on the server); till they do, the line says the count alone.
  const sums = useCallQuery(orderCalls.orderTotals, filterOf(url)).data;
  return (
    <>
      <RecordsPage
        title={t.title}
        url={ORDER_URL}
        openKey="order"
        list={orderCalls.orderList}
        paging="keyset"
        totals={(answer) =>
          sums
            ? format(t.totals, { count: sums.count, amount: yuanText(sums.amount), refunded: yuanText(sums.refunded), commission: yuanText(sums.commission) })
            : format(t.count, { count: answer.count })
        }
        keywordLabel={t.search}
        Filters={OrderFilters}
        tools={
          can('order.add') && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              {t.add}
            </Button>
          )
        }
        exportAs={{
          operation: 'order.export',
          call: orderCalls.orderExport,
          texts: { title: t.exportTitle, rows: t.exportRows, done: t.exportDone, nothing: t.exportNothing },
          fallbackName: 'orders.xlsx',
        }}
        rowKey="order_no"
        columns={(open) => [
          { key: 'order_no', title: t.orderNo, width: 200, fixed: 'left', render: (_, r: OrderRow) => <CellLink onClick={() => open(r.order_no)}>{r.order_no}</CellLink> },
          { key: 'package', title: t.businessPackage, width: 200, render: (_, r: OrderRow) => `${r.business_name} · ${r.package_name}` },
          { key: 'customer', title: t.customer, width: 180, render: (_, r: OrderRow) => r.customer_name },
          {
            key: 'agency',
            title: t.agency,
            width: 150,
            render: (_, r: OrderRow) => (
              <>
                <div>{r.agency_name}</div>
                <CellMuted>{r.agency_mobile}</CellMuted>
              </>
            ),
          },
          {
            key: 'amount',
            title: t.amount,
            width: 140,
            align: 'right',
            render: (_, r: OrderRow) => (
              <>
                <div>{yuanText(r.amount)}</div>
                {/* An order the agency paid at its discount: what the customer would have paid, for comparison. */}
                {r.pay_by === 'agency' && r.amount !== r.price && <CellMuted>{format(t.listPrice, { price: yuanText(r.price) })}</CellMuted>}
              </>
            ),
          },
          { key: 'pay_by', title: t.payBy, width: 100, render: (_, r: OrderRow) => codeName(ORDER_PAY_BY_NAMES, r.pay_by, language) },
          { key: 'state', title: t.state, width: 90, render: (_, r: OrderRow) => <OrderStateTag state={r.state} /> },
          { key: 'commission', title: t.commission, width: 110, align: 'right', render: (_, r: OrderRow) => (r.commission ? yuanText(r.commission) : <CellMuted>{t.none}</CellMuted>) },
          { key: 'created_at', title: t.createdAt, width: 150, render: (_, r: OrderRow) => dateTime(r.created_at) },
        ]}
        Details={OpenOrder}
      />
      {adding && <OrderAddModal onClose={() => setAdding(false)} onAdded={(order) => setUrl({ order })} />}
    </>
  );
}

function OpenOrder({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  return <OrderDrawer orderNo={recordKey} onClose={onClose} />;
}

/** The filters after the search box; a package is the chosen business's, so changing the business clears it. */
function OrderFilters({ filter, change }: { filter: OrderUrl; change: (patch: OrderUrl) => void }) {
  const t = useMessages(orderMessages);
  const language = usePreferences((s) => s.language);
  const options = useOrderOptions().data;
  const business = options?.businesses.find((b) => b.id === filter.business_id);
  return (
    <>
      <OptionFilter<OrderState> label={t.state} value={filter.state} options={namedOptions(ORDER_STATE_NAMES, language)} onChange={(state) => change({ state })} />
      <OptionFilter<number>
        label={t.business}
        search
        value={filter.business_id}
        options={options?.businesses.map((b) => ({ value: b.id, label: b.name }))}
        onChange={(business_id) => change({ business_id, package_id: undefined })}
      />
      {business && (
        <OptionFilter<number> label={t.package} search value={filter.package_id} options={business.packages.map((p) => ({ value: p.id, label: p.name }))} onChange={(package_id) => change({ package_id })} />
      )}
      <OrderAgencySelect label={t.agency} className="order-filter" value={filter.agency_id} onChange={(agency_id) => change({ agency_id })} />
      <OrderCustomerSelect label={t.customer} className="order-filter" scope={{ agency_id: filter.agency_id }} value={filter.merchant_id} onChange={(merchant_id) => change({ merchant_id })} />
      <OptionFilter<number> label={t.region} value={filter.region_id} options={options?.regions.map((r) => ({ value: r.id, label: r.name }))} onChange={(region_id) => change({ region_id })} />
      <OptionFilter<OrderPayBy> label={t.payBy} value={filter.pay_by} options={namedOptions(ORDER_PAY_BY_NAMES, language)} onChange={(pay_by) => change({ pay_by })} />
      <OptionFilter<OrderSource> label={t.source} value={filter.source} options={namedOptions(ORDER_SOURCE_NAMES, language)} onChange={(source) => change({ source })} />
      <DayRangeFilter label={t.createdDays} value={filter.created} onChange={(created) => change({ created })} />
      <DayRangeFilter label={t.paidDays} value={filter.paid} onChange={(paid) => change({ paid })} />
      <AmountRangeFilter value={filter} onChange={change} />
    </>
  );
}
