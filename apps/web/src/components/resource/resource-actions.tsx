import { DownOutlined } from '@ant-design/icons';
import type { ResourceAction } from '@juqi/contract';
import { App, Button, Dropdown, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { useResourceAction, type AnyResource, type ResourceRow } from '../../lib/resource';
import { useCan } from '../../lib/shell-session';
import { commonMessages } from '../messages';
import { useToldWrite } from '../use-told-write';

/** The declared actions the signed-in staff may take, by name: all of them, or those a record in `state` offers. */
export function useResourceActions(resource: AnyResource) {
  const can = useCan();
  const granted = Object.entries(resource.states?.actions ?? {}).filter(([, action]) => can(action.operation));
  return {
    from: (state: unknown) => granted.filter(([, action]) => action.from.includes(state as number)),
    bulk: granted.filter(([, action]) => action.bulk),
  };
}

/** What is being asked before an action runs: its name and the records it runs on. */
type Asking = { name: string; action: ResourceAction; rows: ResourceRow[] };

/**
 * Runs a declared action on some records, first asking what the declaration asks: a reason (a dialog, required or not)
 * or a confirmation; neither, it runs at once. The records' list and details refresh once it lands; a refusal (a
 * record moved on meanwhile) is shown by the API client.
 */
function useActionRunner(resource: AnyResource, onDone?: () => void) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { modal } = App.useApp();
  const told = useToldWrite();
  const act = useResourceAction(resource);
  const [asking, setAsking] = useState<Asking | null>(null);
  const nameOf = (row: ResourceRow) => String(row[resource.keyword?.[0] ?? 'id'] ?? row.id);

  const run = async ({ name, action, rows }: Asking, reason?: string) => {
    const done = await told(() => act.mutateAsync({ action: name, ids: rows.map((row) => row.id), reason }), format(t.actionDone, { label: action.label[language] }));
    if (done) onDone?.();
    return done;
  };
  const ask = (name: string, action: ResourceAction, rows: ResourceRow[]) => {
    const asked = { name, action, rows };
    if (action.reason) return setAsking(asked);
    if (!action.confirm) return void run(asked);
    const label = action.label[language];
    void modal.confirm({
      title: action.confirm[language],
      content: rows.length === 1 ? format(t.actionConfirm, { name: nameOf(rows[0]!), label }) : format(t.actionConfirmMany, { count: rows.length, record: resource.label[language], label }),
      okText: label,
      okButtonProps: { danger: action.danger },
      cancelText: t.cancel,
      onOk: () => run(asked),
    });
  };
  const dialog = asking && (
    <ReasonDialog
      title={`${asking.action.label[language]} · ${asking.rows.length === 1 ? nameOf(asking.rows[0]!) : format(t.selectedCount, { count: asking.rows.length })}`}
      action={asking.action}
      busy={act.isPending}
      onCancel={() => setAsking(null)}
      onOk={async (reason) => {
        if (await run(asking, reason)) setAsking(null);
      }}
    />
  );
  return { ask, dialog };
}

/** Asks the reason an action keeps in the record's history. */
function ReasonDialog({ title, action, busy, onOk, onCancel }: { title: string; action: ResourceAction; busy: boolean; onOk: (reason: string | undefined) => void; onCancel: () => void }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      open
      title={title}
      okText={action.label[language]}
      okButtonProps={{ danger: action.danger }}
      cancelText={t.cancel}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() =>
        void form.validateFields().then(
          ({ reason }) => onOk(reason?.trim() || undefined),
          // Refused: the form shows why on the field.
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="resource-action-reason">
        <Form.Item name="reason" label={t.actionReason} rules={action.reason === 'required' ? [{ required: true, whitespace: true, message: t.actionReasonRequired }] : []}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A record's row: the actions its state offers the staff, folded into 更多 (nothing when none). */
export function RowStateActions({ resource, row }: { resource: AnyResource; row: ResourceRow }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const actions = useResourceActions(resource).from(row[resource.states?.field ?? '']);
  const { ask, dialog } = useActionRunner(resource);
  if (!actions.length) return null;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: actions.map(([name, action]) => ({ key: name, label: action.label[language], danger: action.danger })),
          onClick: ({ key }) => ask(key, resource.states!.actions[key]!, [row]),
        }}
      >
        <Button type="link" size="small">
          {t.moreActions} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {dialog}
    </>
  );
}

/** Above the list while records are selected: how many, the bulk actions the staff may take, and 取消选择. */
export function BulkStateActions({ resource, rows, onDone }: { resource: AnyResource; rows: ResourceRow[]; onDone: () => void }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { bulk } = useResourceActions(resource);
  const { ask, dialog } = useActionRunner(resource, onDone);
  if (!rows.length) return null;
  return (
    <Space wrap className="resource-page__bulk" role="group" aria-label={format(t.selectedCount, { count: rows.length })}>
      <span>{format(t.selectedCount, { count: rows.length })}</span>
      {bulk.map(([name, action]) => (
        <Button key={name} size="small" danger={action.danger} onClick={() => ask(name, action, rows)}>
          {action.label[language]}
        </Button>
      ))}
      <Button size="small" type="link" onClick={onDone}>
        {t.clearSelection}
      </Button>
      {dialog}
    </Space>
  );
}
