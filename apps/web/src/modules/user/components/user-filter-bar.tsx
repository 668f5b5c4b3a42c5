import { ORDER_COUNT_BANDS, type UserSearchOptions } from '@juqi/contract';
import { Select } from 'antd';
import type { ReactNode } from 'react';
import { FilterBar } from '../../../components/filter-bar';
import { useMessages } from '../../../lib/i18n';
import { userMessages } from '../messages';
import { useCodes, type NumberCodeList } from './codes';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { userFilterLabels } from './filter-labels';
import { SearchBox } from './search-box';
import { activeFilterCount, USER_FILTER_KEYS, type UserListState } from './user-filter';

interface UserFilterBarProps {
  value: UserListState;
  /** Called with the filters that changed (`undefined` clears one); the others stay. */
  onChange: (patch: UserListState) => void;
  /** The posts and levels; absent while loading, or when the staff may not read them (those filters are not shown). */
  options: UserSearchOptions | undefined;
  /** Buttons at the bar's end. */
  extra?: ReactNode;
}

type NumberKey = 'type_user' | 'system_id' | 'authentication_state' | 'withdraw_state' | 'withdraw_type' | 'quantity' | 'level' | 'agency_pw_id' | 'pw_id';

/** The §3 user filter. Every change applies at once (the list starts again from the top); the keyword after a pause. */
export function UserFilterBar({ value, onChange, options, extra }: UserFilterBarProps) {
  const t = useMessages(userMessages);
  const labels = useMessages(userFilterLabels);
  const codes = useCodes();
  const set = <K extends keyof UserListState>(key: K, next: UserListState[K]) => onChange({ [key]: next });

  const select = (key: NumberKey, items: { value: number; label: string }[]) => (
    <Select<number>
      key={key}
      className="user-filter__select"
      prefix={labels[key]}
      aria-label={labels[key]}
      placeholder={t.all}
      allowClear
      value={value[key]}
      options={items}
      popupMatchSelectWidth={false}
      onChange={(next) => set(key, next ?? undefined)}
    />
  );
  const codeSelect = (key: NumberKey & NumberCodeList) => select(key, codes.options(key));
  // The bands' names (1-50 … 500+) read the same in both languages.
  const bands = ORDER_COUNT_BANDS.map((band) => ({ value: band.value, label: band.label }));
  const postOptions = options?.pw_list.map((p) => ({ value: p.id, label: p.name })) ?? [];
  const searching = value.keyword !== undefined;

  return (
    <FilterBar
      search={
        <SearchBox
          live
          className="user-filter__keyword"
          label={labels.keyword}
          maxLength={40}
          value={value.keyword}
          onChange={(keyword) => set('keyword', keyword)}
        />
      }
      active={activeFilterCount(value) - (searching ? 1 : 0)}
      searching={searching}
      onClear={() => onChange(Object.fromEntries(USER_FILTER_KEYS.map((key) => [key, undefined])))}
      tools={extra}
    >
      {codeSelect('type_user')}
      {codeSelect('system_id')}
      {codeSelect('authentication_state')}
      {select('quantity', bands)}
      {codeSelect('withdraw_state')}
      {codeSelect('withdraw_type')}
      {options && select('level', options.level_list.map((l) => ({ value: l.level, label: l.name })))}
      {options && select('agency_pw_id', postOptions)}
      {options && select('pw_id', postOptions)}
      <Select<'true' | 'false'>
        className="user-filter__select"
        prefix={labels.locked}
        aria-label={labels.locked}
        placeholder={t.all}
        allowClear
        value={value.locked === undefined ? undefined : value.locked ? 'true' : 'false'}
        options={[
          { value: 'false', label: t.normal },
          { value: 'true', label: t.locked },
        ]}
        onChange={(next) => set('locked', next === undefined ? undefined : next === 'true')}
      />
      <DayRangeFilter className="user-filter__range" label={labels.time_quantum} value={value.time_quantum} onChange={(next) => set('time_quantum', next)} />
      <DayRangeFilter
        className="user-filter__range"
        label={labels.issue_time_quantum}
        value={value.issue_time_quantum}
        onChange={(next) => set('issue_time_quantum', next)}
      />
    </FilterBar>
  );
}
