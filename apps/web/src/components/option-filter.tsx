import { Select } from 'antd';
import { useMessages } from '../lib/i18n';
import { commonMessages } from './messages';
import './option-filter.css';

/** One filter of a record list choosing among options, its label inside; cleared to 全部. */
export function OptionFilter<V extends string | number>(props: { label: string; value: V | undefined; options: { value: V; label: string }[] | undefined; search?: boolean; onChange: (value: V | undefined) => void }) {
  const common = useMessages(commonMessages);
  return (
    <Select<V>
      allowClear
      placeholder={common.all}
      popupMatchSelectWidth={false}
      showSearch={props.search ? { optionFilterProp: 'label' } : undefined}
      className="option-filter"
      prefix={props.label}
      aria-label={props.label}
      value={props.value}
      options={props.options}
      onChange={(value) => props.onChange(value ?? undefined)}
    />
  );
}
