import { ORDER_PAY_BY_NAMES, orderCalls, percentText, yuanText, type OrderPayBy } from '@juqi/contract';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { commonMessages } from '../../../components/messages';
import { useCallQuery } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { orderMessages } from '../messages';
import { useOrderOptions } from '../order-options';
import { useOrderWrite } from '../order-writes';
import { OrderAgencySelect, OrderCustomerSelect } from './order-search-select';

interface Values {
  agency_id?: number;
  merchant_id?: number;
  package_id?: number;
  pay_by: OrderPayBy;
  external_no?: string;
}

/** The fields a refusal may name. */
const FIELDS = ['agency_id', 'merchant_id', 'package_id', 'pay_by', 'external_no'];

/** What the agency pays for a package at its discount, fen: rounded half up, as the server charges it. */
const discounted = (price: number, discountBp: number) => Math.floor((price * discountBp + 5_000) / 10_000);

/**
 * 新增订单: an agency, one of its customers, a package on sale and who pays, with the amount that will be paid. One
 * idempotency key for the dialog: a retry after a lost answer places the order once (a refused attempt keeps nothing
 * under the key, so a corrected form may send it again). Once placed, the order opens (`onAdded`).
 */
export function OrderAddModal({ onClose, onAdded }: { onClose: () => void; onAdded: (orderNo: string) => void }) {
  const t = useMessages(orderMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const add = useOrderWrite(orderCalls.orderAdd);
  const businesses = useOrderOptions().data?.businesses;
  const agencyId = Form.useWatch('agency_id', form);
  const packageId = Form.useWatch('package_id', form);
  const payBy = Form.useWatch('pay_by', form);
  // The agency as its select named it (the same query, kept a minute): its level's rate and discount.
  const agency = useCallQuery(orderCalls.orderAgencies, agencyId === undefined ? null : { ids: [agencyId] }, { staleTime: 60_000 }).data?.[0];
  const price = businesses?.flatMap((b) => b.packages).find((p) => p.id === packageId)?.price;

  const submit = async ({ agency_id, merchant_id, package_id, pay_by, external_no }: Values) => {
    try {
      const order = await add.mutateAsync({ agency_id: agency_id!, merchant_id: merchant_id!, package_id: package_id!, pay_by, external_no: external_no?.trim() || undefined, idempotency_key: idempotencyKey });
      void message.success(t.added);
      onAdded(order.order_no);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS); // The API client has shown why.
    }
  };

  const toPay =
    agency && price !== undefined
      ? payBy === 'agency'
        ? format(t.agencyPays, { amount: yuanText(discounted(price, agency.discount_bp)), price: yuanText(price), discount: percentText(agency.discount_bp) })
        : format(t.customerPays, { amount: yuanText(price), rate: percentText(agency.commission_rate_bp) })
      : undefined;

  return (
    <Modal
      open
      title={t.add}
      okText={common.save}
      cancelText={common.cancel}
      confirmLoading={add.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="order-add"
        initialValues={{ pay_by: 'customer' }}
        // A customer is the agency's: another agency's choice would be refused.
        onValuesChange={(changed: Partial<Values>) => {
          if ('agency_id' in changed) form.setFieldValue('merchant_id', undefined);
        }}
      >
        <Form.Item name="agency_id" label={t.agency} rules={[{ required: true, message: t.agencyRequired }]}>
          <OrderAgencySelect />
        </Form.Item>
        <Form.Item name="merchant_id" label={t.customer} rules={[{ required: true, message: t.customerRequired }]}>
          <OrderCustomerSelect disabled={agencyId === undefined} scope={{ agency_id: agencyId }} />
        </Form.Item>
        <Form.Item name="package_id" label={t.businessPackageLabel} rules={[{ required: true, message: t.packageRequired }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={businesses
              // On sale, and (once the agency is chosen) one it may sell.
              ?.filter((b) => b.enabled && (!agency || agency.business_ids.includes(b.id)))
              .map((b) => ({ label: b.name, title: b.name, options: b.packages.filter((p) => p.enabled).map((p) => ({ value: p.id, label: `${p.name} · ${yuanText(p.price)}` })) }))
              .filter((group) => group.options.length > 0)}
          />
        </Form.Item>
        <Form.Item name="pay_by" label={t.payBy} extra={toPay}>
          <Radio.Group options={ORDER_PAY_BY_NAMES.map((p) => ({ value: p.value, label: p.name[language] }))} />
        </Form.Item>
        <Form.Item name="external_no" label={t.externalNo}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
