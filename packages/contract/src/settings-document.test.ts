import { describe, expect, it } from 'vitest';
import { agencyLoginSettings } from './agency';
import { defineSettingsDocument } from './settings-document';

const texts = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });
const declare = (defaults: { days: number; weekdays: string[] }) =>
  defineSettingsDocument({
    module: 'demo',
    thing: 'rule',
    menu: '/permission/demo/rule',
    label: texts('规则'),
    operations: { view: 'demo.rule.view', edit: 'demo.rule.edit' },
    fields: {
      days: { kind: 'number', label: texts('天数'), min: 1, max: 30 },
      weekdays: { kind: 'checkbox', label: texts('星期'), options: [{ value: 'mon', label: texts('周一') }, { value: 'tue', label: texts('周二') }] },
    },
    defaults,
  });

describe('settings documents', () => {
  it('refuses, as the contract loads, a default its field’s rule refuses — a number out of bounds, no option ticked', () => {
    expect(() => declare({ days: 31, weekdays: ['mon'] })).toThrow('demo.rule: the default of days breaks its rule');
    expect(() => declare({ days: 3, weekdays: [] })).toThrow('demo.rule: the default of weekdays breaks its rule');
    expect(() => declare({ days: 3, weekdays: ['mon'] })).not.toThrow();
  });

  it('takes the whole document only, and reads a stored one with each missing or broken field at its default', () => {
    const { document, stored, defaults } = agencyLoginSettings;
    expect(document.safeParse(defaults).success).toBe(true);
    expect(document.safeParse({ platforms: ['ios'] }).success).toBe(false);
    expect(document.safeParse({ ...defaults, platforms: ['ios', 'desktop'] }).success).toBe(false);
    expect(document.safeParse({ ...defaults, extra: 1 }).success).toBe(false);
    expect(stored.parse({ platforms: ['ios'] })).toEqual({ platforms: ['ios'], max_sessions: 3 });
    expect(stored.parse({ platforms: [], max_sessions: 99 })).toEqual(defaults);
  });
});
