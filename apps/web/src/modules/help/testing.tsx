import type { HelpCategory, HelpFunction } from '@juqi/contract';
export { answerOf, fakeApi, fail, ok } from '../../test/fake-api';
export { renderInShell, staffWith } from '../../test/render-in-shell';

// ---- fixtures ----

const tops: HelpCategory[] = [
  { id: 1, pid: 0, level: 1, name: '系统设置', sort: 1, options: [{ id: 11, name: '角色与权限' }, { id: 12, name: '站点' }] },
  { id: 2, pid: 0, level: 1, name: '用户中心', sort: 2, options: [{ id: 21, name: '实名认证' }] },
];
const subs: Record<number, HelpCategory[]> = {
  1: [
    { id: 11, pid: 1, level: 2, name: '角色与权限', sort: 1, options: [] },
    { id: 12, pid: 1, level: 2, name: '站点', sort: 2, options: [] },
  ],
  2: [{ id: 21, pid: 2, level: 2, name: '实名认证', sort: 1, options: [] }],
};
const functions: Record<number, HelpFunction[]> = {
  11: [
    { id: 101, pid: 11, name: '角色授权', explains: '<p>勾选菜单即可<strong>授权</strong>。</p><img src="x" onerror="window.__xss=1">', sort: 1 },
    { id: 102, pid: 11, name: '新增角色', explains: '<p>填写角色名称。</p>', sort: 2 },
  ],
  12: [],
  21: [{ id: 201, pid: 21, name: '审核实名', explains: '<p>查看证件后通过或驳回。</p>', sort: 1 }],
};
export const categoryFixture = { tops, subs, functions };
