import { ClearOutlined } from '@ant-design/icons';
import type { UserSearchOptions } from '@juqi/contract';
import { Button, Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '../../../lib/i18n';
import { userMessages } from '../messages';
import { useCodes, type CodeList } from './codes';
import { DayRangePicker } from './day-range-picker';
import { SearchBox } from './search-box';
import { activeFilterCount, USER_FILTER_KEYS, type UserListState } from './user-filter';

interface UserFilterBarProps {
  value: UserListState;
  onChange: (next: UserListState) => void;
  /** The posts and levels; absent while loading, or when the staff may not read them (those filters are not shown). */
  options: UserSearchOptions | undefined;
  extra?: ReactNode;
}

type NumberKey = 'type_user' | 'system_id' | 'authentication_state' | 'withdraw_state' | 'withdraw_type' | 'quantity' | 'level' | 'agency_pw_id' | 'pw_id';

/** The §3 user filter. Every change applies at once (the list starts again from the top); the keyword after a pause. */
export function UserFilterBar({ value, onChange, options, extra }: UserFilterBarProps) {
  const t = useMessages(userMessages);
  const codes = useCodes();
  const set = <K extends keyof UserListState>(key: K, next: UserListState[K]) => onChange({ ...value, [key]: next });

  const select = (key: NumberKey, label: string, items: { value: number; label: string }[]) => (
    <Select<number>
      key={key}
      className="user-filter__select"
      prefix={label}
      aria-label={label}
      placeholder={t.all}
      allowClear
      value={value[key]}
      options={items}
      popupMatchSelectWidth={false}
      onChange={(next) => set(key, next ?? undefined)}
    />
  );
  const codeSelect = (key: NumberKey & CodeList, label: string) => select(key, label, codes.options(key));
  const postOptions = options?.pw_list.map((p) => ({ value: p.id, label: p.name })) ?? [];
  const active = activeFilterCount(value);

  return (
    <Flex wrap gap={8} className="user-filter" role="search">
      <SearchBox
        live
        className="user-filter__keyword"
        label={t.keyword}
        maxLength={40}
        value={value.keyword}
        onChange={(keyword) => set('keyword', keyword)}
      />
      {codeSelect('type_user', t.typeUser)}
      {codeSelect('system_id', t.systemId)}
      {codeSelect('authentication_state', t.authenticationState)}
      {codeSelect('quantity', t.quantity)}
      {codeSelect('withdraw_state', t.withdrawState)}
      {codeSelect('withdraw_type', t.withdrawType)}
      {options && select('level', t.level, options.level_list.map((l) => ({ value: l.level, label: l.name })))}
      {options && select('agency_pw_id', t.agencyPw, postOptions)}
      {options && select('pw_id', t.pw, postOptions)}
      <Select<'true' | 'false'>
        className="user-filter__select"
        prefix={t.lockedFilter}
        aria-label={t.lockedFilter}
        placeholder={t.all}
        allowClear
        value={value.locked === undefined ? undefined : value.locked ? 'true' : 'false'}
        options={[
          { value: 'false', label: t.normal },
          { value: 'true', label: t.locked },
        ]}
        onChange={(next) => set('locked', next === undefined ? undefined : next === 'true')}
      />
      <DayRangePicker className="user-filter__range" label={t.timeQuantum} value={value.time_quantum} onChange={(next) => set('time_quantum', next)} />
      <DayRangePicker
        className="user-filter__range"
        label={t.issueTimeQuantum}
        value={value.issue_time_quantum}
        onChange={(next) => set('issue_time_quantum', next)}
      />
      <Button
        icon={<ClearOutlined />}
        disabled={active === 0}
        onClick={() => onChange(Object.fromEntries(Object.entries(value).filter(([key]) => !USER_FILTER_KEYS.includes(key as keyof UserListState))))}
      >
        {active ? `${t.clearFilters} (${active})` : t.clearFilters}
      </Button>
      {extra}
    </Flex>
  );
}
