import { fieldTypeOf, mayMove, ORDER_DELIVER_MAX, ORDER_REASON_MAX, orderCalls, yuanText, type OrderDetails, type OrderMove } from '@juqi/contract';
import { App, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { commonMessages } from '../../../components/messages';
import { useToldWrite } from '../../../components/use-told-write';
import { ValuesFormModal } from '../../../components/values-form-modal';
import { useCallQuery } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { orderMessages } from '../messages';
import { isStateMoved, useOrderWrite } from '../order-writes';
import '../order.css';

/** The operation each of staff's moves takes (the states it starts from are the contract's `ORDER_MOVES`); paying is the payer's, in the apps. */
const MOVE_OPERATIONS: Record<OrderMove, string> = {
  start: 'order.start',
  deliver: 'order.deliver',
  complete: 'order.complete',
  cancel: 'order.cancel',
  refund: 'order.refund',
};
const MOVE_ORDER = Object.keys(MOVE_OPERATIONS) as OrderMove[];

/** Units an order in service may still be given: what its quota leaves, or as many as one delivery records without one. */
const unitsLeft = (order: OrderDetails) => (order.quota > 0 ? order.quota - order.delivered : ORDER_DELIVER_MAX);

/**
 * The moves the staff may make on the order now: its state allows them and they hold the operation; a delivery needs
 * units left and a refund money left to give back. Only decides what shows: the server checks each move itself.
 */
export function useOrderMoves(order: OrderDetails | undefined): OrderMove[] {
  const can = useCan();
  if (!order) return [];
  const left: Partial<Record<OrderMove, boolean>> = { deliver: unitsLeft(order) > 0, refund: order.refundable > 0 };
  return MOVE_ORDER.filter((move) => mayMove(move, order.state) && can(MOVE_OPERATIONS[move]) && left[move] !== false);
}

/**
 * The drawer's buttons for the moves allowed (`useOrderMoves`): 开始服务 and 完成 ask in a popover, 交付 asks the units,
 * 取消订单 and 退款 a reason (and 退款 the amount). Each answers the order as it now is, which the drawer shows.
 */
export function OrderActions({ order, moves }: { order: OrderDetails; moves: readonly OrderMove[] }) {
  const t = useMessages(orderMessages);
  const common = useMessages(commonMessages);
  const told = useToldWrite();
  const start = useOrderWrite(orderCalls.orderStart);
  const complete = useOrderWrite(orderCalls.orderComplete);
  const [asking, setAsking] = useState<'start' | 'deliver' | 'cancel' | 'refund' | null>(null);
  // 开始服务 asks 业务开通表's fields when the form has any to fill in; otherwise it only confirms.
  const options = useCallQuery(orderCalls.orderOptions, undefined);
  const setForm = options.data?.set_form.filter((definition) => !definition.hidden && fieldTypeOf(definition.type).holdsValue) ?? [];
  const target = { order_no: order.order_no };
  const close = () => setAsking(null);
  return (
    <Flex justify="flex-end" gap={8} wrap>
      {moves.includes('cancel') && (
        <Button danger onClick={() => setAsking('cancel')}>
          {t.cancel}
        </Button>
      )}
      {moves.includes('refund') && (
        <Button danger onClick={() => setAsking('refund')}>
          {t.refund}
        </Button>
      )}
      {moves.includes('deliver') && <Button onClick={() => setAsking('deliver')}>{t.deliver}</Button>}
      {moves.includes('complete') && (
        <Popconfirm title={t.completeConfirm} okText={t.complete} cancelText={common.cancel} onConfirm={() => told(() => complete.mutateAsync(target), t.completed)}>
          <Button type="primary" loading={complete.isPending}>
            {t.complete}
          </Button>
        </Popconfirm>
      )}
      {moves.includes('start') &&
        (setForm.length > 0 ? (
          <Button type="primary" onClick={() => setAsking('start')}>
            {t.start}
          </Button>
        ) : (
          <Popconfirm title={t.startConfirm} okText={t.start} cancelText={common.cancel} onConfirm={() => told(() => start.mutateAsync(target), t.started)}>
            <Button type="primary" loading={start.isPending}>
              {t.start}
            </Button>
          </Popconfirm>
        ))}
      {asking === 'start' && (
        <ValuesFormModal
          title={`${t.start} · ${order.order_no}`}
          fields={{ data: options.data?.set_form, isError: options.isError, error: options.error, refetch: options.refetch }}
          hint={t.startHint}
          done={t.started}
          save={(_chosen, values) => start.mutateAsync({ ...target, values })}
          onClose={close}
        />
      )}
      {asking === 'deliver' && <DeliverDialog order={order} onClose={close} />}
      {asking === 'cancel' && <CancelDialog order={order} onClose={close} />}
      {asking === 'refund' && <RefundDialog order={order} onClose={close} />}
    </Flex>
  );
}

/**
 * A move that asks something first. What the server refuses shows on the field it names; an order that moved
 * meanwhile (40900 naming `state`) closes the dialog, the drawer showing where it stands now.
 */
function MoveDialog<V extends object>(props: {
  order: OrderDetails;
  title: string;
  okText: string;
  danger?: boolean;
  /** The fields a refusal may name. */
  fields: readonly string[];
  pending: boolean;
  send: (values: V) => Promise<unknown>;
  done: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const common = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const submit = async (values: V) => {
    try {
      await props.send(values);
    } catch (error) {
      if (isStateMoved(error)) props.onClose();
      else showOnField(form, error, props.fields);
      return;
    }
    void message.success(props.done);
    props.onClose();
  };
  return (
    <Modal
      open
      title={`${props.title} · ${props.order.order_no}`}
      okText={props.okText}
      okButtonProps={{ danger: props.danger }}
      cancelText={common.cancel}
      confirmLoading={props.pending}
      onCancel={props.onClose}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="order-move">
        {props.children}
      </Form>
    </Modal>
  );
}

/** The reason a cancellation or a refund is made, which the order's history and the audit keep. */
function ReasonItem() {
  const common = useMessages(commonMessages);
  return (
    <Form.Item name="reason" label={common.actionReason} rules={[{ required: true, whitespace: true, message: common.actionReasonRequired }]}>
      <Input.TextArea autoSize={{ minRows: 3 }} maxLength={ORDER_REASON_MAX} showCount />
    </Form.Item>
  );
}

/** 交付: the units given, no more than the quota leaves. */
function DeliverDialog({ order, onClose }: { order: OrderDetails; onClose: () => void }) {
  const t = useMessages(orderMessages);
  const deliver = useOrderWrite(orderCalls.orderDeliver);
  const left = unitsLeft(order);
  return (
    <MoveDialog<{ n: number }>
      order={order}
      title={t.deliverTitle}
      okText={t.deliver}
      fields={['n']}
      pending={deliver.isPending}
      send={({ n }) => deliver.mutateAsync({ order_no: order.order_no, n })}
      done={t.delivered}
      onClose={onClose}
    >
      <Form.Item name="n" label={t.deliverCount} rules={[{ required: true, message: t.deliverRequired }]} extra={order.quota > 0 ? format(t.deliverLeft, { left }) : undefined}>
        <InputNumber<number> className="order-move__number" min={1} max={left} precision={0} />
      </Form.Item>
    </MoveDialog>
  );
}

/** 取消订单, with a reason; a paid order's whole amount goes back to its payer. */
function CancelDialog({ order, onClose }: { order: OrderDetails; onClose: () => void }) {
  const t = useMessages(orderMessages);
  const cancel = useOrderWrite(orderCalls.orderCancel);
  return (
    <MoveDialog<{ reason: string }>
      order={order}
      title={t.cancel}
      okText={t.cancel}
      danger
      fields={['reason']}
      pending={cancel.isPending}
      send={({ reason }) => cancel.mutateAsync({ order_no: order.order_no, reason: reason.trim() })}
      done={t.cancelled}
      onClose={onClose}
    >
      {order.state === 'paid' && <Typography.Paragraph type="warning">{format(t.cancelPaidHint, { amount: yuanText(order.amount) })}</Typography.Paragraph>}
      <ReasonItem />
    </MoveDialog>
  );
}

/** 退款: an amount in yuan (sent in fen) up to what the refund rule leaves now, and the reason. */
function RefundDialog({ order, onClose }: { order: OrderDetails; onClose: () => void }) {
  const t = useMessages(orderMessages);
  const refund = useOrderWrite(orderCalls.orderRefund);
  const most = yuanText(order.refundable);
  return (
    <MoveDialog<{ amount: number; reason: string }>
      order={order}
      title={t.refund}
      okText={t.refund}
      danger
      fields={['amount', 'reason']}
      pending={refund.isPending}
      send={({ amount, reason }) => refund.mutateAsync({ order_no: order.order_no, amount: Math.round(amount * 100), reason: reason.trim() })}
      done={t.refundDone}
      onClose={onClose}
    >
      <Form.Item
        name="amount"
        label={t.refundAmount}
        extra={format(t.refundMax, { amount: most })}
        rules={[
          { required: true, message: t.refundRequired },
          {
            validator: (_, yuan: number | null) =>
              yuan === null || yuan === undefined || Math.round(yuan * 100) <= order.refundable ? Promise.resolve() : Promise.reject(new Error(format(t.refundTooMuch, { amount: most }))),
          },
        ]}
      >
        {/* No `max`: an amount over the most is refused in words, not silently cut down to it. */}
        <InputNumber<number> className="order-move__number" prefix="¥" min={0.01} precision={2} />
      </Form.Item>
      <ReasonItem />
    </MoveDialog>
  );
}
