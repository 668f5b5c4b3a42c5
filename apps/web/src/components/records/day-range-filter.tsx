import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useMessages } from '../../lib/i18n';
import { commonMessages } from '../messages';

const DAY = 'YYYY-MM-DD';

type DayRangeFilterProps = {
  /** Shown in the field and its accessible name. */
  label: string;
  className?: string;
  /** The longest range that may be picked, in days (both ends counted): days further from the first are out of reach. */
  maxDays?: number;
} & (
  | {
      /** Always a range: no clear button, and a half-picked range is not handed on. */
      required: true;
      openEnds?: never;
      value: [string, string];
      onChange: (value: [string, string]) => void;
    }
  | {
      required?: false;
      /** Either end may be left empty (from a day on, up to a day): the empty end is null. */
      openEnds: true;
      value: [string | null, string | null] | undefined;
      onChange: (value: [string | null, string | null] | undefined) => void;
    }
  | {
      required?: false;
      openEnds?: false;
      value: [string, string] | undefined;
      onChange: (value: [string, string] | undefined) => void;
    }
);

const dayOf = (value: string | null) => (value ? dayjs(value) : null);

/**
 * A `[first day, last day]` filter (both included), as the contract's day ranges are written; every screen's day range
 * is this one. Plain calendar days: the server counts them in the platform's time zone, as the screens show times
 * (docs/time.md).
 */
export function DayRangeFilter(props: DayRangeFilterProps) {
  const { label, className, maxDays } = props;
  const t = useMessages(commonMessages);
  const pick = (days: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null) => {
    const [from, to] = [days?.[0]?.format(DAY) ?? null, days?.[1]?.format(DAY) ?? null];
    if (props.openEnds) props.onChange(from || to ? [from, to] : undefined);
    else if (props.required) {
      if (from && to) props.onChange([from, to]);
    } else props.onChange(from && to ? [from, to] : undefined);
  };
  return (
    <DatePicker.RangePicker
      className={className}
      prefix={label}
      aria-label={label}
      placeholder={[t.startDay, t.endDay]}
      value={props.value ? [dayOf(props.value[0]), dayOf(props.value[1])] : null}
      allowEmpty={props.openEnds ? [true, true] : undefined}
      allowClear={!props.required}
      disabledDate={maxDays === undefined ? undefined : (current, { from }) => from !== undefined && Math.abs(current.diff(from, 'day')) >= maxDays}
      onChange={pick}
    />
  );
}
