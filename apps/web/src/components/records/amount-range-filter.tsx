import { InputNumber, Space } from 'antd';
import { defineMessages, useMessages } from '../../lib/i18n';

const texts = defineMessages({
  'zh-CN': { amountMin: '最低金额', amountMax: '最高金额', beans: '金豆' },
  'en-US': { amountMin: 'Min amount', amountMax: 'Max amount', beans: 'Beans' },
});

export interface AmountRange {
  amount_min?: number;
  amount_max?: number;
}

/** What an amount range counts: fen (typed in yuan, two decimals) or whole beans (typed and sent as they are). */
export type AmountUnit = 'fen' | 'bean';

/**
 * A record list's `amount_min` / `amount_max` filter in `unit` (fen by default, typed in yuan); `onChange` gets the bound
 * that changed, in that unit (cleared: undefined). The finance records and 订单中心 filter by it.
 */
export function AmountRangeFilter({ value, onChange, unit = 'fen' }: { value: AmountRange; onChange: (patch: AmountRange) => void; unit?: AmountUnit }) {
  const t = useMessages(texts);
  const cash = unit === 'fen';
  const scale = cash ? 100 : 1;
  const bound = (key: keyof AmountRange, label: string) => (
    <InputNumber<number>
      aria-label={label}
      placeholder={label}
      prefix={cash ? '¥' : undefined}
      suffix={cash ? undefined : t.beans}
      min={0}
      precision={cash ? 2 : 0}
      value={value[key] === undefined ? null : value[key] / scale}
      onChange={(typed) => onChange({ [key]: typed === null ? undefined : Math.round(typed * scale) })}
    />
  );
  return (
    <Space.Compact className="amount-range-filter">
      {bound('amount_min', t.amountMin)}
      {bound('amount_max', t.amountMax)}
    </Space.Compact>
  );
}
