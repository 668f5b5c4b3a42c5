import { describe, expect, it } from 'vitest';
import { recordNumber } from './record-number';

describe('recordNumber', () => {
  it('reads the time on the platform’s clocks, then six random digits', () => {
    const at = new Date('2026-11-28T17:19:05.000Z');
    expect(recordNumber('AJ', at, 'Asia/Shanghai')).toMatch(/^AJ20261129011905\d{6}$/);
    expect(recordNumber('TU', at, 'America/New_York')).toMatch(/^TU20261128121905\d{6}$/);
  });
});
