import { departmentCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { personnelKeys } from './keys';

/** POST /admin/structures/index: the whole department tree, each level in order. */
export function useDepartmentTree() {
  return useQuery({ queryKey: personnelKeys.tree, queryFn: () => callApi(departmentCalls.tree, { body: {} }) });
}

/** POST /api/department/department_details: a department with its ancestors. */
export function useDepartmentDetails(id: number | null) {
  return useQuery({
    queryKey: personnelKeys.department(id ?? 0),
    queryFn: () => callApi(departmentCalls.details, { body: { id: id! } }),
    enabled: id !== null,
  });
}

/** A change of the tree changes its pickers and the staff lists' department names too. */
function useRefreshDepartments() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: personnelKeys.departments }), client.invalidateQueries({ queryKey: personnelKeys.all })]);
}

/** POST /api/department/department_add. */
export function useAddDepartment() {
  const refresh = useRefreshDepartments();
  return useMutation({ mutationFn: (body: CallBody<typeof departmentCalls.add>) => callApi(departmentCalls.add, { body }), onSuccess: refresh });
}

/** POST /api/department/department_edit: name and order. */
export function useEditDepartment() {
  const refresh = useRefreshDepartments();
  return useMutation({ mutationFn: (body: CallBody<typeof departmentCalls.edit>) => callApi(departmentCalls.edit, { body }), onSuccess: refresh });
}

/** POST /api/department/department_move: under a new parent, its subtree along. */
export function useMoveDepartment() {
  const refresh = useRefreshDepartments();
  return useMutation({ mutationFn: (body: CallBody<typeof departmentCalls.move>) => callApi(departmentCalls.move, { body }), onSuccess: refresh });
}

/** POST /api/department/department_del: refused (40900) while it holds sub-departments or staff. */
export function useDeleteDepartment() {
  const refresh = useRefreshDepartments();
  return useMutation({ mutationFn: (id: number) => callApi(departmentCalls.delete, { body: { id } }), onSuccess: refresh });
}
