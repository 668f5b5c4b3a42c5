import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonInt, wholeNumber } from './call';
import { allCalls } from './index';

/** What `z.coerce.number()` turned into numbers, and no client means as one. */
const NOT_NUMBERS = ['1e3', '0x10', [100], true, '', ' ', '12abc', '1.5'];

describe('numbers in requests', () => {
  it('takes money and counts as JSON numbers only', () => {
    const amount = jsonInt(1, 1_000_000);
    expect(amount.parse(1000)).toBe(1000);
    for (const value of [...NOT_NUMBERS, '1000']) expect(amount.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(amount.safeParse(1.5).success).toBe(false);
  });

  it('takes ids, codes and paging as JSON numbers or their decimal digits', () => {
    const id = wholeNumber(1, 2_147_483_647);
    expect(id.parse(7)).toBe(7);
    expect(id.parse('7')).toBe(7);
    expect(id.parse(' 42 ')).toBe(42);
    for (const value of NOT_NUMBERS) expect(id.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(id.safeParse('0').success).toBe(false);
    expect(id.safeParse('2147483648').success).toBe(false);
  });

  it('refuses every call’s amounts and quantities as text, and coerces no number anywhere', () => {
    const moneyKeys = /^(amount|amount_min|amount_max|quantity|price|threshold|.*_threshold|.*_limit)$/;
    const numberKeys = /^(.*amount.*|quantity|price.*|.*_threshold|.*_limit|.*_id|id|page|limit|sort|step|pid)$/;
    let checked = 0;
    for (const call of allCalls) {
      const body = call.body;
      if (!(body instanceof z.ZodObject)) continue;
      for (const [key, schema] of Object.entries(body.shape as Record<string, z.ZodType>)) {
        // A key that takes a number (an audit target id is text).
        if (!numberKeys.test(key) || ![1, 100, 10_000].some((n) => schema.safeParse(n).success)) continue;
        checked++;
        for (const value of ['1e3', [100], true]) expect(schema.safeParse(value).success, `${call.path} ${key} ${JSON.stringify(value)}`).toBe(false);
        if (moneyKeys.test(key)) expect(schema.safeParse('100').success, `${call.path} ${key} "100"`).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
