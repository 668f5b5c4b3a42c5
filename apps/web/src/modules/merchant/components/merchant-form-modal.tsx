import { merchantCalls, type MerchantRow } from '@juqi/contract';
import { ValuesFormModal } from '../../../components/values-form-modal';
import { useCallMutation } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { useMerchantFields } from '../merchant-fields';
import { merchantMessages } from '../messages';
import { AgencySelect } from './record-search-select';

/** What changes a customer: the list, its details and its history are asked again once a write lands. */
export const MERCHANT_READS = [merchantCalls.merchantList, merchantCalls.merchantDetails, merchantCalls.merchantHistory];

/**
 * Adds a customer to an agency (`customer` null) or edits one: the agency is chosen on adding only (a customer changes
 * agency by 转移); 客户名称 taken shows on its field (该客户已存在).
 */
export function MerchantFormModal({ customer, onClose, onAdded }: { customer: MerchantRow | null; onClose: () => void; onAdded?: (id: number) => void }) {
  const t = useMessages(merchantMessages);
  const add = useCallMutation(merchantCalls.merchantAdd, MERCHANT_READS);
  const edit = useCallMutation(merchantCalls.merchantEdit, MERCHANT_READS);
  return (
    <ValuesFormModal
      title={customer ? `${t.editTitle} · ${customer.customer_name}` : t.add}
      fields={useMerchantFields()}
      choices={customer ? [] : [{ key: 'agency_id', label: t.agency, required: t.agencyRequired, control: <AgencySelect /> }]}
      initial={customer?.extra}
      hint={t.fieldsHint}
      done={customer ? t.saved : t.added}
      save={async (chosen, values) => {
        if (customer) await edit.mutateAsync({ id: customer.id, values });
        else onAdded?.((await add.mutateAsync({ agency_id: chosen.agency_id as number, values })).id);
      }}
      onClose={onClose}
    />
  );
}
