import { merchantCalls } from '@juqi/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { merchantMessages } from '../messages';

/**
 * An agency chosen by searching its name or mobile (active agencies only); the one chosen is named by its id, so a
 * filter or a form opened with one shows its name.
 */
export function AgencySelect(props: { id?: string; value?: number; onChange?: (value: number | undefined) => void; label?: string; className?: string; except?: number }) {
  const t = useMessages(merchantMessages);
  const [keyword, setKeyword] = useState('');
  const found = useCallQuery(merchantCalls.merchantAgencies, { keyword: keyword || undefined });
  const chosen = useCallQuery(merchantCalls.merchantAgencies, props.value === undefined ? null : { ids: [props.value] }, { staleTime: 60_000 });
  const agencies = [...(chosen.data ?? []), ...(found.data ?? []).filter((a) => a.id !== props.value && a.id !== props.except)];
  return (
    <Select<number>
      id={props.id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t.agencySearch}
      popupMatchSelectWidth={false}
      className={props.className}
      prefix={props.label}
      aria-label={props.label}
      loading={found.isFetching}
      value={props.value}
      options={agencies.map((a) => ({ value: a.id, label: `${a.name} · ${a.mobile}` }))}
      onChange={(value) => props.onChange?.(value ?? undefined)}
    />
  );
}
