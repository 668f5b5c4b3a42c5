import { Input } from 'antd';
import { useState } from 'react';
import { useMessages } from '../../lib/i18n';
import { useResourceFilter, useResourceList, type AnyResource } from '../../lib/resource';
import type { UrlFields, UrlValues } from '../../lib/url-state';
import { commonMessages } from '../messages';
import { usePaging } from '../paged-table';

type Filter = UrlValues<UrlFields>;

/**
 * One page of a resource's list as a screen shows it: the filter kept in the URL, the page, and the records; a new
 * filter starts again at page 1. `toBody` turns the filter into the list's body where a screen asks for more than it
 * (the industry tree lists the top level unless it searches).
 */
export function usePagedResourceList(resource: AnyResource, toBody: (filter: Filter) => Filter = (filter) => filter) {
  const [filter, setFilter] = useResourceFilter(resource);
  const paging = usePaging(resource.pageSize);
  // The filter keeps its identity while the URL is unchanged.
  const [shown, setShown] = useState(filter);
  if (shown !== filter) {
    setShown(filter);
    paging.restart();
  }
  const list = useResourceList(resource, { ...toBody(filter), page: paging.page, limit: paging.pageSize });
  return { filter, setFilter, paging, list, keyword: filter.keyword as string | undefined };
}

/**
 * The keyword box of a resource's filter bar. Searching the words already shown reloads the list, so what changed
 * elsewhere shows up; empty words clear the keyword.
 */
export function KeywordSearch({ label, keyword, onSearch, onRepeat }: { label: string; keyword: string | undefined; onSearch: (keyword: string | undefined) => void; onRepeat: () => void }) {
  const c = useMessages(commonMessages);
  return (
    <Input.Search
      key={keyword ?? ''}
      allowClear
      aria-label={label}
      placeholder={label}
      enterButton={c.search}
      maxLength={50}
      defaultValue={keyword}
      className="keyword-search"
      onSearch={(words) => {
        const next = words.trim() || undefined;
        if (next === keyword) onRepeat();
        onSearch(next);
      }}
    />
  );
}
