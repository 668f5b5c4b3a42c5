import { describe, expect, it } from 'vitest';
import { fieldOfIndex } from './resource-routes';

describe('fieldOfIndex', () => {
  it('names the field a unique index stands for, the longest key its name holds after the table’s name', () => {
    expect(fieldOfIndex(['name', 'name_en'], 'inform_type_name_en_key', 'inform_type')).toBe('name_en');
    expect(fieldOfIndex(['name', 'name_en'], 'inform_type_name_key', 'inform_type')).toBe('name');
    expect(fieldOfIndex(['name'], 'case_platform_pkey', 'case_platform')).toBeUndefined();
    // The table's own name holds a key too.
    expect(fieldOfIndex(['name', 'level'], 'agency_level_name_key', 'agency_level')).toBe('name');
    expect(fieldOfIndex(['name', 'level'], 'agency_level_level_key', 'agency_level')).toBe('level');
  });
});
