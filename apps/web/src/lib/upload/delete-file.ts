import { fileCalls } from '@juqi/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';

/** POST /api/file/delete: removes an uploaded file (its uploader or the super-admin); `path` as answered or its URL. */
export const deleteFile = (path: string) => callApi(fileCalls.remove, { body: { path } });

export function useDeleteFile() {
  return useMutation({ mutationFn: deleteFile });
}
