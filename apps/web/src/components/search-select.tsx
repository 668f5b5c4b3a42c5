import type { AnyCall, CallBody, CallData } from '@juqi/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../lib/call-hooks';

/** A call answering records to choose by `keyword`, or the ones of the `ids` given (to name a choice). */
type SearchCall = AnyCall & { body?: unknown };
type Found<C extends AnyCall> = CallData<C> extends (infer R extends { id: number })[] ? R : never;

export interface SearchSelectProps<C extends SearchCall> {
  call: C;
  /** How a record reads among the options (and as the choice). */
  optionLabel: (record: Found<C>) => string;
  placeholder: string;
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  label?: string;
  className?: string;
  /** A record not offered (a customer's own agency, when moving it). */
  except?: number;
  /** What every search is narrowed by beside the keyword (the customers of the agency chosen above). */
  scope?: Omit<NonNullable<CallBody<C>>, 'keyword' | 'ids'>;
  /** Not to be chosen yet (it depends on a choice above): nothing is searched meanwhile. */
  disabled?: boolean;
}

/**
 * One record chosen by searching on the server (an agency, a customer, a user); the one chosen is named by its id, so a
 * filter or a form opened with one shows its name.
 */
export function SearchSelect<C extends SearchCall>(props: SearchSelectProps<C>) {
  const [keyword, setKeyword] = useState('');
  const found = useCallQuery(props.call, props.disabled ? null : ({ ...props.scope, keyword: keyword || undefined } as CallBody<C>));
  const chosen = useCallQuery(props.call, props.value === undefined ? null : ({ ids: [props.value] } as CallBody<C>), { staleTime: 60_000 });
  const listed = (found.data ?? []) as Found<C>[];
  const records = [...((chosen.data ?? []) as Found<C>[]), ...listed.filter((r) => r.id !== props.value && r.id !== props.except)];
  return (
    <Select<number>
      id={props.id}
      allowClear
      disabled={props.disabled}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={props.placeholder}
      popupMatchSelectWidth={false}
      className={props.className}
      prefix={props.label}
      aria-label={props.label}
      loading={found.isFetching}
      value={props.value}
      options={records.map((r) => ({ value: r.id, label: props.optionLabel(r) }))}
      onChange={(value) => props.onChange?.(value ?? undefined)}
    />
  );
}
