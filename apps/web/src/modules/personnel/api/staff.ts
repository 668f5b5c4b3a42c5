import { authCalls, personnelCalls, type CallBody, type StaffFindFilter } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { personnelKeys } from './keys';

export type StaffAddBody = CallBody<typeof personnelCalls.add>;
export type StaffEditBody = CallBody<typeof personnelCalls.edit>;

/**
 * POST /staff/findPage: a page of staff records. The screen counts pages from 1; the spec's call takes `pageNo`
 * zero-based, so page 1 is `pageNo=0`.
 */
export const findStaffPage = (filter: StaffFindFilter, page: number, pageSize: number) =>
  callApi(personnelCalls.findPage, { query: { pageNo: page - 1, pageSize }, body: filter });

export function useStaffPage(filter: StaffFindFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: personnelKeys.page({ filter, page, pageSize }),
    queryFn: () => findStaffPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/personnel/staff_details: the whole record (its identity card whole only under personnel.id_card.view). */
export function useStaffDetails(id: number | null) {
  return useQuery({
    queryKey: personnelKeys.details(id ?? 0),
    queryFn: () => callApi(personnelCalls.details, { body: { id: id! } }),
    enabled: id !== null,
  });
}

/** POST /api/personnel/staff_history: the record's history, newest first. */
export function useStaffHistory(id: number) {
  return useQuery({ queryKey: personnelKeys.history(id), queryFn: () => callApi(personnelCalls.history, { body: { id } }) });
}

/** POST /api/staff/index_letter: staff in office by the first letter of their name's pinyin. */
export function useStaffLetters() {
  return useQuery({ queryKey: personnelKeys.letters, queryFn: () => callApi(personnelCalls.letterIndex, { body: {} }) });
}

/** POST /api/personnel/company_list: the companies a record may belong to. */
export function useCompanies() {
  return useQuery({ queryKey: personnelKeys.companies, queryFn: () => callApi(personnelCalls.companies, { body: {} }), staleTime: 60_000 });
}

/** Any write to a record (an import too) changes the lists, the letter index and the record's details and history. */
export function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: personnelKeys.all });
}

/** POST /api/personnel/staff_add. */
export function useAddStaff() {
  const refresh = useRefreshStaff();
  return useMutation({ mutationFn: (body: StaffAddBody) => callApi(personnelCalls.add, { body }), onSuccess: refresh });
}

/** POST /api/personnel/staff_edit. */
export function useEditStaff() {
  const refresh = useRefreshStaff();
  return useMutation({ mutationFn: (body: StaffEditBody) => callApi(personnelCalls.edit, { body }), onSuccess: refresh });
}

/** POST /api/personnel/staff_status: all the records move, or none (a resignation with its leaving date). */
export function useChangeStaffStatus() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (body: CallBody<typeof personnelCalls.status>) => callApi(personnelCalls.status, { body }),
    onSuccess: refresh,
  });
}

/** GET /staff/deleteById?id&reason: the record leaves the lists; the reason stays in its history. */
export function useDeleteStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (query: { id: number; reason: string }) => callApi(personnelCalls.deleteById, { query }),
    onSuccess: refresh,
  });
}

/** POST /api/staff/staff_list: sign-in accounts matching a keyword, to link to a record or head a department (needs staff.view). */
export function useAccountsMatching(keyword: string) {
  return useQuery({
    queryKey: [...personnelKeys.all, 'accounts', keyword],
    queryFn: () => callApi(authCalls.staffList, { body: { keyword: keyword || undefined, page: 1, limit: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/personnel/staff_link_account: links a sign-in account to the record, or unlinks it (null). */
export function useLinkAccount() {
  const refresh = useRefreshStaff();
  return useMutation({ mutationFn: (body: { id: number; account_id: number | null }) => callApi(personnelCalls.linkAccount, { body }), onSuccess: refresh });
}
