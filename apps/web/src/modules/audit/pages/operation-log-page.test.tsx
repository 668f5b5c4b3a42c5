import { auditCalls, type AuditEntry, type AuditEntryDetails } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi, file, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { OperationLogPage } from './operation-log-page';

const user = userEvent.setup({ delay: null });

const entry = (id: number, values: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  staff_id: 7,
  staff_name: '王小明',
  staff_num: 'w007',
  action: 'case.platform.edit',
  target: 'case.platform:12',
  target_name: '抖音国际',
  ip: '203.0.113.9',
  created_at: '2026-03-01T01:30:00.000Z',
  ...values,
});

const edit = entry(3);
const refusal = entry(2, { staff_id: 9, staff_name: '赵六', staff_num: 'z009', action: 'permission.denied', target: 'POST /api/audit/log_list', target_name: null });
const bySystem = entry(1, { staff_id: null, staff_name: null, staff_num: null, action: 'user.export', target: 'users', target_name: null, ip: null });

const details: Record<number, AuditEntryDetails> = {
  3: {
    ...edit,
    detail: {
      before: { id: 12, name: '抖音', remark: '短视频', sort: 1, enabled: true, updated_at: '2026-02-28T16:00:00.000Z' },
      after: { id: 12, name: '抖音国际', remark: '短视频', sort: 5, enabled: false, updated_at: '2026-03-01T01:30:00.000Z' },
    },
  },
  2: { ...refusal, detail: { operation: 'system.audit.view' } },
};

function api(entries: AuditEntry[] = [edit, refusal, bySystem]) {
  return fakeApi({
    'POST /api/audit/log_list': () => answerOf(auditCalls.logList, { count: entries.length, data: entries, next_cursor: null }),
    'POST /api/audit/log_details': ({ body }) => answerOf(auditCalls.logDetails, details[(body as { id: number }).id]!),
  });
}

const bodies = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).map((r) => r.body);
const rowOf = async (text: string) => (await screen.findByText(text, { selector: '.ant-table-row *' })).closest('.ant-table-row') as HTMLElement;

