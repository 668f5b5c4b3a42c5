import { powerCalls, type PowerNode } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../../lib/preferences';
import { answerOf, fail, fakeApi, ok, type Handler } from '../../../test/fake-api';
import { catalogueFixture, renderPage, staffWith } from '../testing';
import { FunctionPage } from './function-page';

// antd is slow in jsdom on two cores: no delay between keystrokes, and time for the dialogs.
const user = userEvent.setup({ delay: null });

const rowOf = (name: string) => screen.getAllByText(name).map((el) => el.closest('tr')).find(Boolean) as HTMLElement;

function api(add: Handler = () => ok(null)) {
  return fakeApi({
    'POST /api/power/powerparticulars': () => answerOf(powerCalls.particulars, { tree: catalogueFixture }),
    'POST /api/power/poweradd': add,
  });
}

async function chooseParent(dialog: HTMLElement, name: string) {
  const select = within(dialog).getByRole('combobox', { name: /上级菜单/ });
  await user.click(select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-tree-title')].find((el) => el.textContent?.startsWith(name));
    if (!found) throw new Error(`no option ${name}`);
    return found as HTMLElement;
  });
  await user.click(option);
}

describe('FunctionPage', () => {
  it('shows the catalogue as a tree, operations with their code', async () => {
    api();
    renderPage(<FunctionPage />);
    expect(await screen.findByText('角色设置')).toBeInTheDocument();
    // Sections open at first; everything on demand.
    expect(screen.queryByText('角色授权')).toBeNull();
    await user.click(screen.getByRole('button', { name: /全部展开/ }));
    expect(within(rowOf('角色授权')).getAllByText('role.grant').length).toBeGreaterThan(0);
    expect(within(rowOf('角色授权')).getAllByText('操作').length).toBeGreaterThan(0);
    expect(within(rowOf('全部用户')).getByText('/user/list')).toBeInTheDocument();
    expect(within(rowOf('全部用户')).getByText('All users')).toBeInTheDocument();
    expect(within(rowOf('角色授权')).getByText('Grant roles')).toBeInTheDocument();
  });

  it('offers no submenu under a third-level menu, and the form refuses a fourth level', async () => {
    const seen = api();
    renderPage(<FunctionPage />);
    await screen.findByText('财务设置');
    await user.click(screen.getByRole('button', { name: /全部展开/ }));
    expect(within(rowOf('财务设置')).getByRole('button', { name: '新增子菜单' })).toBeInTheDocument();
    expect(within(rowOf('充值设置')).queryByRole('button', { name: '新增子菜单' })).toBeNull();
    expect(within(rowOf('充值设置')).getByRole('button', { name: '新增操作' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /新增一级菜单/ }));
    const dialog = await screen.findByRole('dialog');
    await chooseParent(dialog, '充值设置');
    await user.type(within(dialog).getByLabelText('名称'), '第四级');
    await user.type(within(dialog).getByLabelText('路径'), '/permission/finance/recharge/deep');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    expect(await within(dialog).findByText('菜单最多三级，不能再往下新增一级')).toBeInTheDocument();
    expect(seen.some((c) => c.url === '/api/power/poweradd')).toBe(false);
  });

  it('adds a submenu, and puts a server conflict on the field it concerns', async () => {
    const seen = api(({ body }) => {
      const input = body as PowerNode;
      return input.path === '/permission/taken'
        ? fail(40900, 'path /permission/taken is already used', { field: 'path' })
        : answerOf(powerCalls.add, { ...input, id: 99, children: [] });
    });
    renderPage(<FunctionPage />);
    await screen.findByText('设置');
    await user.click(within(rowOf('设置')).getByRole('button', { name: '新增子菜单' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '新页面');
    await user.type(within(dialog).getByLabelText('英文名称'), ' New page ');
    // The path starts from the parent's.
    await user.type(within(dialog).getByLabelText('路径'), 'taken');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该路径已被其他菜单使用')).toBeInTheDocument();

    const path = within(dialog).getByLabelText('路径');
    await user.clear(path);
    await user.type(path, '/permission/fresh');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const adds = seen.filter((c) => c.url === '/api/power/poweradd');
    expect(adds[1]!.body).toEqual({
      kind: 'menu',
      pid: 1,
      name: '新页面',
      name_en: 'New page',
      path: '/permission/fresh',
      code: '',
      icon: '',
      sort: 60,
      hidden: false,
      no_cache: false,
    });
  });

  it('checks the operation code format before sending', async () => {
    const seen = api();
    renderPage(<FunctionPage />);
    await screen.findByText('全部用户');

    await user.click(within(rowOf('全部用户')).getByRole('button', { name: '新增操作' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '导出用户');
    await user.type(within(dialog).getByLabelText('操作代码'), 'Export');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(/代码格式如 module\.action/)).toBeInTheDocument();
    expect(seen.some((c) => c.url === '/api/power/poweradd')).toBe(false);
  });

  it('edits the English name of a menu and of an operation', async () => {
    const seen = fakeApi({
      'POST /api/power/powerparticulars': () => answerOf(powerCalls.particulars, { tree: catalogueFixture }),
      'POST /api/power/poweredit': ({ body }) => answerOf(powerCalls.edit, { ...(body as PowerNode), kind: 'menu', children: [] }),
    });
    renderPage(<FunctionPage />);
    await screen.findByText('全部用户');
    await user.click(screen.getByRole('button', { name: '编辑 全部用户' }));
    let dialog = await screen.findByRole('dialog');
    // /user/list is one of the product's menus: its path is fixed, as the server holds it.
    expect(within(dialog).getByLabelText('路径')).toBeDisabled();
    const english = within(dialog).getByLabelText('英文名称');
    expect(english).toHaveValue('All users');
    await user.clear(english);
    await user.type(english, 'Everyone');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /全部展开/ }));
    await user.click(screen.getByRole('button', { name: '编辑 角色授权' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('操作代码')).toBeDisabled();
    const operationEnglish = within(dialog).getByLabelText('英文名称');
    expect(operationEnglish).toHaveValue('Grant roles');
    await user.type(operationEnglish, ' to staff');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const edits = seen.filter((c) => c.url === '/api/power/poweredit').map((c) => c.body as { id: number; name_en: string });
    expect(edits.map((e) => [e.id, e.name_en])).toEqual([
      [9, 'Everyone'],
      [4, 'Grant roles to staff'],
    ]);
    // The product's own entries cannot be deleted; an entry of the staff's own making can.
    expect(screen.getByRole('button', { name: '删除 全部用户' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '删除 导出' })).toBeEnabled();
  });

  it('shows no editing buttons without power.edit', async () => {
    api();
    renderPage(<FunctionPage />, staffWith('power.view'));
    await screen.findByText('角色设置');
    expect(screen.queryByRole('button', { name: /新增一级菜单/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增子菜单' })).toBeNull();
  });

  describe('in English', () => {

    it('names the parent menus as the English sidebar does, and the table shows both names', async () => {
      usePreferences.getState().setLanguage('en-US');
      api();
      renderPage(<FunctionPage />);
      await screen.findByText('用户');
      await user.click(screen.getByRole('button', { name: /Expand all/ }));
      // The table edits both names, so it shows both.
      expect(within(rowOf('全部用户')).getByText('All users')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /New top-level menu/ }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('combobox', { name: /Parent menu/ }));
      const titles = await waitFor(() => {
        const found = [...document.querySelectorAll('.ant-select-tree-title')].map((el) => el.textContent);
        if (!found.length) throw new Error('no options yet');
        return found;
      });
      // 全部用户 has an English name; 用户 has none and keeps its own.
      expect(titles).toEqual(expect.arrayContaining(['用户  /user', 'All users  /user/list']));
      expect(titles).not.toContain('全部用户  /user/list');
    });
  });
});
