import { approvalCalls, departmentCalls, personnelProcessCalls, type ApprovalKind, type CallBody } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Query keys of the approval module; everything under `['approval']` belongs to it. */
const keys = {
  all: ['approval'] as const,
  flows: ['approval', 'flows'] as const,
  requests: ['approval', 'requests'] as const,
  /** What waits for the staff: the requests to decide and the two-person steps to review, and their counts. */
  todos: ['approval', 'todos'] as const,
  settings: (kind: ApprovalKind) => ['approval', 'settings', kind] as const,
};

/** For other modules: their notices, signals and decisions refresh the to-dos (`todos`) or everything of this module (`all`). */
export const approvalQueryKeys = { all: keys.all, todos: keys.todos };

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
    queryKey: mine ? [...keys.requests, 'mine', page, limit] : [...keys.todos, 'requests', page, limit],
    queryFn: () => callApi(mine ? approvalCalls.myRequests : approvalCalls.todoList, { body: { page, limit } }),
    placeholderData: keepPreviousData,
  });

/** The two-person steps other modules keep that wait for the staff (docs/approvals.md › Reviews), oldest first. */
export const useReviews = (page: number, limit: number) =>
  useQuery({
    queryKey: [...keys.todos, 'reviews', page, limit],
    queryFn: () => callApi(approvalCalls.reviewList, { body: { page, limit } }),
    placeholderData: keepPreviousData,
  });

/** How many requests and how many reviews wait for the staff: the top bar's badge and the drawer's tabs, asked again every minute. */
export function useTodoCounts(): { requests: number; reviews: number } {
  const requests = useQuery({
    queryKey: [...keys.todos, 'requests', 'count'],
    queryFn: async () => (await callApi(approvalCalls.todoList, { body: { page: 1, limit: 1 } })).count,
    refetchInterval: 60_000,
  });
  const reviews = useQuery({
    queryKey: [...keys.todos, 'reviews', 'count'],
    queryFn: async () => (await callApi(approvalCalls.reviewList, { body: { page: 1, limit: 1 } })).count,
    refetchInterval: 60_000,
  });
  return { requests: requests.data ?? 0, reviews: reviews.data ?? 0 };
}
export const useRequestDetails = (id: number) => useQuery({ queryKey: [...keys.requests, 'details', id], queryFn: () => callApi(approvalCalls.requestDetails, { body: { id } }) });

type Decision = { decision: 'approve' | 'reject'; id: number; step: number; comment: string } | { decision: 'withdraw'; id: number; comment: string };

/**
 * A decision or a withdrawal; refused or not, every screen's data refreshes (a 40900 means someone decided meanwhile):
 * a request that ends leaves the records it was about, which another module shows (a staff record's pending requests),
 * and an approval at the last step changes them (a transfer's department, a resignation's state); this module does not
 * know those queries.
 */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ...body }: Decision) => {
      if (decision === 'withdraw') return callApi(approvalCalls.withdraw, { body });
      const { id, step, comment } = body as Extract<Decision, { step: number }>;
      return callApi(decision === 'approve' ? approvalCalls.approve : approvalCalls.reject, { body: { id, step, comment } });
    },
    onSettled: () => client.invalidateQueries(),
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

/**
 * Files a resignation or a transfer; refused or not (a 40900: one of its kind waits already), every screen's data
 * refreshes: the requester's own list, and the record it is about, which shows what waits (another module's query).
 */
export function useRequestProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { kind: 'resign'; body: ResignRequest } | { kind: 'transfer'; body: TransferRequest }) =>
      request.kind === 'resign' ? callApi(personnelProcessCalls.resignRequest, { body: request.body }) : callApi(personnelProcessCalls.transferRequest, { body: request.body }),
    onSettled: () => client.invalidateQueries(),
  });
}
