import { ThunderboltOutlined } from '@ant-design/icons';
import { publishingCalls, SMART_ACCOUNTS_MAX, SMART_DAYS_MAX, SMART_MATERIALS_MAX, type CallData } from '@juqi/contract';
import { Alert, App, Button, DatePicker, Form, InputNumber, Modal, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { commonMessages } from '../../../components/messages';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useCallMutation } from '../../../lib/call-hooks';
import { pickedInstant, useDateTime, useTimeZone } from '../../../lib/date-time';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { ApprovedMaterials, EnabledAccounts, PUBLICATIONS_CHANGED } from '../components/publish-choices';
import { publishingMessages } from '../messages';

type PlanValues = { material_ids: number[]; account_ids: number[]; from?: Dayjs | null; days: number };
type Plan = CallData<typeof publishingCalls.smartPlan>;

/**
 * 智能发布: the materials and accounts chosen, 生成计划 shows where and when each would be published (and what did not
 * fit, with why) without keeping anything; 确认发布 schedules that plan, which the server checks again. Changing a
 * choice sets the plan aside.
 */
export function SmartPublishButton() {
  const t = useMessages(publishingMessages);
  const c = useMessages(commonMessages);
  const { message } = App.useApp();
  const zone = useTimeZone();
  const dateTime = useDateTime();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [form] = Form.useForm<PlanValues>();
  const makePlan = useCallMutation(publishingCalls.smartPlan, []);
  const confirm = useCallMutation(publishingCalls.smartPublish, PUBLICATIONS_CHANGED);
  const close = () => {
    setOpen(false);
    setPlan(null);
  };
  const planIt = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      setPlan(
        await makePlan.mutateAsync({
          material_ids: values.material_ids,
          account_ids: values.account_ids,
          days: values.days,
          ...(values.from && { from: pickedInstant(values.from.format('YYYY-MM-DD HH:mm'), zone) }),
        }),
      );
    } catch (error) {
      showOnField(form, error, ['material_ids', 'account_ids', 'from', 'days']);
    }
  };
  const publish = async () => {
    if (!plan) return;
    try {
      const { ids } = await confirm.mutateAsync({ entries: plan.entries.map(({ material_id, account_id, at }) => ({ material_id, account_id, at })) });
      void message.success(format(t.scheduledCount, { count: ids.length }));
      close();
    } catch {
      // The toast says what changed; the plan is made again from what the accounts hold now.
      setPlan(null);
    }
  };
  const reasons = { repeated: t.reasonRepeated, no_slot: t.reasonNoSlot };
  return (
    <>
      <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setOpen(true)}>
        {t.publishSmart}
      </Button>
      <Modal
        open={open}
        width={880}
        title={t.smartPlanTitle}
        onCancel={close}
        destroyOnHidden
        footer={
          <Space wrap>
            <Button onClick={close}>{c.cancel}</Button>
            <Button loading={makePlan.isPending} type={plan ? 'default' : 'primary'} onClick={() => void planIt()}>
              {t.makePlan}
            </Button>
            {plan && (
              <Button type="primary" disabled={plan.entries.length === 0} loading={confirm.isPending} onClick={() => void publish()}>
                {format(t.confirmPlan, { count: plan.entries.length })}
              </Button>
            )}
          </Space>
        }
      >
        <Form<PlanValues> form={form} layout="vertical" name="publishing-smart-form" preserve={false} initialValues={{ days: 7 }} onValuesChange={() => setPlan(null)}>
          <Form.Item name="material_ids" label={t.materials} extra={t.smartMaterialsHint} rules={[{ required: true, type: 'array', min: 1, message: t.smartMaterialsHint }]}>
            <ApprovedMaterials max={SMART_MATERIALS_MAX} />
          </Form.Item>
          <Form.Item name="account_ids" label={t.accounts} extra={t.accountsHint} rules={[{ required: true, type: 'array', min: 1, message: t.accountsHint }]}>
            <EnabledAccounts max={SMART_ACCOUNTS_MAX} />
          </Form.Item>
          <Space wrap align="start" size={16}>
            <Form.Item
              name="from"
              label={t.from}
              extra={
                <>
                  {t.fromHint} <TimeZoneNote />
                </>
              }
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item name="days" label={t.days} rules={[{ required: true, message: t.days }]}>
              <InputNumber min={1} max={SMART_DAYS_MAX} precision={0} />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary">{t.daysHint}</Typography.Paragraph>
        </Form>
        {plan && (
          <Space orientation="vertical" size={12} className="publishing-plan">
            {plan.entries.length ? (
              <Alert type="info" showIcon title={format(t.planSummary, { count: plan.entries.length, from: dateTime(plan.entries[0]!.at), until: dateTime(plan.entries[plan.entries.length - 1]!.at) })} />
            ) : (
              <Alert type="warning" showIcon title={t.planNone} />
            )}
            {plan.entries.length > 0 && (
              <Table
                size="small"
                rowKey="material_id"
                dataSource={plan.entries}
                pagination={plan.entries.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                scroll={{ x: 560 }}
                columns={[
                  { key: 'at', title: t.scheduledAt, width: 150, render: (_, entry) => dateTime(entry.at) },
                  { key: 'account', title: t.account, dataIndex: 'account_name', width: 160, ellipsis: true },
                  { key: 'title', title: t.materials, dataIndex: 'title', ellipsis: true },
                ]}
              />
            )}
            {plan.unplaced.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title={format(t.unplacedTitle, { count: plan.unplaced.length })}
                description={
                  <ul className="publishing-plan__unplaced">
                    {plan.unplaced.map((one) => (
                      <li key={one.material_id}>
                        {one.title}：{reasons[one.reason]}
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