describe('OperationLogPage', () => {
  it('lists who did what to which record, when and from where, refusals marked, names instead of codes', async () => {
    const seen = api();
    renderInShell(<OperationLogPage />, { path: '/permission/operation_log?action=case.platform.edit&action=permission.denied&time=2026-03-01&time=2026-03-02' });
    const row = await rowOf('编辑案例平台');
    // The platform's time zone (Asia/Shanghai): 01:30 UTC is 09:30.
    for (const text of ['2026-03-01 09:30', '王小明', 'w007', '案例平台 #12', '抖音国际', '203.0.113.9']) expect(within(row).getByText(text)).toBeInTheDocument();
    const refused = await rowOf('无权限，已拒绝');
    expect(within(refused).getByText('无权限，已拒绝')).toHaveClass('cell-tag--error');
    expect(within(refused).getByText('POST /api/audit/log_list')).toBeInTheDocument();
    const system = await rowOf('导出用户');
    expect(within(system).getByText('系统')).toBeInTheDocument();
    expect(within(system).getByText('全部用户')).toBeInTheDocument();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    expect(bodies(seen, '/api/audit/log_list')[0]).toEqual({ action: ['case.platform.edit', 'permission.denied'], time: ['2026-03-01', '2026-03-02'], limit: 50 });
  });

  it('filters by staff and keyword through the URL, and a record id only with its kind', async () => {
    const seen = api();
    renderInShell(<OperationLogPage />, { path: '/permission/operation_log' });
    await rowOf('编辑案例平台');
    expect(screen.getByRole('searchbox', { name: '对象 ID' })).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: '员工姓名或工号' }), ' w007 {Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/permission/operation_log?staff=w007'));
    await user.type(screen.getByRole('searchbox', { name: '搜索对象、IP 或变更内容' }), '抖音{Enter}');
    await waitFor(() => expect(bodies(seen, '/api/audit/log_list').at(-1)).toEqual({ staff: 'w007', keyword: '抖音', limit: 50 }));
    await user.click(screen.getByRole('button', { name: /清空筛选/ }));
    await waitFor(() => expect(currentUrl()).toBe('/permission/operation_log'));
  });

  it('shows a change field by field in the details drawer, the changed fields marked, and can show them alone', async () => {
    api();
    renderInShell(<OperationLogPage />, { path: '/permission/operation_log' });
    await user.click(within(await rowOf('编辑案例平台')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('操作详情')).toBeInTheDocument();
    expect(await within(drawer).findByText('修改了 4 个字段')).toBeInTheDocument();
    const changes = within(drawer).getByRole('region', { name: '变更内容' });
    const fieldRow = (label: string) => within(changes).getByText(label).closest('tr')!;
    // The resource's own labels name its fields.
    expect(fieldRow('平台名称')).toHaveClass('audit-change--changed');
    expect(within(fieldRow('平台名称')).getByText('已修改')).toBeInTheDocument();
    expect(within(fieldRow('平台名称')).getByText('抖音')).toHaveClass('audit-change__before');
    expect(within(fieldRow('平台名称')).getByText('抖音国际')).toHaveClass('audit-change__after');
    expect(within(fieldRow('排序')).getByText('5')).toBeInTheDocument();
    expect(within(fieldRow('启用')).getByText('是')).toBeInTheDocument();
    expect(within(fieldRow('启用')).getByText('否')).toBeInTheDocument();
    expect(within(fieldRow('更新时间')).getByText('2026-03-01 09:30:00')).toBeInTheDocument();
    expect(fieldRow('备注')).not.toHaveClass('audit-change--changed');
    expect(within(fieldRow('备注')).queryByText('已修改')).toBeNull();

    await user.click(within(drawer).getByRole('switch'));
    expect(within(changes).queryByText('备注')).toBeNull();
    expect(within(changes).getByText('平台名称')).toBeInTheDocument();
  });

  it('names a refusal’s required permission in the drawer', async () => {
    api();
    renderInShell(<OperationLogPage />, { path: '/permission/operation_log' });
    await user.click(within(await rowOf('无权限，已拒绝')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('操作详情')).toBeInTheDocument();
    expect(await within(drawer).findByText('查看操作日志（system.audit.view）')).toBeInTheDocument();
    expect(within(drawer).getByText('所需权限')).toBeInTheDocument();
    expect(within(drawer).queryByRole('region', { name: '变更内容' })).toBeNull();
  });

  it('closes the drawer at once: it only shows the entry', async () => {
    api();
    renderInShell(<OperationLogPage />, { path: '/permission/operation_log' });
    await user.click(within(await rowOf('编辑案例平台')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('操作详情')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByText('操作详情')).toBeNull());
    expect(screen.queryByText('确认关闭？')).toBeNull();
  });

  it('says so when the staff may not read the log', async () => {
    fakeApi({ 'POST /api/audit/log_list': () => fail(40300, '没有权限') });
    renderInShell(<OperationLogPage />, { profile: staffWith(), path: '/permission/operation_log' });
    expect(await screen.findByText('没有权限查看此页面')).toBeInTheDocument();
  });
});

describe('exporting the operation log', () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/0');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('exports the filtered log, not only the loaded rows, for staff holding the export', async () => {
    const seen = fakeApi({
      'POST /api/audit/log_list': () => answerOf(auditCalls.logList, { count: 3, data: [edit], next_cursor: 'bmV4dA' }),
      'POST /api/audit/log_export': () =>
        file(['PK\u0003\u0004'], {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="operation-log.xlsx"; filename*=UTF-8''${encodeURIComponent('操作日志-20260301-0930.xlsx')}`,
          'x-export-rows': '3',
          'x-export-estimated-bytes': '9000',
        }),
    });
    renderInShell(<OperationLogPage />, { profile: staffWith('system.audit.view', 'system.audit.export'), path: '/permission/operation_log?staff=w007' });
    await rowOf('编辑案例平台');
    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    expect(await screen.findByText('已导出 3 条记录：操作日志-20260301-0930.xlsx')).toBeInTheDocument();
    expect(saved).toEqual(['操作日志-20260301-0930.xlsx']);
    expect(bodies(seen, '/api/audit/log_export')).toEqual([{ staff: 'w007' }]);
  });

  it('offers no export to staff who may only read the log', async () => {
    api();
    renderInShell(<OperationLogPage />, { profile: staffWith('system.audit.view'), path: '/permission/operation_log' });
    await rowOf('编辑案例平台');
    expect(screen.queryByRole('button', { name: /导出 Excel/ })).toBeNull();
  });
});
