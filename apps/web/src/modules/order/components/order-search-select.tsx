import { orderCalls } from '@juqi/contract';
import { SearchSelect, type SearchSelectProps } from '../../../components/search-select';
import { useMessages } from '../../../lib/i18n';
import { orderMessages } from '../messages';

type ChoiceProps<C extends typeof orderCalls.orderAgencies | typeof orderCalls.orderCustomers> = Omit<SearchSelectProps<C>, 'call' | 'optionLabel' | 'placeholder'>;

/** An active agency, searched by name or mobile: `张三代理 · 139…`. */
export function OrderAgencySelect(props: ChoiceProps<typeof orderCalls.orderAgencies>) {
  const t = useMessages(orderMessages);
  return <SearchSelect {...props} call={orderCalls.orderAgencies} placeholder={t.agencySearch} optionLabel={(a) => `${a.name} · ${a.mobile}`} />;
}

/**
 * A customer, searched by 客户名称 (of the agency in `scope`, when given): `杭州星河餐饮有限公司 · 张三代理`, marked
 * 未开通账号 when it has no app account to pay from.
 */
export function OrderCustomerSelect(props: ChoiceProps<typeof orderCalls.orderCustomers>) {
  const t = useMessages(orderMessages);
  return (
    <SearchSelect
      {...props}
      call={orderCalls.orderCustomers}
      placeholder={props.disabled ? t.customerAfterAgency : t.customerSearch}
      optionLabel={(c) => [c.customer_name, c.agency_name, ...(c.has_account ? [] : [t.noAccount])].join(' · ')}
    />
  );
}
