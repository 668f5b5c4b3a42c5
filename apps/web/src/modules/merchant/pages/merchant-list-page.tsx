import { PlusOutlined } from '@ant-design/icons';
import { MERCHANT_SOURCE_NAMES, merchantCalls, type MerchantRow, type MerchantSource } from '@juqi/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { OptionFilter } from '../../../components/option-filter';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { CellLink, CellMuted } from '../../../components/table-cells';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import type { UrlValues } from '../../../lib/url-state';
import { useUrlState } from '../../../lib/url-state';
import { formColumns } from '../components/form-columns';
import { AgencySelect } from '../components/record-search-select';
import { MerchantDrawer } from '../components/merchant-drawer';
import { MerchantFormModal } from '../components/merchant-form-modal';
import { useMerchantFields } from '../merchant-fields';
import { MERCHANT_URL } from '../merchant-url';
import { merchantMessages } from '../messages';
import '../merchant.css';

/**
 * /merchant/info (客户信息管理, docs/marketplace.md › Customers): every agency's customers, newest first, read by keyset
 * as the table scrolls; filtered by 客户名称, agency, source and days added, all in the URL; the first of 客户信息设置's
 * fields as columns, drawn by their field types; a customer opened in a drawer (`?id=`); 新增客户 for staff who may.
 */
export function MerchantListPage() {
  const t = useMessages(merchantMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const fields = useMerchantFields().data;
  const [adding, setAdding] = useState(false);
  const [, setUrl] = useUrlState(MERCHANT_URL);
  return (
    <>
      <RecordsPage
        title={t.title}
        url={MERCHANT_URL}
        openKey="id"
        list={merchantCalls.merchantList}
        paging="keyset"
        totals={(data) => format(t.count, { count: data.count })}
        keywordLabel={t.search}
        Filters={MerchantFilters}
        tools={
          can('merchant.edit') && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              {t.add}
            </Button>
          )
        }
        rowKey="id"
        columns={(open) => [
          {
            key: 'customer_name',
            title: t.customerName,
            width: 200,
            fixed: 'left',
            render: (_, r: MerchantRow) => <CellLink onClick={() => open(String(r.id))}>{r.customer_name}</CellLink>,
          },
          {
            key: 'agency',
            title: t.agency,
            width: 160,
            render: (_, r: MerchantRow) => (
              <>
                <div>{r.agency_name}</div>
                <CellMuted>{r.agency_mobile}</CellMuted>
              </>
            ),
          },
          ...formColumns<MerchantRow>(fields, 'customer_name', language),
          { key: 'source', title: t.source, width: 100, render: (_, r: MerchantRow) => MERCHANT_SOURCE_NAMES.find((s) => s.value === r.source)!.name[language] },
          { key: 'created_at', title: t.createdAt, width: 150, render: (_, r: MerchantRow) => dateTime(r.created_at) },
        ]}
        Details={MerchantDetails}
      />
      {adding && <MerchantFormModal customer={null} onClose={() => setAdding(false)} onAdded={(id) => setUrl({ id })} />}
    </>
  );
}

function MerchantDetails({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  return <MerchantDrawer id={Number(recordKey)} onClose={onClose} />;
}

/** The filters after the search box: agency, source and the days added. */
function MerchantFilters({ filter, change }: { filter: UrlValues<typeof MERCHANT_URL>; change: (patch: UrlValues<typeof MERCHANT_URL>) => void }) {
  const t = useMessages(merchantMessages);
  const language = usePreferences((s) => s.language);
  return (
    <>
      <AgencySelect label={t.agency} className="merchant-filter" value={filter.agency_id} onChange={(agency_id) => change({ agency_id })} />
      <OptionFilter<MerchantSource>
        label={t.source}
        value={filter.source}
        options={MERCHANT_SOURCE_NAMES.map((s) => ({ value: s.value, label: s.name[language] }))}
        onChange={(source) => change({ source })}
      />
      <DayRangeFilter label={t.createdDays} value={filter.created} onChange={(created) => change({ created })} />
    </>
  );
}
