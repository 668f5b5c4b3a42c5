import type { AnyCall, CallAddress, CallBody, CallData, CallQuery, Envelope } from '@juqi/contract';
import { ErrorCode } from '@juqi/contract';
import { ApiError, TransportError } from './api-errors';
import { REQUEST_TIMEOUT_MS } from './constants';
import { getToken } from './token';
import { send, TransportAborted, type TransportRequest, type TransportResponse } from './transport';

export { ApiError, TransportError };

type Input<C extends AnyCall> = {
  body?: CallBody<C>;
  query?: CallQuery<C>;
  /**
   * The caller reports the failure itself, so the client shows no toast or dialog. Only for callers that replace the
   * notice with their own (the shell's session start, which shows one message and goes to the sign-in page).
   */
  quiet?: boolean;
};

/**
 * What a call sends: the session in X-Token (never a cookie the browser adds by itself, so no XSRF token either), and
 * the page's language for the server's words.
 */
function requestOf(call: CallAddress, input: { body?: unknown; query?: unknown }, responseType: 'json' | 'blob'): TransportRequest {
  const headers: Record<string, string> = { 'Accept-Language': document.documentElement.lang || 'zh-CN' };
  const token = getToken();
  if (token) headers['X-Token'] = token;
  return {
    method: call.method,
    url: call.path,
    query: input.query as Record<string, unknown> | undefined,
    body: input.body,
    responseType,
    headers,
    timeoutMs: REQUEST_TIMEOUT_MS,
  };
}

/**
 * Calls one contract declaration and returns its `data`; throws ApiError or TransportError otherwise, after showing the
 * §8 notice (error toast, logged-out dialog, or transport toast) unless the call is `quiet`.
 *
 * The sign-in page passes a call's address alone (`firstLoadCalls`, with the declaration as the type argument): the
 * declarations are zod schemas, which its first load does without.
 */
export async function callApi<C extends AnyCall>(call: C | CallAddress, input: Input<C> = {}): Promise<CallData<C>> {
  try {
    return await request(call, input);
  } catch (error) {
    if (!input.quiet) void reportFailure(error as ApiError | TransportError);
    throw error;
  }
}

async function request<C extends AnyCall>(call: C | CallAddress, input: Input<C>): Promise<CallData<C>> {
  let response: TransportResponse;
  try {
    response = await send(requestOf(call, input, call.response === 'blob' ? 'blob' : 'json'));
  } catch {
    throw new TransportError('Network error');
  }
  // Files skip the envelope checks.
  if (call.response === 'blob') return response.data as CallData<C>;
  const body = response.data as Envelope<CallData<C>> | undefined;
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') throw new TransportError('Bad response');
  if (body.code !== ErrorCode.OK) throw new ApiError(body.code, body.message || 'Error', body.data);
  return body.data;
}

/**
 * A multipart POST (an upload, an import: `callApi` sends JSON), answered with the server's envelope as it came, its
 * code for the caller to read. Throws TransportAborted when aborted through `signal`, TransportError when no envelope
 * arrived.
 */
export async function sendForm<D>(
  call: CallAddress,
  form: FormData,
  options: { signal?: AbortSignal; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<Envelope<D>> {
  let response: TransportResponse;
  try {
    response = await send({ ...requestOf(call, { body: form }, 'json'), signal: options.signal, onUploadProgress: options.onProgress });
  } catch (error) {
    if (error instanceof TransportAborted) throw error;
    throw new TransportError('Network error');
  }
  const body = response.data as Envelope<D> | undefined;
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') throw new TransportError('Bad response');
  return body;
}

/** How far a download has come: bytes received, and the answer's headers once they have arrived. */
export interface DownloadProgress {
  loaded: number;
  header: (name: string) => string | null;
}

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's Content-Disposition (its UTF-8 `filename*` first); empty when it names none. */
  fileName: string;
  header: (name: string) => string | null;
}

type DownloadInput<C extends AnyCall> = Input<C> & {
  onProgress?: (progress: DownloadProgress) => void;
  /** Aborting cancels the download quietly: the promise rejects with TransportAborted and no notice shows. */
  signal?: AbortSignal;
};

/**
 * Calls a declaration whose answer is a file (`response: 'blob'`) and returns it with its name. A refusal arrives as a
 * JSON envelope instead of the file: it is thrown as ApiError and noticed like any other, rather than saved as a file.
 */
export async function downloadFile<C extends AnyCall>(call: C, input: DownloadInput<C> = {}): Promise<DownloadedFile> {
  const { onProgress, signal } = input;
  let response: TransportResponse;
  try {
    response = await send({
      ...requestOf(call, input, 'blob'),
      signal,
      onDownloadProgress: onProgress && ((loaded, header) => onProgress({ loaded, header })),
    });
  } catch (error) {
    if (error instanceof TransportAborted) throw error;
    return fail(new TransportError('Network error'), input);
  }
  const { header } = response;
  const blob = response.data as Blob;
  if (/json/i.test(header('content-type') ?? '')) {
    let envelope: Envelope<unknown> | undefined;
    try {
      envelope = JSON.parse(await blob.text()) as Envelope<unknown>;
    } catch {
      envelope = undefined;
    }
    if (!envelope || typeof envelope.code !== 'number') return fail(new TransportError('Bad response'), input);
    return fail(new ApiError(envelope.code, envelope.message || 'Error', envelope.data), input);
  }
  return { blob, fileName: fileNameOf(header('content-disposition')), header };
}

function fail(error: ApiError | TransportError, input: { quiet?: boolean }): never {
  if (!input.quiet) void reportFailure(error);
  throw error;
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` when given, else `filename="…"`. */
export function fileNameOf(disposition: string | null): string {
  if (!disposition) return '';
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return (plain?.[1] ?? plain?.[2] ?? '').trim();
}

// The notices are antd components; loading them on the first failure keeps antd out of the sign-in page's first load.
async function reportFailure(error: ApiError | TransportError): Promise<void> {
  const { showFailure } = await import('./failure-notice');
  showFailure(error);
}
