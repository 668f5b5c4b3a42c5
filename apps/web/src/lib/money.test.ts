import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

describe('formatCents', () => {
  it('shows integer cents as yuan with two decimals and separators', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456789)).toBe('1,234,567.89');
    expect(formatCents(-1050)).toBe('-10.50');
    // 0.1 + 0.2 style float error cannot appear: the digits come from the integer.
    expect(formatCents(30)).toBe('0.30');
  });
});
