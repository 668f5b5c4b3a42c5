import { productCalls, type ProductRow } from '@juqi/contract';
import { ValuesFormModal } from '../../../components/values-form-modal';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { merchantMessages } from '../messages';
import { CustomerSelect } from './record-search-select';

/** What changes a product: the products' lists and its details are asked again once a write lands. */
export const PRODUCT_READS = [productCalls.productList, productCalls.productDetails];

/** 产品信息设置's fields, which draw and edit every product's values; asked once a minute at most. */
export const useProductFields = () => useCallQuery(productCalls.productFields, undefined, { staleTime: 60_000 });

/**
 * Adds a product (`product` null) to a customer — `merchantId` when added from the customer's drawer, else chosen — or
 * edits one.
 */
export function ProductFormModal({ product, merchantId, onClose }: { product: ProductRow | null; merchantId?: number; onClose: () => void }) {
  const t = useMessages(merchantMessages);
  const add = useCallMutation(productCalls.productAdd, PRODUCT_READS);
  const edit = useCallMutation(productCalls.productEdit, PRODUCT_READS);
  return (
    <ValuesFormModal
      title={product ? `${t.productEditTitle} · ${product.product_name}` : t.productAdd}
      fields={useProductFields()}
      choices={product || merchantId !== undefined ? [] : [{ key: 'merchant_id', label: t.customer, required: t.customerRequired, control: <CustomerSelect /> }]}
      initial={product?.extra}
      hint={t.productFieldsHint}
      done={product ? t.saved : t.productAdded}
      save={async (chosen, values) => {
        if (product) await edit.mutateAsync({ id: product.id, values });
        else await add.mutateAsync({ merchant_id: merchantId ?? (chosen.merchant_id as number), values });
      }}
      onClose={onClose}
    />
  );
}
