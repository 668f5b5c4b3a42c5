import { PROCESS_OPTION_MAX, PROCESS_OPTIONS_MAX, type ApprovalKind, type ResignSettings, type TransferSettings } from '@juqi/contract';
import { Form, Select } from 'antd';
import { ruleOf, SettingsCard, SettingsForm, useSettingsForm } from '../../../components/settings-form';
import { useMessages } from '../../../lib/i18n';
import { useFlowOptions, useResignSettings, useSaveResignSettings, useSaveTransferSettings, useTransferSettings } from '../api';
import { approvalMessages } from '../messages';

/** Whether typed option names fit the contract's list: at most 30, each 1–30 characters. */
const fits = (items?: string[]) => !items || (items.length <= PROCESS_OPTIONS_MAX && items.every((item) => item.trim() && item.trim().length <= PROCESS_OPTION_MAX));

/** A list of short distinct names, typed as tags. */
function OptionsItem({ name, label }: { name: string; label: string }) {
  const t = useMessages(approvalMessages);
  return (
    <Form.Item name={name} label={label} extra={t.optionsHint} rules={[ruleOf(fits, t.optionsHint)]}>
      <Select mode="tags" aria-label={label} open={false} tokenSeparators={['\n']} />
    </Form.Item>
  );
}

/** The flow a process's requests walk, among that process's flows. */
function FlowItem({ kind }: { kind: ApprovalKind }) {
  const t = useMessages(approvalMessages);
  const flows = useFlowOptions(kind);
  return (
    <Form.Item name="flow_id" label={t.flow} extra={t.flowHint}>
      <Select
        aria-label={t.flow}
        loading={flows.isPending}
        options={[{ value: 0, label: t.flowNone }, ...(flows.data ?? []).map((flow) => ({ value: flow.id, label: flow.name }))]}
      />
    </Form.Item>
  );
}

const trimmed = (items: string[]) => [...new Set(items.map((item) => item.trim()).filter(Boolean))];
/** The flow select holds 0 for none, since a Select shows no option for null. */
const flowOf = (id: number) => (id === 0 ? null : id);

/** /permission/personnel/resign 离职: the reasons, the handover checklist and the flow a resignation walks. */
export function ResignSettingsPage() {
  const t = useMessages(approvalMessages);
  return <SettingsCard title={t.resignTitle} query={useResignSettings()}>{(initial) => <ResignForm initial={initial} />}</SettingsCard>;
}

function ResignForm({ initial }: { initial: ResignSettings }) {
  const t = useMessages(approvalMessages);
  const settings = useSettingsForm<ResignSettings>({ edit: 'personnel.resign.edit', mutation: useSaveResignSettings(), saved: t.saved });
  return (
    <SettingsForm<ResignSettings>
      settings={settings}
      name="resign-settings"
      initialValues={{ ...initial, flow_id: initial.flow_id ?? 0 }}
      onFinish={(values) => void settings.save({ reasons: trimmed(values.reasons), handover_items: trimmed(values.handover_items), flow_id: flowOf(values.flow_id ?? 0) })}
    >
      <OptionsItem name="reasons" label={t.reasons} />
      <OptionsItem name="handover_items" label={t.handoverItems} />
      <FlowItem kind="resign" />
    </SettingsForm>
  );
}

/** /permission/personnel/transfer 调岗: the transfer types and the flow a transfer walks. */
export function TransferSettingsPage() {
  const t = useMessages(approvalMessages);
  return <SettingsCard title={t.transferTitle} query={useTransferSettings()}>{(initial) => <TransferForm initial={initial} />}</SettingsCard>;
}

function TransferForm({ initial }: { initial: TransferSettings }) {
  const t = useMessages(approvalMessages);
  const settings = useSettingsForm<TransferSettings>({ edit: 'personnel.transfer.edit', mutation: useSaveTransferSettings(), saved: t.saved });
  return (
    <SettingsForm<TransferSettings>
      settings={settings}
      name="transfer-settings"
      initialValues={{ ...initial, flow_id: initial.flow_id ?? 0 }}
      onFinish={(values) => void settings.save({ types: trimmed(values.types), flow_id: flowOf(values.flow_id ?? 0) })}
    >
      <OptionsItem name="types" label={t.types} />
      <FlowItem kind="transfer" />
    </SettingsForm>
  );
}
