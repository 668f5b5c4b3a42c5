import { DeleteOutlined } from '@ant-design/icons';
import { codeName, MERCHANT_REASON_MAX, MERCHANT_SOURCE_NAMES, merchantCalls, type MerchantRow } from '@juqi/contract';
import { Button, Descriptions, Flex, Form, Input, Modal, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { ConfirmedActionButton } from '../../../components/delete-button';
import { DetailList } from '../../../components/detail-list';
import { HistoryTimeline } from '../../../components/history-timeline';
import { FieldValues } from '../../../components/fields';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { useToldWrite } from '../../../components/use-told-write';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { useMerchantFields } from '../merchant-fields';
import { merchantMessages } from '../messages';
import { CustomerProducts } from './customer-products';
import { AgencySelect } from './record-search-select';
import { MERCHANT_READS, MerchantFormModal } from './merchant-form-modal';

/**
 * A customer in full (`/merchant/info?id=`): its agency and 客户信息设置's values, its products and its history; in the
 * footer, for staff holding the operations, 编辑, 转移 and 删除. Closing asks to confirm, as every drawer does (§5).
 */
export function MerchantDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(merchantMessages);
  const can = useCan();
  const details = useCallQuery(merchantCalls.merchantDetails, { id });
  const [changing, setChanging] = useState<'edit' | 'transfer' | null>(null);
  const customer = details.data;
  const remove = useCallMutation(merchantCalls.merchantDel, MERCHANT_READS);
  const actions = customer && (
    <Flex justify="flex-end" gap={8} align="center">
      {can('merchant.edit') && (
        <ConfirmedActionButton
          confirm={format(t.removeConfirm, { name: customer.customer_name })}
          label={t.remove}
          icon={<DeleteOutlined aria-hidden />}
          done={t.removed}
          onConfirm={async () => {
            await remove.mutateAsync({ id });
            onClose();
          }}
        />
      )}
      {can('merchant.transfer') && <Button onClick={() => setChanging('transfer')}>{t.transfer}</Button>}
      {can('merchant.edit') && (
        <Button type="primary" onClick={() => setChanging('edit')}>
          {t.edit}
        </Button>
      )}
    </Flex>
  );
  return (
    <ConfirmCloseDrawer open size={720} title={customer?.customer_name ?? t.customer} onClose={onClose} footer={actions}>
      {details.isError && !customer ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : !customer ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            { key: 'particulars', label: t.particulars, children: <Particulars customer={customer} /> },
            ...(can('merchant.product.view') ? [{ key: 'products', label: t.products, children: <CustomerProducts merchantId={customer.id} /> }] : []),
            { key: 'history', label: t.history, children: <MerchantHistory id={id} /> },
          ]}
        />
      )}
      {customer && changing === 'edit' && <MerchantFormModal customer={customer} onClose={() => setChanging(null)} />}
      {customer && changing === 'transfer' && <TransferDialog customer={customer} onClose={() => setChanging(null)} />}
    </ConfirmCloseDrawer>
  );
}

function Particulars({ customer }: { customer: MerchantRow }) {
  const t = useMessages(merchantMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const fields = useMerchantFields();
  return (
    <Flex vertical gap={16}>
      <DetailList size="small" bordered column={2}>
        <Descriptions.Item label={t.agency}>{`${customer.agency_name} · ${customer.agency_mobile}`}</Descriptions.Item>
        <Descriptions.Item label={t.source}>{codeName(MERCHANT_SOURCE_NAMES, customer.source, language)}</Descriptions.Item>
        <Descriptions.Item label={t.createdAt}>{dateTime(customer.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t.updatedAt}>{dateTime(customer.updated_at)}</Descriptions.Item>
      </DetailList>
      {fields.data ? <FieldValues bordered definitions={fields.data.filter((d) => !d.hidden)} values={customer.extra} /> : <Spin />}
    </Flex>
  );
}

/** The customer's addition, edits and transfers, oldest first, with who made them and why. */
function MerchantHistory({ id }: { id: number }) {
  const t = useMessages(merchantMessages);
  const history = useCallQuery(merchantCalls.merchantHistory, { id });
  const actionName: Record<string, string> = { add: t.historyAdd, edit: t.historyEdit, transfer: t.historyTransfer };
  if (history.isError) return <QueryFailure compact error={history.error} onRetry={() => void history.refetch()} />;
  if (history.isPending) return <Spin />;
  return <HistoryTimeline entries={history.data} empty={t.noHistory} actionName={(action) => actionName[action] ?? action} />;
}

/** 转移: another active agency and a reason. */
function TransferDialog({ customer, onClose }: { customer: MerchantRow; onClose: () => void }) {
  const t = useMessages(merchantMessages);
  const common = useMessages(commonMessages);
  const told = useToldWrite();
  const [form] = Form.useForm<{ agency_id: number; reason: string }>();
  const transfer = useCallMutation(merchantCalls.merchantTransfer, MERCHANT_READS);
  const submit = async ({ agency_id, reason }: { agency_id: number; reason: string }) => {
    if (await told(() => transfer.mutateAsync({ id: customer.id, agency_id, reason: reason.trim() }), t.transferred)) onClose();
  };
  return (
    <Modal
      open
      title={`${t.transferTitle} · ${customer.customer_name}`}
      okText={t.transfer}
      cancelText={common.cancel}
      confirmLoading={transfer.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="merchant-transfer">
        <Typography.Paragraph type="secondary">{t.transferHint}</Typography.Paragraph>
        <Form.Item label={t.agency}>{`${customer.agency_name} · ${customer.agency_mobile}`}</Form.Item>
        <Form.Item name="agency_id" label={t.transferTo} rules={[{ required: true, message: t.agencyRequired }]}>
          <AgencySelect except={customer.agency_id} />
        </Form.Item>
        <Form.Item name="reason" label={common.actionReason} rules={[{ required: true, whitespace: true, message: common.actionReasonRequired }]}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={MERCHANT_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
