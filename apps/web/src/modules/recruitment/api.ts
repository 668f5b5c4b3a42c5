import { departmentCalls, personnelCalls, recruitmentCalls, recruitmentLead } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { resourceKeys } from '../../lib/resource';

/** The companies and the department tree a converted candidate may be placed in. */
export const useCompanies = () => useQuery({ queryKey: ['recruitment', 'companies'], queryFn: () => callApi(personnelCalls.companies, { body: {} }) });
export const useDepartmentTree = () => useQuery({ queryKey: ['recruitment', 'departments'], queryFn: () => callApi(departmentCalls.tree, { body: {} }) });

export function useConvertLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; company_id: number | null; department_id: number | null }) => callApi(recruitmentCalls.convert, { body }),
    // Refused too: a 40900 means someone converted it meanwhile, which the list should now show.
    onSettled: () => client.invalidateQueries({ queryKey: resourceKeys(recruitmentLead).all }),
  });
}
