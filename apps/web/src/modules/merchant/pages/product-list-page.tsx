import { PlusOutlined } from '@ant-design/icons';
import { productCalls, type ProductRow } from '@juqi/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { CellLink, CellMuted } from '../../../components/table-cells';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import type { UrlValues } from '../../../lib/url-state';
import { formColumns } from '../components/form-columns';
import { ProductDrawer } from '../components/product-drawer';
import { ProductFormModal, useProductFields } from '../components/product-form-modal';
import { AgencySelect, CustomerSelect } from '../components/record-search-select';
import { merchantMessages } from '../messages';
import { PRODUCT_URL } from '../product-url';
import '../merchant.css';

/**
 * /merchant/product (产品信息管理, docs/marketplace.md › Customers): every customer's products, newest first, read by
 * keyset as the table scrolls; filtered by 产品名称, customer, agency and days added, all in the URL; the first of
 * 产品信息设置's fields as columns, drawn by their field types; a product opened in a drawer (`?id=`).
 */
export function ProductListPage() {
  const t = useMessages(merchantMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const fields = useProductFields().data;
  const [adding, setAdding] = useState(false);
  return (
    <>
      <RecordsPage
        title={t.productsTitle}
        url={PRODUCT_URL}
        openKey="id"
        list={productCalls.productList}
        paging="keyset"
        totals={(data) => format(t.productCount, { count: data.count })}
        keywordLabel={t.productSearch}
        Filters={ProductFilters}
        tools={
          can('merchant.product.edit') && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              {t.productAdd}
            </Button>
          )
        }
        rowKey="id"
        columns={(open) => [
          { key: 'product_name', title: t.productName, width: 180, fixed: 'left', render: (_, r: ProductRow) => <CellLink onClick={() => open(String(r.id))}>{r.product_name}</CellLink> },
          {
            key: 'customer',
            title: t.customer,
            width: 200,
            render: (_, r: ProductRow) => (
              <>
                <div>{r.customer_name}</div>
                <CellMuted>{r.agency_name}</CellMuted>
              </>
            ),
          },
          ...formColumns<ProductRow>(fields, 'product_name', language),
          { key: 'created_at', title: t.createdAt, width: 150, render: (_, r: ProductRow) => dateTime(r.created_at) },
        ]}
        Details={ProductDetails}
      />
      {adding && <ProductFormModal product={null} onClose={() => setAdding(false)} />}
    </>
  );
}

function ProductDetails({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  return <ProductDrawer id={Number(recordKey)} onClose={onClose} />;
}

/** The filters after the search box: customer, agency and the days added. */
function ProductFilters({ filter, change }: { filter: UrlValues<typeof PRODUCT_URL>; change: (patch: UrlValues<typeof PRODUCT_URL>) => void }) {
  const t = useMessages(merchantMessages);
  return (
    <>
      <CustomerSelect label={t.customer} className="merchant-filter" value={filter.merchant_id} onChange={(merchant_id) => change({ merchant_id })} />
      <AgencySelect label={t.agency} className="merchant-filter" value={filter.agency_id} onChange={(agency_id) => change({ agency_id })} />
      <DayRangeFilter label={t.createdDays} value={filter.created} onChange={(created) => change({ created })} />
    </>
  );
}
