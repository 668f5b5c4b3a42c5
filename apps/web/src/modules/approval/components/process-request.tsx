import { ErrorCode, PROCESS_REMARK_MAX, STAFF_POST_MAX, STAFF_TRANSITIONS, type PersonnelApprovalKind, type StaffStatus } from '@juqi/contract';
import { Alert, App, Button, Checkbox, DatePicker, Form, Input, Modal, Select, Spin, Tooltip, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { commonMessages } from '../../../components/messages';
import { ApiError } from '../../../lib/api-errors';
import { todayIn, useTimeZone } from '../../../lib/date-time';
import { departmentOptions } from '../../../lib/department-options';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { useDepartmentTree, useRequestProcess, useResignSettings, useTransferSettings } from '../api';
import { approvalMessages } from '../messages';
import '../approval.css';

const DAY = 'YYYY-MM-DD';
/** Where each process's settings choose its flow, and the operation that may. */
const SETTINGS_OF = {
  resign: { path: '/permission/personnel/resign', operation: 'personnel.resign.edit' },
  transfer: { path: '/permission/personnel/transfer', operation: 'personnel.transfer.edit' },
} as const;
/** A field's rule: something must be chosen, else `text`. */
const required = (text: string) => [{ required: true, message: text }];

/** The staff record a request is about, as its details hold it. */
export interface ProcessSubject {
  id: number;
  name: string;
  status: StaffStatus;
  department_id: number | null;
  post: string | null;
  /** Its requests waiting for approval: one of a kind at a time. */
  pending_requests: { kind: PersonnelApprovalKind }[];
}

type Values = {
  leaving_date?: string;
  reason?: string;
  handover_items?: string[];
  type?: string;
  department_id?: number;
  post?: string;
  effective_date?: string;
  remark?: string;
};


/** A calendar day from the platform's today on (a request's date may not have passed), handed on as `YYYY-MM-DD`. */
function DayPicker({ value, onChange, id }: { value?: string; onChange?: (day: string | undefined) => void; id?: string }) {
  const today = todayIn(useTimeZone());
  return (
    <DatePicker
      id={id}
      value={value ? dayjs(value) : null}
      format={DAY}
      disabledDate={(day) => day.format(DAY) < today}
      onChange={(day: Dayjs | null) => onChange?.(day ? day.format(DAY) : undefined)}
    />
  );
}

/**
 * 离职申请 and 调岗申请 for one staff record in office: each opens its form and submits it to its approval flow. Offered
 * to holders of personnel.edit, for records that may still resign (probation, regular); one of a kind waiting for
 * approval disables its button, saying why (the server refuses a second one). Other modules mount it (员工档案) through
 * this module's index.
 */
export function StaffProcessActions({ staff }: { staff: ProcessSubject }) {
  const t = useMessages(approvalMessages);
  const [open, setOpen] = useState<PersonnelApprovalKind | null>(null);
  if (!useCan()('personnel.edit') || !STAFF_TRANSITIONS[staff.status].includes('resigning')) return null;
  const action = (kind: PersonnelApprovalKind, label: string, pendingText: string) => {
    const pending = staff.pending_requests.some((request) => request.kind === kind);
    // A disabled button takes no pointer events: the tooltip saying why sits on a span around it.
    return (
      <Tooltip title={pending ? pendingText : undefined}>
        <span>
          <Button type="link" size="small" danger={kind === 'resign'} disabled={pending} onClick={() => setOpen(kind)}>
            {label}
          </Button>
        </span>
      </Tooltip>
    );
  };
  return (
    <>
      {action('transfer', t.transferRequest, t.transferPending)}
      {action('resign', t.resignRequest, t.resignPending)}
      {open && <ProcessRequestModal kind={open} staff={staff} onClose={() => setOpen(null)} />}
    </>
  );
}

function ProcessRequestModal({ kind, staff, onClose }: { kind: PersonnelApprovalKind; staff: ProcessSubject; onClose: () => void }) {
  const t = useMessages(approvalMessages);
  const c = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const resign = useResignSettings();
  const transfer = useTransferSettings();
  const departments = useDepartmentTree();
  const submit = useRequestProcess();
  const can = useCan();
  const title = kind === 'resign' ? t.resignRequest : t.transferRequest;
  // The form starts from the settings (the checklist's items all ticked): it waits for them.
  const settings = kind === 'resign' ? resign : transfer;
  // Without a flow nothing can be asked: the form says so, and where to set one for those who may.
  const noFlow = settings.data !== undefined && settings.data.flow_id === null;

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const remark = values.remark?.trim() ?? '';
    try {
      await submit.mutateAsync(
        kind === 'resign'
          ? { kind, body: { staff_id: staff.id, leaving_date: values.leaving_date!, reason: values.reason!, handover_items: values.handover_items ?? [], remark } }
          : { kind, body: { staff_id: staff.id, type: values.type!, department_id: values.department_id!, post: values.post?.trim() || null, effective_date: values.effective_date!, remark } },
      );
      void message.success(t.submitted);
      onClose();
    } catch (error) {
      // A request of its kind waiting already (40900) is the client's notice naming it; the record now shows it.
      if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) onClose();
      // A refusal naming `flow` (no flow set, a step nobody can decide) is the client's notice too: no field of this form.
      else showOnField(form, error, ['leaving_date', 'reason', 'handover_items', 'type', 'department_id', 'post', 'effective_date', 'remark']);
    }
  };

  return (
    <Modal
      open
      title={`${title} · ${staff.name}`}
      okText={t.submit}
      cancelText={c.cancel}
      okButtonProps={{ disabled: !settings.data || noFlow }}
      confirmLoading={submit.isPending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      {noFlow && (
        <Alert
          type="warning"
          showIcon
          className="process-request__no-flow"
          title={t.noFlow}
          description={
            can(SETTINGS_OF[kind].operation) ? (
              <Link to={SETTINGS_OF[kind].path} onClick={onClose}>
                {kind === 'resign' ? t.setResignFlow : t.setTransferFlow}
              </Link>
            ) : (
              t.askForFlow
            )
          }
        />
      )}
      {!settings.data ? (
        <Spin />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          name={`approval-${kind}-request`}
          initialValues={kind === 'resign' ? { handover_items: resign.data?.handover_items } : { department_id: staff.department_id ?? undefined, post: staff.post ?? '' }}
        >
          {kind === 'resign' ? (
            <>
              <Form.Item name="leaving_date" label={t.leavingDate} rules={required(t.leavingDateRequired)}>
                <DayPicker />
              </Form.Item>
              <Form.Item name="reason" label={t.reason} rules={required(t.reasonRequired)}>
                <Select loading={resign.isPending} options={(resign.data?.reasons ?? []).map((reason) => ({ value: reason, label: reason }))} />
              </Form.Item>
              <Form.Item name="handover_items" label={t.handoverItems}>
                <Checkbox.Group options={resign.data?.handover_items ?? []} />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="type" label={t.transferType} rules={required(t.transferTypeRequired)}>
                <Select loading={transfer.isPending} options={(transfer.data?.types ?? []).map((type) => ({ value: type, label: type }))} />
              </Form.Item>
              <Form.Item name="department_id" label={t.newDepartment} rules={required(t.newDepartmentRequired)}>
                <TreeSelect showSearch treeNodeFilterProp="title" loading={departments.isPending} treeData={departmentOptions(departments.data ?? [])} treeDefaultExpandAll />
              </Form.Item>
              <Form.Item name="post" label={t.newPost} rules={[{ max: STAFF_POST_MAX }]}>
                <Input maxLength={STAFF_POST_MAX} />
              </Form.Item>
              <Form.Item name="effective_date" label={t.effectiveDate} rules={required(t.effectiveDateRequired)}>
                <DayPicker />
              </Form.Item>
            </>
          )}
          <Form.Item name="remark" label={t.remark} extra={format(t.flowOf, { flow: settings.data.flow_name ?? t.flowNone })}>
            <Input.TextArea maxLength={PROCESS_REMARK_MAX} autoSize={{ minRows: 2 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
