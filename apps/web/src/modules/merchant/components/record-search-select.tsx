import { merchantCalls, productCalls, type CallBody } from '@juqi/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { merchantMessages } from '../messages';

/** A call answering records to choose by keyword, or the ones of the ids given (to name a choice). */
type SearchCall = typeof merchantCalls.merchantAgencies | typeof productCalls.productCustomers;
type Found<C extends SearchCall> = C extends typeof merchantCalls.merchantAgencies ? { id: number; name: string; mobile: string } : { id: number; customer_name: string; agency_name: string };

interface RecordSearchSelectProps<C extends SearchCall> {
  call: C;
  /** How a record reads among the options (and as the choice). */
  optionLabel: (record: Found<C>) => string;
  placeholder: string;
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  label?: string;
  className?: string;
  /** A record not offered (a customer's own agency, when moving it). */
  except?: number;
}

/** One record chosen by searching (an agency, a customer); the one chosen is named by its id, so a filter or form opened with one shows its name. */
function RecordSearchSelect<C extends SearchCall>(props: RecordSearchSelectProps<C>) {
  const [keyword, setKeyword] = useState('');
  // Both calls take the same body: a keyword, or ids.
  const found = useCallQuery(props.call, { keyword: keyword || undefined } as CallBody<C>);
  const chosen = useCallQuery(props.call, props.value === undefined ? null : ({ ids: [props.value] } as CallBody<C>), { staleTime: 60_000 });
  const records = [...((chosen.data ?? []) as Found<C>[]), ...((found.data ?? []) as Found<C>[]).filter((r) => r.id !== props.value && r.id !== props.except)];
  return (
    <Select<number>
      id={props.id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={props.placeholder}
      popupMatchSelectWidth={false}
      className={props.className}
      prefix={props.label}
      aria-label={props.label}
      loading={found.isFetching}
      value={props.value}
      options={records.map((r) => ({ value: r.id, label: props.optionLabel(r) }))}
      onChange={(value) => props.onChange?.(value ?? undefined)}
    />
  );
}

type ChoiceProps = Omit<RecordSearchSelectProps<SearchCall>, 'call' | 'optionLabel' | 'placeholder'>;

/** An active agency, searched by name or mobile: `张三 · 139…`. */
export function AgencySelect(props: ChoiceProps) {
  const t = useMessages(merchantMessages);
  return <RecordSearchSelect {...props} call={merchantCalls.merchantAgencies} placeholder={t.agencySearch} optionLabel={(a) => `${a.name} · ${a.mobile}`} />;
}

/** A customer, searched by 客户名称: `杭州星河餐饮有限公司 · 张三代理`. */
export function CustomerSelect(props: ChoiceProps) {
  const t = useMessages(merchantMessages);
  return <RecordSearchSelect {...props} call={productCalls.productCustomers} placeholder={t.customerSearch} optionLabel={(c) => `${c.customer_name} · ${c.agency_name}`} />;
}
