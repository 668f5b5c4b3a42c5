import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useMessages } from '../../lib/i18n';
import { commonMessages } from '../messages';

const DAY = 'YYYY-MM-DD';

interface DayRangeFilterProps {
  /** Shown in the field and its accessible name. */
  label: string;
  value: [string, string] | undefined;
  onChange: (value: [string, string] | undefined) => void;
  className?: string;
}

/**
 * A `[first day, last day]` filter (both included), as the contract's day ranges are written. Plain calendar days: the
 * server counts them in the platform's time zone, as the screens show times (docs/time.md).
 */
export function DayRangeFilter({ label, value, onChange, className }: DayRangeFilterProps) {
  const t = useMessages(commonMessages);
  return (
    <DatePicker.RangePicker
      className={className}
      prefix={label}
      aria-label={label}
      placeholder={[t.startDay, t.endDay]}
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      allowClear
      onChange={(days) => onChange(days?.[0] && days[1] ? [days[0].format(DAY), days[1].format(DAY)] : undefined)}
    />
  );
}
