import { merchantCalls, productCalls } from '@juqi/contract';
import { SearchSelect, type SearchSelectProps } from '../../../components/search-select';
import { useMessages } from '../../../lib/i18n';
import { merchantMessages } from '../messages';

type ChoiceProps = Omit<SearchSelectProps<typeof merchantCalls.merchantAgencies>, 'call' | 'optionLabel' | 'placeholder'>;

/** An active agency, searched by name or mobile: `张三 · 139…`. */
export function AgencySelect(props: ChoiceProps) {
  const t = useMessages(merchantMessages);
  return <SearchSelect {...props} call={merchantCalls.merchantAgencies} placeholder={t.agencySearch} optionLabel={(a) => `${a.name} · ${a.mobile}`} />;
}

/** A customer, searched by 客户名称: `杭州星河餐饮有限公司 · 张三代理`. */
export function CustomerSelect(props: ChoiceProps) {
  const t = useMessages(merchantMessages);
  return <SearchSelect {...props} call={productCalls.productCustomers} placeholder={t.customerSearch} optionLabel={(c) => `${c.customer_name} · ${c.agency_name}`} />;
}
