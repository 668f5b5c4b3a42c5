import { approvalCalls, departmentCalls, personnelProcessCalls, type ApprovalKind, type CallBody } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Query keys of the approval module; everything under `['approval']` belongs to it. */
const keys = {
  all: ['approval'] as const,
  flows: ['approval', 'flows'] as const,
  requests: ['approval', 'requests'] as const,
  settings: (kind: ApprovalKind) => ['approval', 'settings', kind] as const,
};

export const useFlows = () => useQuery({ queryKey: keys.flows, queryFn: () => callApi(approvalCalls.flowList, { body: {} }) });
export const useApproverOptions = () => useQuery({ queryKey: [...keys.flows, 'approvers'], queryFn: () => callApi(approvalCalls.approverOptions, { body: {} }) });
export const useFlowOptions = (kind: ApprovalKind) => useQuery({ queryKey: [...keys.flows, 'options', kind], queryFn: () => callApi(approvalCalls.flowOptions, { body: { kind } }) });

export type FlowInput = CallBody<typeof approvalCalls.flowAdd>;

/** Adds a flow, or edits the one of `id` (its process stays); the flows and the settings naming them refresh. */
export function useSaveFlow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, ...body }: FlowInput & { id?: number }) =>
      id === undefined ? callApi(approvalCalls.flowAdd, { body: { ...body, kind } }) : callApi(approvalCalls.flowEdit, { body: { ...body, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteFlow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(approvalCalls.flowDelete, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The to-dos (pending requests the staff may decide now), or (`mine`) the staff's own requests, newest first. */
export const useRequests = (mine: boolean, page: number, limit: number) =>
  useQuery({
    queryKey: [...keys.requests, mine ? 'mine' : 'todo', page, limit],
    queryFn: () => callApi(mine ? approvalCalls.myRequests : approvalCalls.todoList, { body: { page, limit } }),
    placeholderData: keepPreviousData,
  });

/** How many to-dos wait for the staff: the top bar's badge, asked again every minute. */
export const useTodoCount = () =>
  useQuery({ queryKey: [...keys.requests, 'todo', 'count'], queryFn: async () => (await callApi(approvalCalls.todoList, { body: { page: 1, limit: 1 } })).count, refetchInterval: 60_000 });
export const useRequestDetails = (id: number) => useQuery({ queryKey: [...keys.requests, 'details', id], queryFn: () => callApi(approvalCalls.requestDetails, { body: { id } }) });

type Decision = { decision: 'approve' | 'reject'; id: number; step: number; comment: string } | { decision: 'withdraw'; id: number; comment: string };

/**
 * A decision or a withdrawal; refused or not, the lists refresh (a 40900 means someone decided meanwhile). An approval
 * may be the last step, whose change lands in records another module shows (a transfer's department, a resignation's
 * state), which this module does not know the queries of: every screen's data is refreshed then.
 */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ...body }: Decision) => {
      if (decision === 'withdraw') return callApi(approvalCalls.withdraw, { body });
      const { id, step, comment } = body as Extract<Decision, { step: number }>;
      return callApi(decision === 'approve' ? approvalCalls.approve : approvalCalls.reject, { body: { id, step, comment } });
    },
    onSettled: (_data, _error, { decision }) => client.invalidateQueries(decision === 'approve' ? undefined : { queryKey: keys.requests }),
  });
}

export const useResignSettings = () => useQuery({ queryKey: keys.settings('resign'), queryFn: () => callApi(personnelProcessCalls.resignSettings, { body: {} }) });
export const useTransferSettings = () => useQuery({ queryKey: keys.settings('transfer'), queryFn: () => callApi(personnelProcessCalls.transferSettings, { body: {} }) });

export function useSaveResignSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof personnelProcessCalls.resignSettingsSave>) => callApi(personnelProcessCalls.resignSettingsSave, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useSaveTransferSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof personnelProcessCalls.transferSettingsSave>) => callApi(personnelProcessCalls.transferSettingsSave, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useDepartmentTree = () => useQuery({ queryKey: ['approval', 'departments'], queryFn: () => callApi(departmentCalls.tree, { body: {} }) });

export type ResignRequest = CallBody<typeof personnelProcessCalls.resignRequest>;
export type TransferRequest = CallBody<typeof personnelProcessCalls.transferRequest>;

/** Files a resignation or a transfer; the requester's own list refreshes. */
export function useRequestProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { kind: 'resign'; body: ResignRequest } | { kind: 'transfer'; body: TransferRequest }) =>
      request.kind === 'resign' ? callApi(personnelProcessCalls.resignRequest, { body: request.body }) : callApi(personnelProcessCalls.transferRequest, { body: request.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.requests }),
  });
}
