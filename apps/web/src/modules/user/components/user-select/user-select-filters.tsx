import type { UserFilter, UserSearchOptions } from '@juqi/contract';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DayRangeFilter } from '../../../../components/records/day-range-filter';
import { DEBOUNCE_MS } from '../../../../lib/constants';
import { useMessages } from '../../../../lib/i18n';
import { useCodes } from '../codes';
import { userFilterLabels } from '../filter-labels';
import { withField, isEmptyFilter, type FilterKey } from './filter-model';
import { userSelectMessages } from './messages';

interface UserSelectFiltersProps {
  value: UserFilter;
  onChange: (next: UserFilter) => void;
  options: UserSearchOptions | undefined;
}

/**
 * The §3 user filter: keyword (debounced), type, source, withdrawal state and account, order-count band, level, agency
 * post, post, registration and last-order day ranges. Posts, levels and bands come from the search-options call.
 */
export function UserSelectFilters({ value, onChange, options }: UserSelectFiltersProps) {
  const t = useMessages(userSelectMessages);
  // The field names are the all-users filter bar's, and the codes' names the contract's.
  const labels = useMessages(userFilterLabels);
  const codes = useCodes();
  const set = <K extends FilterKey>(key: K, next: UserFilter[K] | null | undefined) => onChange(withField(value, key, next));

  const select = (key: 'type_user' | 'system_id' | 'withdraw_state' | 'withdraw_type' | 'quantity' | 'level' | 'agency_pw_id' | 'pw_id', list: { value: number; label: string }[] | undefined) => (
    <Select<number>
      key={key}
      className="user-select-filters__field"
      prefix={<span className="user-select-filters__label">{labels[key]}</span>}
      aria-label={labels[key]}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      loading={!list}
      value={value[key]}
      options={list}
      onChange={(next) => set(key, next)}
    />
  );

  const range = (key: 'time_quantum' | 'issue_time_quantum') => (
    <DayRangeFilter
      key={key}
      className="user-select-filters__field user-select-filters__field--range"
      label={labels[key]}
      value={value[key]}
      onChange={(next) => set(key, next)}
    />
  );

  const posts = options?.pw_list.map((p) => ({ value: p.id, label: p.name }));
  return (
    <section className="user-select-filters" aria-label={t.filters}>
      <KeywordInput value={value.keyword ?? ''} onChange={(keyword) => set('keyword', keyword.trim())} />
      {select('type_user', codes.options('type_user'))}
      {select('system_id', codes.options('system_id'))}
      {select('withdraw_state', codes.options('withdraw_state'))}
      {select('withdraw_type', codes.options('withdraw_type'))}
      {select('quantity', options?.quantity_list.map((b) => ({ value: b.value, label: b.label })))}
      {select('level', options?.level_list.map((l) => ({ value: l.level, label: l.name })))}
      {select('agency_pw_id', posts)}
      {select('pw_id', posts)}
      {range('time_quantum')}
      {range('issue_time_quantum')}
      <Button className="user-select-filters__reset" disabled={isEmptyFilter(value)} onClick={() => onChange({})}>
        {t.reset}
      </Button>
    </section>
  );
}

/** The keyword waits for a pause in typing (§9: 300 ms) before it filters, so each keystroke is not a query. */
function KeywordInput({ value, onChange }: { value: string; onChange: (keyword: string) => void }) {
  const labels = useMessages(userFilterLabels);
  const [draft, setDraft] = useState(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const sent = useRef(value);

  // A reset from outside (the 重置 button) clears the box.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = draft.trim();
      onChangeRef.current(draft);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <Input
      className="user-select-filters__field user-select-filters__keyword"
      prefix={<SearchOutlined />}
      placeholder={labels.keyword}
      aria-label={labels.keyword}
      allowClear
      maxLength={40}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
    />
  );
}
