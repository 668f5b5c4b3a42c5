import { authCalls } from '@juqi/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { useDebounced } from '../../../lib/use-debounced';
import { personnelMessages } from '../messages';

interface AccountSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The chosen account's label before any search lists it (a department's current head). */
  current?: { id: number; label: string } | null;
  allowClear?: boolean;
}

/** A sign-in account searched by staff number, name or phone (`/api/staff/staff_list`, under staff.view). */
export function AccountSelect({ id, value, onChange, current, allowClear }: AccountSelectProps) {
  const t = useMessages(personnelMessages);
  const [keyword, setKeyword] = useState('');
  const searched = useDebounced(keyword);
  const accounts = useCallQuery(authCalls.staffList, { keyword: searched || undefined, page: 1, limit: 20 }, { keepPrevious: true });
  const found = (accounts.data?.data ?? []).map((account) => ({ value: account.id, label: `${account.staff_num} · ${account.name}` }));
  const options = current && !found.some((option) => option.value === current.id) ? [{ value: current.id, label: current.label }, ...found] : found;
  return (
    <Select<number | null>
      id={id}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={allowClear}
      loading={accounts.isFetching}
      placeholder={t.accountSearch}
      options={options}
    />
  );
}
