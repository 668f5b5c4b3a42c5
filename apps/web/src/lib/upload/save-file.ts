import { ErrorCode, fileCalls, type Envelope, type FileRecord, type FileSaveFields } from '@juqi/contract';
import axios from 'axios';
import { ApiError, http, TransportError } from '../api-client';

export interface SaveFileOptions {
  signal?: AbortSignal;
  /** Bytes sent so far out of the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
}

/** The upload was cancelled through its AbortSignal. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/**
 * POST /api/file/save as multipart/form-data. `type` and `module` go before `file`: the server reads the fields first,
 * so the type's size limit applies while the file streams in. `callApi` has no body type for multipart and no
 * progress, hence this function; it keeps the client's envelope rules (20000 or ApiError, no answer TransportError).
 */
export async function saveFile(file: File, fields: Partial<FileSaveFields>, options: SaveFileOptions = {}): Promise<FileRecord> {
  const form = new FormData();
  if (fields.type) form.append('type', fields.type);
  if (fields.module) form.append('module', fields.module);
  form.append('file', file, file.name);
  let response;
  try {
    response = await http.request<Envelope<FileRecord>>({
      method: fileCalls.save.method,
      url: fileCalls.save.path,
      data: form,
      signal: options.signal,
      onUploadProgress: (event) => options.onProgress?.(event.loaded, event.total ?? file.size),
    });
  } catch (error) {
    if (axios.isCancel(error) || options.signal?.aborted) throw new UploadCancelled();
    throw new TransportError('Network error');
  }
  const body = response.data;
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') throw new TransportError('Bad response');
  if (body.code !== ErrorCode.OK) throw new ApiError(body.code, body.message || 'Error', body.data);
  return body.data;
}
