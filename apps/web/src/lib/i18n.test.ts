import { describe, expect, it } from 'vitest';
import { format } from './i18n';

describe('format', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(format('{done}/{total} done', { done: 2, total: 5 })).toBe('2/5 done');
    expect(format('共 {count} 条，{other}', { count: 3 })).toBe('共 3 条，{other}');
  });

  it('takes the one form of a two-form text for a count of 1 and the other form for any other count', () => {
    const roles = '1 role|{count} roles';
    expect(format(roles, { count: 1 })).toBe('1 role');
    expect(format(roles, { count: 0 })).toBe('0 roles');
    expect(format(roles, { count: 2 })).toBe('2 roles');
    // Counts already formatted for display: '1' is one, '1,234' is more.
    expect(format('Published to 1 user|Published to {count} users', { count: '1' })).toBe('Published to 1 user');
    expect(format('Published to 1 user|Published to {count} users', { count: '1,234' })).toBe('Published to 1,234 users');
  });
});
