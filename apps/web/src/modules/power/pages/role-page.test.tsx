import { powerCalls, type Role } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callKey } from '../../../lib/call-hooks';
import { usePreferences } from '../../../lib/preferences';
import { answerOf, fakeApi, type Handler } from '../../../test/fake-api';
import { catalogueFixture, renderPage, staffWith } from '../testing';
import { RolePage } from './role-page';

// antd is slow in jsdom on two cores: no delay between keystrokes, and time for the dialogs.
const user = userEvent.setup({ delay: null });

const role = (id: number, name: string, staffCount: number): Role => ({
  id,
  name,
  remark: `${name}的备注`,
  staff_count: staffCount,
  created_at: '2026-03-01T08:00:00.000Z',
});

const roles = [role(1, '运营专员', 3), role(2, '财务专员', 0)];

/** The tree node whose title is `name`. */
const treeNode = (name: string) => screen.getByText(name).closest('.ant-tree-treenode') as HTMLElement;
const checkbox = (name: string) => treeNode(name).querySelector('.ant-tree-checkbox') as HTMLElement;

function api(grant: Handler) {
  return fakeApi({
    'POST /api/power/role_list': () => answerOf(powerCalls.roleList, { count: roles.length, data: roles }),
    // The role grants the 用户 section; the caller holds everything but 角色授权 (4) and 导出 (7). No powerparticulars:
    // the grant editor needs only role.view, so the tree comes with the grants.
    'POST /api/power/role_grants': () => answerOf(powerCalls.roleGrants, { power_ids: [8, 9], grantable_ids: [1, 2, 3, 5, 6, 8, 9], tree: catalogueFixture }),
    'POST /api/power/role_grant': grant,
  });
}

async function openGrants(roleName: string, button = /授权/) {
  const row = (await screen.findByText(roleName)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe('RolePage', () => {
  it('lists the roles with their remarks and staff counts', async () => {
    const seen = api(() => answerOf(powerCalls.roleGrant, { power_ids: [] }));
    renderPage(<RolePage />);
    const row = (await screen.findByText('运营专员')).closest('tr') as HTMLElement;
    expect(within(row).getByText('运营专员的备注')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('财务专员')).toBeInTheDocument();
    expect(screen.getByText('共 2 个角色')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新增角色/ })).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/power/role_list', body: { page: 1, limit: 20 } });
  });

  it('shows the buttons of operations the staff holds, and only those', async () => {
    api(() => answerOf(powerCalls.roleGrant, { power_ids: [] }));
    renderPage(<RolePage />, staffWith('role.view'));
    const row = (await screen.findByText('运营专员')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: /查看权限/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /编辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增角色/ })).toBeNull();
  });

  it('shows 暂无数据 when no role matches', async () => {
    fakeApi({ 'POST /api/power/role_list': () => answerOf(powerCalls.roleList, { count: 0, data: [] }) });
    renderPage(<RolePage />);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('disables the entries the staff may not grant, and sends the checked ids', async () => {
    const seen = api(({ body }) => answerOf(powerCalls.roleGrant, { power_ids: (body as { power_ids: number[] }).power_ids }));
    const { client } = renderPage(<RolePage />);
    client.setQueryData(['auth', 'session', 'menus'], []);
    const dialog = await openGrants('运营专员');
    await within(dialog).findByText('角色授权');

    expect(treeNode('角色授权')).toHaveClass('ant-tree-treenode-disabled');
    expect(treeNode('导出')).toHaveClass('ant-tree-treenode-disabled');
    expect(treeNode('查看角色')).not.toHaveClass('ant-tree-treenode-disabled');
    expect(checkbox('全部用户')).toHaveClass('ant-tree-checkbox-checked');
    // Operations read differently from menus: tagged, with their code.
    expect(within(treeNode('查看角色')).getByText('role.view')).toBeInTheDocument();

    // 查看角色 brings its page and section; 全部用户 is unchecked, and with it the emptied 用户 group.
    await user.click(checkbox('查看角色'));
    await user.click(checkbox('全部用户'));
    // A disabled entry does not change.
    await user.click(checkbox('角色授权'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(seen.some((c) => c.url === '/api/power/role_grant')).toBe(true));
    expect(seen.find((c) => c.url === '/api/power/role_grant')!.body).toEqual({ id: 1, power_ids: [1, 2, 3] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The shell's menus are refetched, so the signed-in staff sees new grants without signing out.
    expect(client.getQueryState(['auth', 'session', 'menus'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(callKey(powerCalls.roleGrants, { id: 1 }))).toBeUndefined();
  });

  it('keeps the editor open and names the refused entries when the server answers 40300', async () => {
    api(() => ({ code: 40300, message: '没有权限执行此操作', data: { field: 'power_ids', power_ids: [6] } }));
    renderPage(<RolePage />);
    const dialog = await openGrants('运营专员');
    await within(dialog).findByText('充值设置');
    await user.click(checkbox('充值设置'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    expect(await within(dialog).findByText('您没有以下权限，不能授予：充值设置')).toBeInTheDocument();
    // The client's toast carries the server's message too.
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(checkbox('充值设置')).toHaveClass('ant-tree-checkbox-checked');
  });

  describe('in English', () => {

    it('names entries in English where they have English names, in the tree and in what was refused', async () => {
      usePreferences.getState().setLanguage('en-US');
      api(() => ({ code: 40300, message: 'You do not have permission for this', data: { field: 'power_ids', power_ids: [9, 6] } }));
      renderPage(<RolePage />);
      const dialog = await openGrants('运营专员', /Grant/);
      // 全部用户 and the operation 角色授权 have English names; 充值设置 has none and keeps its own.
      expect(await within(dialog).findByText('All users')).toBeInTheDocument();
      expect(within(dialog).queryByText('全部用户')).toBeNull();
      expect(within(dialog).getByText('Grant roles')).toBeInTheDocument();
      expect(within(dialog).getByText('充值设置')).toBeInTheDocument();
      await user.click(checkbox('充值设置'));
      await user.click(within(dialog).getByRole('button', { name: /Save/ }));
      expect(await within(dialog).findByText('You do not hold these, so you cannot grant them: All users, 充值设置')).toBeInTheDocument();
    });
  });
});
