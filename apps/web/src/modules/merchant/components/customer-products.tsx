import { PlusOutlined } from '@ant-design/icons';
import { productCalls, type ProductRow } from '@juqi/contract';
import { Button, Empty, Flex, List, Spin } from 'antd';
import { useState } from 'react';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { merchantMessages } from '../messages';
import { FormCell, leadingFields } from './form-columns';
import { ProductFormModal, useProductFields } from './product-form-modal';

/** How many of a customer's products its tab shows; 产品信息管理 filtered by the customer shows them all. */
const SHOWN = 50;

/**
 * A customer's products (the view path "clients and client products"), newest first, each with the first of
 * 产品信息设置's fields; 新增产品 and 编辑 for staff who may.
 */
export function CustomerProducts({ merchantId }: { merchantId: number }) {
  const t = useMessages(merchantMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const products = useCallQuery(productCalls.productList, { merchant_id: merchantId, limit: SHOWN });
  const fields = useProductFields().data;
  const [editing, setEditing] = useState<ProductRow | null | undefined>(undefined);
  const described = leadingFields(fields, 'product_name', 2);
  if (products.isError) return <QueryFailure compact error={products.error} onRetry={() => void products.refetch()} />;
  if (products.isPending) return <Spin />;
  return (
    <Flex vertical gap={8}>
      {can('merchant.product.edit') && (
        <Flex justify="flex-end">
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
            {t.productAdd}
          </Button>
        </Flex>
      )}
      {products.data.data.length === 0 ? (
        <Empty description={t.noProducts} />
      ) : (
        <List
          dataSource={products.data.data}
          rowKey="id"
          renderItem={(product) => (
            <List.Item
              actions={
                can('merchant.product.edit')
                  ? [
                      <Button key="edit" size="small" type="link" onClick={() => setEditing(product)} aria-label={`${t.edit} ${product.product_name}`}>
                        {t.edit}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={product.product_name}
                description={
                  <Flex gap={16} wrap>
                    {described.map((definition) => (
                      <span key={definition.key}>
                        {`${definition.label[language]}：`}
                        <FormCell definition={definition} value={product.extra[definition.key]} />
                      </span>
                    ))}
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
      {editing !== undefined && <ProductFormModal product={editing} merchantId={merchantId} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
