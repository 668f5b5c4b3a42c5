import { approvalCalls, informCalls, type ApprovalRequestDetails, type NotificationItem } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../test/fake-api';
import { currentUrl, renderInShell } from '../../test/render-in-shell';
import type { WebModule } from '../../lib/web-module';
import { collectSlots } from './slots';
import { TopBar } from './top-bar';

vi.setConfig({ testTimeout: 30_000 });

const Nothing = () => null;
const text = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });
const signOut = async () => undefined;

describe('the shell’s slots', () => {
  it('gathers what the modules declare: panels and user-menu entries by their order, parts and sign-out steps in module order', () => {
    const modules: WebModule[] = [
      {
        name: 'a',
        pages: {},
        topBarPanels: [{ key: 'late', order: 30, title: text('后'), icon: Nothing, Panel: Nothing }],
        shellParts: [Nothing],
        onSignOut: signOut,
      },
      {
        name: 'b',
        pages: {},
        topBarPanels: [{ key: 'early', order: 10, title: text('前'), icon: Nothing, Panel: Nothing }],
        shellParts: [Nothing, Nothing],
        userMenu: [{ key: 'me', order: 1, title: text('我'), Panel: Nothing }],
      },
    ];
    const slots = collectSlots(modules);
    expect(slots.topBarPanels.map((p) => p.key)).toEqual(['early', 'late']);
    expect(slots.shellParts.map((p) => p.key)).toEqual(['a:0', 'b:0', 'b:1']);
    expect(slots.userMenu.map((e) => e.key)).toEqual(['me']);
    expect(slots.signOutSteps).toEqual([signOut]);
  });
});

describe('TopBar', () => {
  it('shows the modules’ buttons (消息通知, 待办审批, then 帮助) before its own 界面设置; each opens its drawer with the module’s content', async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderInShell(<TopBar hasSidebar={false} section={undefined} />);
    const banner = screen.getByRole('banner');
    const names = within(banner)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'))
      .filter(Boolean);
    expect(names).toEqual(['消息通知', '待办审批', '帮助', '界面设置']);

    await user.click(within(banner).getByRole('button', { name: '帮助' }));
    const help = await screen.findByRole('dialog', { name: '帮助' });
    // The help module's panel, fetched on first open: its three menu entries.
    expect(await within(help).findByText('功能介绍')).toBeInTheDocument();
  });
});

/** A system's notification about `subject`. */
const notice = (id: number, title: string, subject: NotificationItem['subject']): NotificationItem => ({
  id,
  type: 5,
  title,
  content: `${title}，请及时处理。`,
  is_read: 0,
  sender: '',
  time: '2026-11-26T01:00:00.000Z',
  subject,
});
const transfer: ApprovalRequestDetails = {
  id: 7,
  kind: 'transfer',
  subject_id: 3,
  subject_name: '宋明',
  summary: '平调 · 销售部 / 专员 → 客服部 / 主管 · 生效日期 2030-01-01',
  requester: { id: 5, name: '李四' },
  requester_type: 'staff',
  state: 'pending',
  current_step: 0,
  step_count: 1,
  current_approvers: [{ id: 1, name: '超级管理员' }],
  created_at: '2026-11-26T01:00:00.000Z',
  finished_at: null,
  flow_name: '调岗审批',
  payload: {},
  steps: [{ approver: 'account', role_id: null, account_id: 1, name: '超级管理员', approvers: [{ id: 1, name: '超级管理员' }] }],
  actions: [],
  can_decide: true,
  can_withdraw: false,
};
const notices = [
  notice(21, '待审批：宋明的调岗申请', { kind: 'approval_request', id: 7 }),
  notice(22, '用户「李小萌」提交了实名认证', { kind: 'user_verification', id: 40 }),
  notice(23, '待审批调账：张三 调增 ¥ 1,500.00', { kind: 'finance_adjustment', id: 'AJ20261126010000123456' }),
];

/** The drawer of this title while it is open (a closed one stays in the page, hidden). */
const openDrawer = (title: string) => screen.queryByText(title, { selector: '.ant-drawer-open .ant-drawer-title' });
/** Opens 消息通知 and clicks the notification of this title. */
const openNotice = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: '消息通知' }));
  await waitFor(() => expect(openDrawer('消息通知')).not.toBeNull());
  const drawer = openDrawer('消息通知')!.closest('.ant-drawer') as HTMLElement;
  await user.click(await within(drawer).findByText(title));
};

describe('a notification about something', () => {
  it('opens what it is about when clicked: an approval in 待办审批, a verification submission on 认证审核, an adjustment waiting on 调账记录; and marks it read', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({
      'POST /api/inform/list_notifications': () => answerOf(informCalls.listNotifications, { count: 3, unread: 3, data: notices }),
      'POST /api/inform/read_notifications': () => answerOf(informCalls.readNotifications, { updated: 1, unread: { total: 1, by_type: [] } }),
      'POST /api/approval/request_details': () => answerOf(approvalCalls.requestDetails, transfer),
      'POST /api/approval/todo_list': () => answerOf(approvalCalls.todoList, { count: 0, data: [] }),
      'POST /api/approval/review_list': () => answerOf(approvalCalls.reviewList, { count: 0, data: [] }),
    });
    renderInShell(<TopBar hasSidebar={false} section={undefined} />, { routes: ['/user/authentication', '/finance/adjustment'] });

    await openNotice(user, '待审批：宋明的调岗申请');
    // The approval opens over 待办审批, in place of the notification drawer, which closes at once (it holds nothing to lose).
    const details = (await screen.findByText('调岗申请 · 宋明')).closest('.ant-modal') as HTMLElement;
    expect(within(details).getByText(transfer.summary)).toBeInTheDocument();
    expect(openDrawer('待办审批')).toBeInTheDocument();
    expect(openDrawer('消息通知')).toBeNull();
    expect(seen.filter((r) => r.url === '/api/inform/read_notifications').map((r) => r.body)).toEqual([{ ids: [21] }]);
    expect(seen.find((r) => r.url === '/api/approval/request_details')?.body).toEqual({ id: 7 });
    await user.click(within(details).getByRole('button', { name: 'Close' }));

    await openNotice(user, '用户「李小萌」提交了实名认证');
    await waitFor(() => expect(currentUrl()).toBe('/user/authentication?id=40'));
    expect(openDrawer('消息通知')).toBeNull();

    await openNotice(user, '待审批调账：张三 调增 ¥ 1,500.00');
    await waitFor(() => expect(currentUrl()).toBe('/finance/adjustment?no=AJ20261126010000123456'));
    expect(openDrawer('消息通知')).toBeNull();
  });
});
