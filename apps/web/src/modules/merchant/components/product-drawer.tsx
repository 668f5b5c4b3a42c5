import { DeleteOutlined } from '@ant-design/icons';
import { productCalls } from '@juqi/contract';
import { Button, Descriptions, Flex, Spin } from 'antd';
import { useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { ConfirmedActionButton } from '../../../components/delete-button';
import { DetailList } from '../../../components/detail-list';
import { FieldValues } from '../../../components/fields';
import { QueryFailure } from '../../../components/query-failure';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { merchantMessages } from '../messages';
import { PRODUCT_READS, ProductFormModal, useProductFields } from './product-form-modal';

/** A product in full (`/merchant/product?id=`): its customer, agency and 产品信息设置's values; 编辑 and 删除 for staff who may. */
export function ProductDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(merchantMessages);
  const can = useCan();
  const dateTime = useDateTime();
  const details = useCallQuery(productCalls.productDetails, { id });
  const fields = useProductFields();
  const remove = useCallMutation(productCalls.productDel, PRODUCT_READS);
  const [editing, setEditing] = useState(false);
  const product = details.data;
  const actions = product && can('merchant.product.edit') && (
    <Flex justify="flex-end" gap={8} align="center">
      <ConfirmedActionButton
        confirm={format(t.productRemoveConfirm, { name: product.product_name })}
        label={t.remove}
        icon={<DeleteOutlined aria-hidden />}
        done={t.productRemoved}
        onConfirm={async () => {
          await remove.mutateAsync({ id });
          onClose();
        }}
      />
      <Button type="primary" onClick={() => setEditing(true)}>
        {t.edit}
      </Button>
    </Flex>
  );
  return (
    <ConfirmCloseDrawer open size={640} title={product?.product_name ?? t.productName} onClose={onClose} footer={actions}>
      {details.isError && !product ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : !product || !fields.data ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <DetailList size="small" bordered column={2}>
            <Descriptions.Item label={t.customer}>{product.customer_name}</Descriptions.Item>
            <Descriptions.Item label={t.agency}>{product.agency_name}</Descriptions.Item>
            <Descriptions.Item label={t.createdAt}>{dateTime(product.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t.updatedAt}>{dateTime(product.updated_at)}</Descriptions.Item>
          </DetailList>
          <FieldValues bordered definitions={fields.data.filter((d) => !d.hidden)} values={product.extra} />
        </Flex>
      )}
      {product && editing && <ProductFormModal product={product} onClose={() => setEditing(false)} />}
    </ConfirmCloseDrawer>
  );
}
