import { useState } from 'react';
import { useResourceFilter, useResourceList, type AnyResource } from '../../lib/resource';
import type { UrlFields, UrlValues } from '../../lib/url-state';
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
