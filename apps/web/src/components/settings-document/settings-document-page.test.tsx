import { approvalCalls, defineSettingsDocument } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../test/antd';
import { answerOf, fakeApi, refused } from '../../test/fake-api';
import { renderInShell, staffWith } from '../../test/render-in-shell';
import { SettingsDocumentPage } from './settings-document-page';

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null });
const texts = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** One field of each kind a document takes, so the one screen is tried with every editor it draws. */
const reminders = defineSettingsDocument({
  module: 'demo',
  thing: 'reminder',
  menu: '/permission/demo/reminder',
  label: texts('提醒设置', 'Reminders'),
  operations: { view: 'demo.reminder.view', edit: 'demo.reminder.edit' },
  fields: {
    lead_days: { kind: 'number', label: texts('提前天数', 'Days ahead'), min: 1, max: 30, hint: texts('到期前几天提醒', 'How many days before') },
    channel: { kind: 'select', label: texts('提醒方式', 'Channel'), options: [{ value: 1, label: texts('短信', 'SMS') }, { value: 2, label: texts('站内信', 'Inbox') }] },
    enabled: { kind: 'boolean', label: texts('开启提醒', 'On'), default: true },
    days: { kind: 'checkbox', label: texts('提醒日', 'Days'), options: [{ value: 'mon', label: texts('周一', 'Mon') }, { value: 'fri', label: texts('周五', 'Fri') }] },
    signature: { kind: 'text', label: texts('短信签名', 'Signature'), max: 12 },
    flow_id: { kind: 'flow', approvalKind: 'transfer', label: texts('审批流程', 'Approval flow') },
  },
  defaults: { lead_days: 3, channel: 1, enabled: true, days: ['mon'], signature: '聚企', flow_id: null },
});
type Reminders = typeof reminders.defaults;

/** A server holding the document: `_details` answers it, `_edit` stores what it is sent (or answers `edit`'s refusal). */
function fakeServer(edit?: () => ReturnType<typeof refused>) {
  let held: Reminders = { lead_days: 7, channel: 2, enabled: false, days: ['mon'], signature: '聚企科技', flow_id: null };
  const seen = fakeApi({
    'GET /api/demo/reminder_details': () => answerOf(reminders.calls.details, held),
    'POST /api/approval/flow_options': () => answerOf(approvalCalls.flowOptions, [{ id: 4, name: '调岗审批' }]),
    'POST /api/demo/reminder_edit': ({ body }) => {
      if (edit) return edit();
      held = body as Reminders;
      return answerOf(reminders.calls.edit, held);
    },
  });
  return { seen, held: () => held, edits: () => seen.filter(({ url }) => url.endsWith('_edit')) };
}

const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('settings document page', () => {
  it('draws every field with its editor and hint (a flow by the kind’s flows), checks the contract’s rule, and saves the whole document', async () => {
    const server = fakeServer();
    renderInShell(<SettingsDocumentPage doc={reminders} />, { profile: staffWith('demo.reminder.view', 'demo.reminder.edit') });
    const days = await screen.findByLabelText('提前天数');
    expect(screen.getByText('提醒设置')).toBeInTheDocument();
    expect(days).toHaveValue('7');
    expect(screen.getByText('到期前几天提醒')).toBeInTheDocument();
    expect(screen.getByText('站内信')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '否' })).toBeChecked();
    expect(screen.getByLabelText('短信签名')).toHaveValue('聚企科技');

    await user.clear(days);
    await user.type(days, '31');
    await user.click(saveButton());
    expect((await screen.findByText(/提前天数/, { selector: '.ant-form-item-explain-error' })).textContent).toContain('30');
    expect(server.edits()).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByLabelText('提醒方式'));
    await user.click(await visibleOption('短信'));
    await user.click(screen.getByRole('radio', { name: '是' }));
    await user.click(screen.getByRole('checkbox', { name: '周一' }));
    await user.click(saveButton());
    // The document's field is never empty: at least one day stays ticked.
    expect(await screen.findByText(/提醒日/, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(server.edits()).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: '周五' }));
    await user.click(screen.getByLabelText('审批流程'));
    await user.click(await visibleOption('调岗审批'));
    await user.click(saveButton());
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(server.edits().map(({ body }) => body)).toEqual([{ lead_days: 14, channel: 1, enabled: true, days: ['fri'], signature: '聚企科技', flow_id: 4 }]);
    expect(server.held()).toEqual({ lead_days: 14, channel: 1, enabled: true, days: ['fri'], signature: '聚企科技', flow_id: 4 });
  });

  it('puts the server’s refusal beside the field it names', async () => {
    const server = fakeServer(() => refused(['signature', '短信签名', '含有不允许的字符']));
    renderInShell(<SettingsDocumentPage doc={reminders} />, { profile: staffWith('demo.reminder.view', 'demo.reminder.edit') });
    await screen.findByLabelText('短信签名');
    await user.click(saveButton());
    expect(await screen.findByText('含有不允许的字符', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(server.edits()).toHaveLength(1);
  });

  it('shows the document read-only, with no button, to staff holding only its view operation', async () => {
    fakeServer();
    renderInShell(<SettingsDocumentPage doc={reminders} />, { profile: staffWith('demo.reminder.view') });
    expect(await screen.findByLabelText('提前天数')).toBeDisabled();
    expect(screen.getByText('您没有修改权限，仅可查看')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull());
  });
});
