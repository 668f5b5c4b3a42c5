import { APPROVAL_FLOW_NAME_MAX, APPROVAL_KIND_NAMES, APPROVAL_KINDS, APPROVAL_STEPS_MAX, type ApprovalFlow, type ApproverType } from '@juqi/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography, type SelectProps } from 'antd';
import { useState } from 'react';
import { DeleteButton } from '../../../components/delete-button';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { useDateTime } from '../../../lib/date-time';
import { useApproverOptions, useDeleteFlow, useFlows, useSaveFlow, type FlowInput } from '../api';
import { useStepText } from '../components/step-text';
import { approvalMessages, approverLabels } from '../messages';
import '../approval.css';

/** A step as the form edits it: the approver type, with the role or account it names. */
type StepValues = { approver: ApproverType; role_id?: number; account_id?: number };
type Values = { name: string; kind: FlowInput['kind']; steps: StepValues[]; remark: string };

/** /permission/personnel/flow 流程: the approval flows, each an ordered list of steps; added, edited and deleted in a modal. */
export function FlowsPage() {
  const t = useMessages(approvalMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const may = useCan()('approval.flow.edit');
  const flows = useFlows();
  const remove = useDeleteFlow();
  const stepText = useStepText();
  const dateTime = useDateTime();
  const [editing, setEditing] = useState<ApprovalFlow | 'new' | null>(null);

  if (flows.isError && !flows.data) return <QueryFailure error={flows.error} onRetry={() => void flows.refetch()} />;
  return (
    <Card
      title={t.flowsTitle}
      extra={
        may && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t.addFlow}
          </Button>
        )
      }
    >
      <Table<ApprovalFlow>
        rowKey="id"
        size="middle"
        loading={flows.isFetching}
        dataSource={flows.data}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { key: 'name', title: t.name, dataIndex: 'name', width: 180, render: (name: string, flow) => (flow.in_use ? <Space>{name}<Tag color="blue">{t.inUse}</Tag></Space> : name) },
          { key: 'kind', title: t.kind, dataIndex: 'kind', width: 110, render: (kind: ApprovalFlow['kind']) => APPROVAL_KIND_NAMES[kind][language] },
          { key: 'steps', title: t.steps, render: (_, flow) => flow.steps.map(stepText).join(' → ') },
          { key: 'remark', title: t.remark, dataIndex: 'remark', width: 160, ellipsis: true },
          { key: 'updated_at', title: c.updatedAt, dataIndex: 'updated_at', width: 160, render: (at: string) => dateTime(at) },
          ...(may
            ? [
                {
                  key: 'actions',
                  title: c.actions,
                  width: 140,
                  fixed: 'right' as const,
                  render: (_: unknown, flow: ApprovalFlow) => (
                    <Space size={0}>
                      <Button type="link" onClick={() => setEditing(flow)}>
                        {c.edit}
                      </Button>
                      {flow.in_use ? (
                        <Tooltip title={t.inUseHint}>
                          <Button type="link" danger disabled>
                            {c.delete}
                          </Button>
                        </Tooltip>
                      ) : (
                        <DeleteButton confirm={format(t.deleteConfirm, { name: flow.name })} onDelete={() => remove.mutateAsync(flow.id)} />
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <FlowFormModal flow={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** A picker's option that wraps rather than cut a long name or staff number short. */
const wrappingOption: SelectProps['optionRender'] = ({ label }) => <span className="approval-step__option">{label}</span>;

/** Adds a flow or edits one: its name, process (on add only), ordered steps and remark; refusals show on their fields. */
function FlowFormModal({ flow, onClose }: { flow: ApprovalFlow | null; onClose: () => void }) {
  const t = useMessages(approvalMessages);
  const c = useMessages(commonMessages);
  const approvers = useMessages(approverLabels);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useApproverOptions();
  const save = useSaveFlow();
  const initialValues: Values = flow
    ? { name: flow.name, kind: flow.kind, remark: flow.remark, steps: flow.steps.map((step) => ({ approver: step.approver, role_id: step.role_id ?? undefined, account_id: step.account_id ?? undefined })) }
    : { name: '', kind: 'resign', remark: '', steps: [{ approver: 'role' }] };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const steps = values.steps.map((step) =>
      step.approver === 'role' ? { approver: 'role' as const, role_id: step.role_id! } : step.approver === 'account' ? { approver: 'account' as const, account_id: step.account_id! } : { approver: 'department_head' as const },
    );
    try {
      await save.mutateAsync({ id: flow?.id, name: values.name.trim(), kind: values.kind, remark: values.remark?.trim() ?? '', steps });
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, ['name', 'kind', 'steps', 'remark'], { name: format(c.taken, { label: t.name }) });
    }
  };

  return (
    <Modal
      open
      title={flow ? t.editFlow : t.addFlow}
      okText={c.save}
      cancelText={c.cancel}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      width={640}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="approval-flow-form" initialValues={initialValues}>
        <Form.Item name="name" label={t.name} rules={[{ required: true, whitespace: true, message: t.nameRequired }, { max: APPROVAL_FLOW_NAME_MAX }]}>
          <Input maxLength={APPROVAL_FLOW_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="kind" label={t.kind}>
          <Select disabled={flow !== null} options={APPROVAL_KINDS.map((kind) => ({ value: kind, label: APPROVAL_KIND_NAMES[kind][language] }))} />
        </Form.Item>
        <Form.List name="steps" rules={[{ validator: async (_, steps: StepValues[]) => (steps?.length ? undefined : Promise.reject(new Error(t.stepsRequired))) }]}>
          {(items, { add, remove }, { errors }) => (
            <Form.Item label={t.steps} required>
              {items.map((item, index) => (
                <Flex key={item.key} gap={8} align="start" className="approval-step">
                  <Typography.Text className="approval-step__number">{format(t.step, { n: index + 1 })}</Typography.Text>
                  {/* The row's parts are sized by boxes of their own: a select in a form item fills its box. */}
                  <div className="approval-step__type">
                    <Form.Item name={[item.name, 'approver']} noStyle>
                      <Select aria-label={`${format(t.step, { n: index + 1 })} ${t.approver}`} options={(['role', 'department_head', 'account'] as const).map((type) => ({ value: type, label: approvers[type] }))} />
                    </Form.Item>
                  </div>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const type = form.getFieldValue(['steps', item.name, 'approver']) as ApproverType;
                      if (type === 'department_head') return null;
                      const role = type === 'role';
                      return (
                        // The rest of the row: an account's name and staff number (two 张伟 told apart) fit whole.
                        <Form.Item name={[item.name, role ? 'role_id' : 'account_id']} rules={[{ required: true, message: role ? t.chooseRole : t.chooseAccount }]} className="approval-step__approver">
                          <Select
                            showSearch={{ optionFilterProp: 'label' }}
                            placeholder={role ? t.chooseRole : t.chooseAccount}
                            aria-label={`${format(t.step, { n: index + 1 })} ${role ? t.chooseRole : t.chooseAccount}`}
                            loading={options.isPending}
                            options={(role ? options.data?.roles : options.data?.accounts)?.map((option) => ({ value: option.id, label: 'staff_num' in option ? `${option.name}（${option.staff_num}）` : option.name }))}
                            optionRender={wrappingOption}
                          />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                  {items.length > 1 && <Button type="text" icon={<DeleteOutlined />} aria-label={`${c.delete} ${format(t.step, { n: index + 1 })}`} onClick={() => remove(item.name)} />}
                </Flex>
              ))}
              {items.length < APPROVAL_STEPS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ approver: 'role' })}>
                  {t.addStep}
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="remark" label={t.remark} rules={[{ max: 200 }]}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
