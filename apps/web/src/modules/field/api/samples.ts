import { fieldFormCalls, type CallBody, type FieldForm, type FieldFormCalls } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fieldKeys } from './keys';

export type SampleListBody = CallBody<FieldFormCalls['sampleList']>;

/** POST /api/field/<form>_sample_list: a page of the saved previews (试填记录), filtered and ordered by custom fields. */
export function useSamples(form: FieldForm, body: SampleListBody) {
  return useQuery({
    queryKey: fieldKeys.sampleList(form, body),
    queryFn: () => callApi(fieldFormCalls[form].sampleList, { body }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshSamples(form: FieldForm) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: fieldKeys.samples(form) });
}

/** POST /api/field/<form>_sample_add. */
export function useAddSample(form: FieldForm) {
  const refresh = useRefreshSamples(form);
  return useMutation({ mutationFn: (values: Record<string, unknown>) => callApi(fieldFormCalls[form].sampleAdd, { body: { values } }), onSuccess: refresh });
}

/** POST /api/field/<form>_sample_edit. */
export function useEditSample(form: FieldForm) {
  const refresh = useRefreshSamples(form);
  return useMutation({
    mutationFn: (body: { id: number; values: Record<string, unknown> }) => callApi(fieldFormCalls[form].sampleEdit, { body }),
    onSuccess: refresh,
  });
}

/** POST /api/field/<form>_sample_del. */
export function useDeleteSample(form: FieldForm) {
  const refresh = useRefreshSamples(form);
  return useMutation({ mutationFn: (id: number) => callApi(fieldFormCalls[form].sampleDel, { body: { id } }), onSuccess: refresh });
}

/** POST /api/field/<form>_values_check: the values as the server checks and cleans them, nothing saved. */
export function useCheckValues(form: FieldForm) {
  return useMutation({ mutationFn: (values: Record<string, unknown>) => callApi(fieldFormCalls[form].valuesCheck, { body: { values } }) });
}
