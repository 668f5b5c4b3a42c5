import { personnelCalls, STAFF_REASON_MAX, type StaffRow, type StaffStatusInput } from '@juqi/contract';
import { Alert, App, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallMutation } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { todayIn, useTimeZone } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { STAFF_READS } from '../api/keys';
import { personnelMessages } from '../messages';
import { sharedTargets, statusName } from './vocabulary';

const DAY = 'YYYY-MM-DD';

interface StatusValues {
  status: StaffStatusInput['status'];
  reason?: string;
  leaving_date?: Dayjs;
}

/**
 * 变更状态 for the selected rows: only a state every one of them may move to is offered (the server moves all or
 * none), with an optional reason kept in each record's history. A resignation asks for the leaving date, today (the
 * platform's zone) or later: on that day the records become resigned.
 */
export function StatusModal({ rows, onDone, onClose }: { rows: StaffRow[]; onDone: () => void; onClose: () => void }) {
  const t = useMessages(personnelMessages);
  const language = usePreferences((s) => s.language);
  const today = todayIn(useTimeZone());
  const { message } = App.useApp();
  const [form] = Form.useForm<StatusValues>();
  const target = Form.useWatch('status', form);
  const change = useCallMutation(personnelCalls.status, STAFF_READS);
  const current = [...new Set(rows.map((row) => row.status))];
  const targets = sharedTargets(current);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await change.mutateAsync({
        ids: rows.map((row) => row.id),
        status: values.status,
        reason: values.reason?.trim() || undefined,
        leaving_date: values.status === 'resigning' ? values.leaving_date?.format(DAY) : undefined,
      });
      void message.success(format(t.statusDone, { count: rows.length }));
      onDone();
    } catch (error) {
      // Also shown by the API client (40000 naming status when a record moved meanwhile).
      showOnField(form, error, ['status', 'leaving_date', 'reason']);
    }
  };

  return (
    <Modal
      open
      title={format(t.statusTitle, { count: rows.length })}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: targets.length === 0 }}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      {targets.length === 0 ? (
        <Alert type="warning" showIcon title={format(t.statusNone, { statuses: current.map((status) => statusName(status, language)).join('、') })} />
      ) : (
        <Form<StatusValues> form={form} layout="vertical" name="staff-status" initialValues={{ status: targets[0] }}>
          <Form.Item name="status" label={t.targetStatus} rules={[{ required: true }]}>
            <Select options={targets.map((status) => ({ value: status, label: statusName(status, language) }))} />
          </Form.Item>
          {target === 'resigning' && (
            <Form.Item name="leaving_date" label={t.leavingDate} extra={t.leavingDateHint} rules={[{ required: true, message: t.leavingDateRequired }]}>
              <DatePicker className="staff-form__date" disabledDate={(day) => day.format(DAY) < today} />
            </Form.Item>
          )}
          <Form.Item name="reason" label={t.reasonOptional} rules={[{ max: STAFF_REASON_MAX }]}>
            <Input.TextArea maxLength={STAFF_REASON_MAX} showCount autoSize={{ minRows: 2 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
