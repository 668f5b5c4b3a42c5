import { describe, expect, it } from 'vitest';
import { allResources } from './index';
import { menuPaths } from './menu-tree';
import { operationCatalogue } from './operations';
import type { ResourceField } from './resource';

/** Every declared resource, checked from its declaration: what a screen built from it will need is there. */
describe.each(allResources.map((resource) => [`${resource.module}.${resource.thing}`, resource] as const))('declaration %s', (_name, resource) => {
  const fields = resource.fields as Record<string, ResourceField>;

  it('sits on a menu entry, and its operations are in the catalogue under that entry', () => {
    expect(menuPaths()).toContain(resource.menu);
    for (const code of new Set(Object.values(resource.operations))) {
      expect(operationCatalogue.find((entry) => entry.code === code), code).toMatchObject({ menu: resource.menu });
    }
  });

  it('lists columns the answers hold and orders by one of them', () => {
    const rowKeys = Object.keys(resource.row.shape);
    for (const column of resource.columns) expect(rowKeys, column).toContain(column);
    expect(rowKeys).toContain(resource.order.by);
  });

  it('offers a form field for every declared field but the state, on add and on edit', () => {
    const state = resource.states?.field;
    for (const call of [resource.calls.add, resource.calls.edit]) {
      if (!call) continue;
      const shape = (call.body as unknown as { shape: Record<string, unknown> }).shape;
      for (const key of Object.keys(fields)) {
        if (key === state) expect(Object.keys(shape), `${call.path} ${key}: only actions write the state`).not.toContain(key);
        else expect(Object.keys(shape), `${call.path} ${key}`).toContain(key);
      }
    }
  });

  it.runIf(resource.states)('moves between states by actions under operations in the catalogue (of its menu or another listing it), each labelled in both languages', () => {
    for (const [name, action] of Object.entries(resource.states!.actions)) {
      expect([resource.menu, ...(resource.alsoAt ?? [])], `${name}: ${action.operation}`).toContain(operationCatalogue.find((entry) => entry.code === action.operation)?.menu);
      expect(action.label['zh-CN'].trim() && action.label['en-US'].trim(), name).not.toBe('');
      expect(resource.actionCalls[name]!.path).toBe(`/api/${resource.module}/${resource.thing}_${name}`);
    }
  });

  it('validates and draws every field but rich text by its registry type, through its definition', () => {
    for (const [key, field] of Object.entries(fields)) expect(resource.definitions[key]?.key, key).toBe(field.kind === 'richtext' ? undefined : key);
  });

  it('names itself, its fields and their options in both languages', () => {
    const texts = [resource.label, ...Object.values(fields).flatMap((field) => [field.label, ...(field.kind === 'select' ? field.options.map((o) => o.label) : [])])];
    for (const text of texts) {
      expect(text['zh-CN'].trim(), JSON.stringify(text)).not.toBe('');
      expect(text['en-US'].trim(), JSON.stringify(text)).not.toBe('');
    }
  });
});
