import { Input, Tooltip } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { DEBOUNCE_MS } from '../../../lib/constants';

interface SearchBoxProps {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** What the text must look like (a mobile, a user ID); other text is refused with `invalidText` instead of sent. */
  pattern?: RegExp;
  invalidText?: string;
  maxLength: number;
  /** Apply while typing, after the §9 pause, as well as on Enter (for boxes without a pattern). */
  live?: boolean;
  numeric?: boolean;
  className?: string;
}

/** A search box whose text becomes a filter value (trimmed; empty clears it), following the value when it changes elsewhere. */
export function SearchBox({ label, value, onChange, pattern, invalidText, maxLength, live, numeric, className }: SearchBoxProps) {
  const [typed, setTyped] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);
  // The filter changed elsewhere (Back, clear, a link): the box follows, unless it already says that.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((value ?? '') !== typed.trim()) setTyped(value ?? '');
  }

  const apply = (text: string) => {
    const next = text.trim();
    if (next && pattern && !pattern.test(next)) {
      setInvalid(true);
      return;
    }
    if ((next || undefined) !== value) onChange(next || undefined);
  };

  // Typing pauses: the text applies (a live box has no pattern to check). The parent's handler may be new on every
  // render; only the text restarts the pause.
  const commit = useEffectEvent((next: string | undefined) => onChange(next));
  useEffect(() => {
    if (!live) return;
    const next = typed.trim() || undefined;
    if (next === value) return;
    const timer = setTimeout(() => commit(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, live, value]);

  return (
    <Tooltip open={invalid} title={invalidText} placement="bottomLeft">
      <Input.Search
        className={className}
        aria-label={label}
        placeholder={label}
        status={invalid ? 'error' : undefined}
        allowClear
        inputMode={numeric ? 'numeric' : undefined}
        maxLength={maxLength}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setInvalid(false);
        }}
        onSearch={apply}
      />
    </Tooltip>
  );
}

/** What a mobile search accepts: 5 to 20 digits (the server looks the whole number up). */
const MOBILE = /^\d{5,20}$/;

/** The search box for a mobile number, as the login-record and verification filters use it. */
export function MobileSearchBox(props: Pick<SearchBoxProps, 'label' | 'invalidText' | 'value' | 'onChange'>) {
  return <SearchBox numeric className="user-filter__id" pattern={MOBILE} maxLength={20} {...props} />;
}
