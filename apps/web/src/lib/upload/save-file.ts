import { ErrorCode, fileCalls, type Envelope, type FileRecord, type FileSaveFields } from '@juqi/contract';
import { ApiError, sendForm } from '../api-client';
import { TransportAborted } from '../transport';

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
  let body: Envelope<FileRecord>;
  try {
    body = await sendForm<FileRecord>(fileCalls.save, form, { signal: options.signal, onProgress: (loaded, total) => options.onProgress?.(loaded, total || file.size) });
  } catch (error) {
    if (error instanceof TransportAborted || options.signal?.aborted) throw new UploadCancelled();
    throw error;
  }
  if (body.code !== ErrorCode.OK) throw new ApiError(body.code, body.message || 'Error', body.data);
  return body.data;
}
