import { describe, expect, it } from 'vitest';
import { RECHARGE_AMOUNT_MAX, RECHARGE_AMOUNT_MIN, functionCharge, rechargeLimits, rechargePreset, topUpPackage } from './finance-settings';

describe('the finance settings', () => {
  it('hold money as the registry’s number in fen, and beans as plain whole numbers', () => {
    expect(rechargePreset.definitions.amount).toMatchObject({ type: 'number', unit: 'fen', min: RECHARGE_AMOUNT_MIN, max: RECHARGE_AMOUNT_MAX });
    expect(topUpPackage.definitions.price).toMatchObject({ type: 'number', unit: 'fen' });
    for (const beans of [rechargePreset.definitions.bonus_beans, topUpPackage.definitions.beans, functionCharge.definitions.price_beans]) {
      expect(beans).toMatchObject({ type: 'number' });
      expect(beans).not.toHaveProperty('unit');
    }
  });

  it('take top-up limits in whole fen within the bounds of any top-up, the smallest not above the largest', () => {
    expect(rechargeLimits.parse({ min_amount: 1000, max_amount: 500_000 })).toEqual({ min_amount: 1000, max_amount: 500_000 });
    expect(rechargeLimits.safeParse({ min_amount: '1000', max_amount: 500_000 }).error?.issues[0]?.path).toEqual(['min_amount']);
    expect(rechargeLimits.parse({ min_amount: 1000, max_amount: 1000 })).toEqual({ min_amount: 1000, max_amount: 1000 });
    expect(rechargeLimits.safeParse({ min_amount: 2000, max_amount: 1000 }).error?.issues[0]?.path).toEqual(['max_amount']);
    for (const [bad, key] of [
      [{ min_amount: RECHARGE_AMOUNT_MIN - 1, max_amount: 1000 }, 'min_amount'],
      [{ min_amount: 1000, max_amount: RECHARGE_AMOUNT_MAX + 1 }, 'max_amount'],
      [{ min_amount: 1000.5, max_amount: 2000 }, 'min_amount'],
      [{ min_amount: 1000 }, 'max_amount'],
    ] as const) {
      expect(rechargeLimits.safeParse(bad).error?.issues[0]?.path, JSON.stringify(bad)).toEqual([key]);
    }
    expect(rechargeLimits.safeParse({ min_amount: 1000, max_amount: 2000, step: 1 }).success).toBe(false);
  });

  it('take a feature code of lowercase letters, digits, _ and . that starts with a letter', () => {
    const add = functionCharge.calls.add!.body!;
    const charge = { name: '智能标题生成', price_beans: 5, unit: 1 };
    for (const code of ['ai.title', 'seo.keyword_mining', 'ab']) expect(add.safeParse({ ...charge, code }).success, code).toBe(true);
    for (const code of ['a', 'AI.title', '1ai', 'ai-title', `a${'b'.repeat(50)}`]) expect(add.safeParse({ ...charge, code }).error?.issues[0]?.path, code).toEqual(['code']);
  });
});
