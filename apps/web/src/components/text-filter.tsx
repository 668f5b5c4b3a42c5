import { Input } from 'antd';

interface TextFilterProps {
  label: string;
  value: string | undefined;
  maxLength: number;
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * A filter bar's text filter, applied on Enter or the search button (blank clears it); it follows the value when that
 * changes elsewhere (the URL, 清空筛选).
 */
export function TextFilter({ label, value, maxLength, onChange, disabled, className }: TextFilterProps) {
  return (
    <Input.Search
      key={value ?? ''}
      className={className}
      disabled={disabled}
      allowClear
      aria-label={label}
      placeholder={label}
      maxLength={maxLength}
      defaultValue={value}
      onSearch={(words) => onChange(words.trim() || undefined)}
    />
  );
}
