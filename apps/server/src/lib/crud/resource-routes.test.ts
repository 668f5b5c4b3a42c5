import { describe, expect, it } from 'vitest';
import { fieldOfIndex } from './resource-routes';

describe('fieldOfIndex', () => {
  it('names the field a unique index stands for, the longest key its name holds', () => {
    expect(fieldOfIndex(['name', 'name_en'], 'inform_type_name_en_key')).toBe('name_en');
    expect(fieldOfIndex(['name', 'name_en'], 'inform_type_name_key')).toBe('name');
    expect(fieldOfIndex(['name'], 'case_platform_pkey')).toBeUndefined();
  });
});
