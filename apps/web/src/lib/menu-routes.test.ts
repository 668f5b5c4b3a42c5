import { menuTree } from '@juqi/contract';
import { describe, expect, it } from 'vitest';
import { menu } from '../test/fake-api';
import { MENU_ICON_NAMES } from '../components/menu-icons';
import { buildMenuModel, resolvePath, sectionOf } from './menu-routes';

const menus = [
  menu('/user', '用户', [menu('/user/login_log', '登录记录', [], { sort: 30 }), menu('/user/list', '全部用户', [], { sort: 10 })], { sort: 20 }),
  menu('/human', '人力资源', [menu('/human/dashboard', '人力看板'), menu('/man/employee', '员工管理', [], { sort: 1 })], { sort: 10 }),
  menu('/permission', '设置', [
    menu('/permission/finance', '财务设置', [
      menu('/permission/finance/recharge', '充值设置', [menu('/permission/finance/recharge/deep', '第四层')]),
    ]),
    menu('/permission/detail', '详情', [], { hidden: true, no_cache: true }),
  ]),
];
const model = buildMenuModel(menus, '首页', 'zh-CN');

describe('routes built from the menu list', () => {
  it('sorts every level by sort', () => {
    expect(model.tree.map((m) => m.path)).toEqual(['/permission', '/human', '/user']);
    expect(model.tree[2]!.children.map((m) => m.path)).toEqual(['/user/list', '/user/login_log']);
  });

  it('adds a route per permitted menu path, titled by its name, and nothing below the third level', () => {
    expect(resolvePath(model, '/user/list')).toMatchObject({ kind: 'page', route: { title: '全部用户', section: '/user' } });
    expect(resolvePath(model, '/permission/finance/recharge')).toMatchObject({ kind: 'page', route: { title: '充值设置' } });
    expect(resolvePath(model, '/permission/finance/recharge/deep')).toEqual({ kind: 'not-found' });
  });

  it('sends / to /dashboard, which is always allowed, pinned, and in no section', () => {
    expect(resolvePath(model, '/')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolvePath(buildMenuModel([], '首页', 'zh-CN'), '/dashboard')).toMatchObject({ kind: 'page', route: { affix: true } });
    expect(sectionOf(model, '/dashboard')).toBeUndefined();
  });

  it('names entries in English in en-US where they have an English name, in Chinese where not', () => {
    const named = [menu('/user', '用户', [menu('/user/list', '全部用户', [], { name_en: 'All users' }), menu('/user/x', '新页面')], { name_en: 'Users' })];
    const english = buildMenuModel(named, 'Home', 'en-US');
    expect(english.tree[0]!.name).toBe('Users');
    expect(english.tree[0]!.children.map((m) => m.name)).toEqual(['All users', '新页面']);
    expect(resolvePath(english, '/user/list')).toMatchObject({ kind: 'page', route: { title: 'All users' } });
    const chinese = buildMenuModel(named, '首页', 'zh-CN');
    expect(resolvePath(chinese, '/user/list')).toMatchObject({ kind: 'page', route: { title: '全部用户' } });
    expect(chinese.tree[0]!.name).toBe('用户');
  });

  it('opens the first child of an entry that has children', () => {
    expect(resolvePath(model, '/user')).toEqual({ kind: 'redirect', to: '/user/list' });
    expect(resolvePath(model, '/permission')).toEqual({ kind: 'redirect', to: '/permission/finance/recharge' });
  });

  it('answers not-found for unknown and unpermitted paths', () => {
    expect(resolvePath(model, '/nope')).toEqual({ kind: 'not-found' });
    expect(resolvePath(model, '/finance/user_recharge')).toEqual({ kind: 'not-found' });
  });

  it('keeps hidden entries as routes (with their no-cache mark) and treats a trailing slash as the same route', () => {
    expect(resolvePath(model, '/permission/detail')).toMatchObject({ kind: 'page', route: { noCache: true } });
    expect(resolvePath(model, '/user/list/')).toEqual({ kind: 'redirect', to: '/user/list' });
  });

  it('finds the section through the menu tree: /man/employee belongs to /human', () => {
    expect(sectionOf(model, '/man/employee')?.path).toBe('/human');
    expect(sectionOf(model, '/permission/finance/recharge')?.name).toBe('设置');
  });
});

describe('menu icons', () => {
  it('knows every icon the seeded menu tree names', () => {
    const named = (nodes: typeof menuTree): string[] => nodes.flatMap((n) => [n.icon ?? '', ...named(n.children ?? [])]);
    expect(named(menuTree).filter((icon) => icon && !MENU_ICON_NAMES.includes(icon))).toEqual([]);
  });
});
