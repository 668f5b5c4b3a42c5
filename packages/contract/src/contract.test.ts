import { describe, expect, it } from 'vitest';
import {
  allCalls,
  APPROVAL_KIND_NAMES,
  APPROVAL_KINDS,
  approvalCalls,
  defineApprovalKinds,
  gatherApprovalKinds,
  PERSONNEL_APPROVAL_KINDS,
  allResources, businessPackage, casePlatform, contractModules, defineContractModule, moduleCalls,
  callsByModule, errorCatalogue, localeFromHeader, menuTree, operationCatalogue, powerCalls, type MenuDefinition } from './index';

describe('the contract', () => {
  it('gathers every module’s approval kinds into the list the approval calls take, refusing a kind declared twice', () => {
    expect(APPROVAL_KINDS).toEqual(Object.keys(APPROVAL_KIND_NAMES));
    expect(APPROVAL_KINDS).toEqual(expect.arrayContaining(Object.keys(PERSONNEL_APPROVAL_KINDS)));
    expect(approvalCalls.flowAdd.body!.safeParse({ name: 'x', kind: 'resign', steps: [{ approver: 'department_head' }] }).success).toBe(true);
    expect(approvalCalls.flowAdd.body!.safeParse({ name: 'x', kind: 'nobody_declared', steps: [{ approver: 'department_head' }] }).success).toBe(false);
    const name = { 'zh-CN': '申请', 'en-US': 'Application' };
    expect(() => gatherApprovalKinds(defineApprovalKinds({ apply: name }), defineApprovalKinds({ apply: name }))).toThrow(/apply is declared twice/);
  });

  it('reads every call and resource from the modules’ manifests, each resource’s calls under its module, and refuses two calls of one name', () => {
    expect(allResources).toContain(businessPackage);
    expect(allCalls).toEqual(expect.arrayContaining([businessPackage.calls.list, businessPackage.calls.delete!, casePlatform.calls.export!]));
    expect(Object.values(callsByModule.business!)).toContain(businessPackage.calls.add!);
    expect(contractModules.map((module) => module.name)).toEqual(Object.keys(callsByModule));
    const twice = defineContractModule({ name: 'case', calls: [{ platformList: casePlatform.calls.list }], resources: [casePlatform] });
    expect(() => moduleCalls(twice)).toThrow(/case: two calls are named platformList/);
  });

  it('declares each method and path once', () => {
    const keys = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tags each call with the module that declares it and gives every call a summary and permission', () => {
    for (const [module, calls] of Object.entries(callsByModule)) {
      for (const call of Object.values(calls)) {
        expect(call.tag, call.path).toBe(module);
        expect(call.summary.length, call.path).toBeGreaterThan(3);
        const p = call.permission;
        expect(p === 'public' || p === 'signed-in' || p === 'app-user' || /^[a-z_]+(\.[a-z_]+)+$/.test(p.operation), call.path).toBe(true);
      }
    }
  });

  it('keeps every API path under /api, /api_user, the health check or the spec’s own /admin and /staff calls', () => {
    for (const call of allCalls) expect(call.path).toMatch(/^(\/api\/|\/api_user\/|\/healthz$|\/admin\/|\/staff\/)/);
  });

  it('maps every catalogue code to an HTTP status and messages in both languages', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(Math.floor(Number(code) / 100)).toBeGreaterThanOrEqual(200);
      expect(entry.message['zh-CN']).not.toBe('');
      expect(entry.message['en-US']).not.toBe('');
    }
    expect(errorCatalogue[50008].status).toBe(401);
  });

  it('answers in Chinese unless English comes first in Accept-Language', () => {
    expect(localeFromHeader(undefined)).toBe('zh-CN');
    expect(localeFromHeader('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeFromHeader('en-US,en;q=0.9')).toBe('en-US');
    expect(localeFromHeader('EN')).toBe('en-US');
  });

  it('names every menu and operation of the product in both languages, as the function screen could save them', () => {
    const { name, name_en: nameEn } = powerCalls.add.body!.shape;
    const menus = (items: MenuDefinition[]): MenuDefinition[] => items.flatMap((item) => [item, ...menus(item.children ?? [])]);
    for (const entry of [...menus(menuTree), ...operationCatalogue]) {
      expect(name.safeParse(entry.name).success, entry.name).toBe(true);
      expect(entry.nameEn.trim(), entry.name).not.toBe('');
      expect(nameEn.safeParse(entry.nameEn).success, entry.nameEn).toBe(true);
    }
  });
});
