import { Select, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { defineMessages, format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { useDebounced } from '../../../lib/use-debounced';
import { useAdjustableUsers } from '../adjustment-api';

const texts = defineMessages({
  'zh-CN': { placeholder: '输入用户 ID、手机号或姓名搜索', byId: '用户 ID {id}' },
  'en-US': { placeholder: 'Search by user ID, mobile or name', byId: 'User ID {id}' },
});

/** A picked user: the id, and how the picker showed it. */
export interface UserChoice {
  value: number;
  label: ReactNode;
}

/**
 * One user for a finance form (a manual credit, an adjustment), searched by id, mobile or name among the users for
 * staff who may list them (`user.select.list`); otherwise a typed user id is offered as it is, and the server says
 * whether it exists. A form item's control: `value` / `onChange` hold a `UserChoice`.
 */
export function UserPicker({ value, onChange, id }: { value?: UserChoice; onChange?: (choice: UserChoice) => void; id?: string }) {
  const t = useMessages(texts);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const search = useCan()('user.select.list');
  const found = useAdjustableUsers(keyword, search);
  const options = search
    ? (found.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.name} ${u.mobile}（ID ${u.id}）` }))
    : /^\d{1,10}$/.test(keyword)
      ? [{ value: Number(keyword), label: format(t.byId, { id: keyword }) }]
      : [];
  return (
    <Select<UserChoice>
      id={id}
      labelInValue
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder={t.placeholder}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
      options={options}
    />
  );
}
