import { personnelCalls, type CallQuery, type StaffFindFilter } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';
import { STAFF_READS } from './keys';

/**
 * POST /staff/findPage: a page of staff records. The screen counts pages from 1; the spec's call takes `pageNo`
 * zero-based in its query, so page 1 is `pageNo=0` (the call hooks send a body only).
 */
export const findStaffPage = (filter: StaffFindFilter, page: number, pageSize: number) =>
  callApi(personnelCalls.findPage, { query: { pageNo: page - 1, pageSize }, body: filter });

export function useStaffPage(filter: StaffFindFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: callKey(personnelCalls.findPage, { filter, page, pageSize }),
    queryFn: () => findStaffPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/personnel/company_list: the companies a record may belong to. */
export function useCompanies() {
  return useQuery({
    queryKey: callKey(personnelCalls.companies, {}),
    queryFn: () => callApi(personnelCalls.companies, { body: {} }),
    staleTime: 60_000,
  });
}

/**
 * Refreshes what a write to a record changes, for the writes that cannot go through `useCallMutation`: an import (a file
 * upload) and a delete (its call takes a query).
 */
export function useRefreshStaff() {
  const client = useQueryClient();
  return () => Promise.all(STAFF_READS.map((read) => client.invalidateQueries({ queryKey: callKey(read) })));
}

/**
 * GET /staff/deleteById?id&reason, in the query (the call hooks send a body only): the record leaves the lists; the
 * reason stays in its history.
 */
export function useDeleteStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (query: CallQuery<typeof personnelCalls.deleteById>) => callApi(personnelCalls.deleteById, { query }),
    onSuccess: refresh,
  });
}
