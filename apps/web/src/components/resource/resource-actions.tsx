import { DeleteOutlined } from '@ant-design/icons';
import { RESOURCE_REASON_MAX, type ResourceAction } from '@juqi/contract';
import { App, Button, Dropdown, Form, Input, Modal, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { recordName, useResourceAction, type AnyResource, type ResourceRow } from '../../lib/resource';
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
      content: rows.length === 1 ? format(t.actionConfirm, { name: recordName(resource, rows[0]!), label }) : format(t.actionConfirmMany, { count: rows.length, record: resource.label[language], label }),
      okText: label,
      okButtonProps: { danger: action.danger },
      cancelText: t.cancel,
      onOk: () => run(asked),
    });
  };
  const dialog = asking && (
    <ReasonDialog
      title={`${asking.action.label[language]} · ${asking.rows.length === 1 ? recordName(resource, asking.rows[0]!) : format(t.selectedCount, { count: asking.rows.length })}`}
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
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={RESOURCE_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A row menu entry's key for a declared action: `action:<name>`. */
const ACTION_KEY = 'action:';

/**
 * One of a row's menu entries (a screen's own: 城市（n）, 转为员工): its label, and what it opens (a dialog, a drawer),
 * mounted on click and unmounted by `close`. `operation`: shown only to staff holding it.
 */
export interface RowMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  operation?: string;
  danger?: boolean;
  /** What it opens; or `onSelect`, what it does (详情 and 编辑 in a phone's menu open the page's own). */
  open?: (close: () => void) => ReactNode;
  onSelect?: () => void;
}

interface RowMenuProps {
  resource: AnyResource;
  row: ResourceRow;
  /** Entries before the record's state actions: on a phone 详情 and 编辑, then the screen's own. */
  items: RowMenuItem[];
  /** 删除, last, asked first: where the staff may delete. */
  onDelete?: () => Promise<unknown>;
  /** The menu's button: 更多 beside 详情 and 编辑, or alone on a phone. */
  trigger: ReactNode;
}

/**
 * A row's menu: the screen's own entries, the actions the record's state offers the staff, and 删除 (confirmed), so a
 * row keeps to one line whatever it offers. Nothing when it would be empty.
 */
export function RowMenu({ resource, row, items, onDelete, trigger }: RowMenuProps) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const { modal } = App.useApp();
  const told = useToldWrite();
  const actions = useResourceActions(resource).from(row[resource.states?.field ?? '']);
  const { ask, dialog } = useActionRunner(resource);
  const [opened, setOpened] = useState<RowMenuItem | null>(null);
  const own = items.filter((item) => !item.operation || can(item.operation));
  const entries = [
    ...own.map((item) => ({ key: `own:${item.key}`, label: item.label, icon: item.icon, danger: item.danger })),
    ...actions.map(([name, action]) => ({ key: `${ACTION_KEY}${name}`, label: action.label[language], danger: action.danger })),
    ...(onDelete ? [{ key: 'delete', label: t.delete, icon: <DeleteOutlined aria-hidden />, danger: true }] : []),
  ];
  if (!entries.length) return null;
  const choose = (key: string) => {
    if (key === 'delete')
      return void modal.confirm({
        title: format(t.deleteConfirm, { name: recordName(resource, row) }),
        okText: t.delete,
        okButtonProps: { danger: true },
        cancelText: t.cancel,
        onOk: () => told(onDelete!, t.deleted),
      });
    if (key.startsWith(ACTION_KEY)) {
      const name = key.slice(ACTION_KEY.length);
      return ask(name, resource.states!.actions[name]!, [row]);
    }
    const item = own.find((one) => `own:${one.key}` === key);
    if (item?.onSelect) item.onSelect();
    else setOpened(item ?? null);
  };
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items: entries, onClick: ({ key }) => choose(key) }}>
        {trigger}
      </Dropdown>
      {dialog}
      {opened?.open?.(() => setOpened(null))}
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
