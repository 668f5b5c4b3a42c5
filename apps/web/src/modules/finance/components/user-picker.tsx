import type { FinanceUser } from '@juqi/contract';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { defineMessages, format, useMessages } from '../../../lib/i18n';
import { useDebounced } from '../../../lib/use-debounced';
import { useFinanceUsers } from '../adjustment-api';

const texts = defineMessages({
  'zh-CN': { placeholder: '输入用户 ID、手机号或姓名搜索', option: '{name} · {mobile} · ID {id}', unnamed: '（未填姓名）', none: '没有找到这个用户' },
  'en-US': { placeholder: 'Search by user ID, mobile or name', option: '{name} · {mobile} · ID {id}', unnamed: '(no name)', none: 'No such user' },
});

/** A picked user: the id, and how the picker showed it. */
export interface UserChoice {
  value: number;
  label: string;
}

/** How a user reads in a picker and a confirmation: name, mobile and ID, so two of one name are told apart. */
export function useUserText(): (user: Pick<FinanceUser, 'id' | 'name' | 'mobile'>) => string {
  const t = useMessages(texts);
  return (user) => format(t.option, { name: user.name || t.unnamed, mobile: user.mobile, id: user.id });
}

/**
 * One user for a finance form (a manual credit, an adjustment), searched by ID, mobile or name (finance's user_lookup);
 * only users the server found are offered, never a number taken for an ID. A form item's control: `value` / `onChange`
 * hold a `UserChoice`.
 */
export function UserPicker({ value, onChange, id }: { value?: UserChoice; onChange?: (choice: UserChoice) => void; id?: string }) {
  const t = useMessages(texts);
  const userText = useUserText();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const found = useFinanceUsers(keyword);
  const options = (found.data ?? []).map((user) => ({ value: user.id, label: userText(user) }));
  return (
    <Select<UserChoice>
      id={id}
      labelInValue
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(next) => onChange?.({ value: next.value, label: String(next.label) })}
      placeholder={t.placeholder}
      notFoundContent={found.isFetching ? <Spin size="small" /> : keyword ? t.none : null}
      options={options}
    />
  );
}
