import type { PowerNode, Profile } from '@juqi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { ShellContext } from '../../lib/shell-session';

export const superAdmin: Profile = {
  staff_id: 1,
  staff_num: 'admin',
  user_name: '管理员',
  user_face: '',
  phone: null,
  is_super_admin: true,
  menus: [],
  operations: [],
  linked_accounts: [],
};

export const staffWith = (...operations: string[]): Profile => ({
  ...superAdmin,
  staff_id: 2,
  staff_num: 'hr01',
  user_name: '人事',
  is_super_admin: false,
  operations,
});

/** Renders a page inside what the shell gives it: the query cache, antd's App context and the signed-in staff. */
export function renderPage(ui: ReactElement, profile: Profile = superAdmin) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <AntApp>
        <ShellContext value={{ profile, menus: { tree: [], routes: new Map() } }}>{ui}</ShellContext>
      </AntApp>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** A catalogue entry for fixtures: menus take a path, operations a code. */
export function entry(id: number, pid: number, kind: PowerNode['kind'], name: string, pathOrCode: string, children: PowerNode[] = []): PowerNode {
  return {
    id,
    pid,
    kind,
    name,
    name_en: '',
    path: kind === 'menu' ? pathOrCode : '',
    code: kind === 'operation' ? pathOrCode : '',
    icon: '',
    sort: id * 10,
    hidden: false,
    no_cache: false,
    children,
  };
}

/**
 * 设置 (1) › 角色设置 (2) › 查看角色 (3, role.view), 角色授权 (4, role.grant)
 *          › 财务设置 (5) › 充值设置 (6) › 导出 (7, finance.export)
 * 用户 (8) › 全部用户 (9)
 */
export const catalogueFixture: PowerNode[] = [
  entry(1, 0, 'menu', '设置', '/permission', [
    entry(2, 1, 'menu', '角色设置', '/permission/role', [
      entry(3, 2, 'operation', '查看角色', 'role.view'),
      { ...entry(4, 2, 'operation', '角色授权', 'role.grant'), name_en: 'Grant roles' },
    ]),
    entry(5, 1, 'menu', '财务设置', '/permission/finance', [
      entry(6, 5, 'menu', '充值设置', '/permission/finance/recharge', [entry(7, 6, 'operation', '导出', 'finance.export')]),
    ]),
  ]),
  entry(8, 0, 'menu', '用户', '/user', [{ ...entry(9, 8, 'menu', '全部用户', '/user/list'), name_en: 'All users' }]),
];
