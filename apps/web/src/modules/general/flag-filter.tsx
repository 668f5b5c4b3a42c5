import { Select } from 'antd';

/** A yes / no filter as a select's value: antd's Select holds strings and numbers, not booleans. */
type Choice = 'all' | 'on' | 'off';

const choiceOf = (flag: boolean | undefined): Choice => (flag === undefined ? 'all' : flag ? 'on' : 'off');
const flagOf = (choice: Choice): boolean | undefined => (choice === 'all' ? undefined : choice === 'on');

/** A filter on a yes / no field: 全部… (no filter), then its yes and its no, each named as the screen names them. */
export function FlagFilter({ label, value, onChange, texts }: { label: string; value: boolean | undefined; onChange: (flag: boolean | undefined) => void; texts: Record<Choice, string> }) {
  return (
    <Select<Choice>
      aria-label={label}
      className="general-filter"
      value={choiceOf(value)}
      onChange={(choice) => onChange(flagOf(choice))}
      options={(['all', 'on', 'off'] as const).map((choice) => ({ value: choice, label: texts[choice] }))}
    />
  );
}
