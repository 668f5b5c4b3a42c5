import { material, MATERIAL_STATES, publishAccount, publishingCalls } from '@juqi/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';

/** The calls whose answers a publish, retry, cancel or check changes. */
export const PUBLICATIONS_CHANGED = [publishingCalls.publicationList, publishingCalls.publicationDetails];

type ChoiceProps = { id?: string; value?: number[]; onChange?: (value: number[]) => void; max: number };

/** Approved materials, searched by title as typed; up to `max`. */
export function ApprovedMaterials({ max, ...props }: ChoiceProps) {
  const [keyword, setKeyword] = useState('');
  const found = useCallQuery(material.calls.list, { keyword: keyword || undefined, state: [MATERIAL_STATES.approved], limit: 50 }, { keepPrevious: true });
  // The chosen stay named while a search shows others.
  const [named, setNamed] = useState<Map<number, string>>(new Map());
  const listed = (found.data?.data ?? []).map((row) => ({ value: row.id, label: row.title }));
  const options = [...[...named].filter(([id]) => !listed.some((one) => one.value === id)).map(([value, label]) => ({ value, label })), ...listed];
  return (
    <Select<number[]>
      {...props}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      maxCount={max}
      loading={found.isFetching}
      options={options}
      onChange={(ids) => {
        setNamed(new Map(options.filter((one) => ids.includes(one.value)).map((one) => [one.value, one.label])));
        props.onChange?.(ids);
      }}
    />
  );
}

/** The enabled accounts (few enough to list whole); up to `max`. */
export function EnabledAccounts({ max, ...props }: ChoiceProps) {
  const accounts = useCallQuery(publishAccount.calls.list, { enabled: true, limit: 200 });
  return <Select<number[]> {...props} mode="multiple" maxCount={max} loading={accounts.isPending} optionFilterProp="label" options={(accounts.data?.data ?? []).map((row) => ({ value: row.id, label: row.name }))} />;
}
