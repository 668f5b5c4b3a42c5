import { ErrorCode, type AnyCall, type CallBody, type CallData, type CallQuery, type Envelope } from '@juqi/contract';
import axios, { type AxiosInstance, type AxiosProgressEvent } from 'axios';
import { ApiError, TransportError } from './api-errors';
import { REQUEST_TIMEOUT_MS } from './constants';
import { getToken } from './token';

export { ApiError, TransportError };

export const http: AxiosInstance = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  // Errors arrive as envelopes with a matching HTTP status; the envelope, not the status, decides.
  validateStatus: () => true,
  // Calls carry the session in X-Token, never an XSRF cookie. Left on, axios reads the XSRF cookie through the async
  // Cookie Store before each send, which put every call a turn of the page's busy main thread (50–90 ms at start-up)
  // behind its caller: the session's three start-up calls went out in two turns.
  withXSRFToken: false,
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('X-Token', token);
  config.headers.set('Accept-Language', document.documentElement.lang || 'zh-CN');
  return config;
});

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
 * Calls one contract declaration and returns its `data`; throws ApiError or TransportError otherwise, after showing the
 * §8 notice (error toast, logged-out dialog, or transport toast) unless the call is `quiet`.
 */
export async function callApi<C extends AnyCall>(call: C, input: Input<C> = {}): Promise<CallData<C>> {
  try {
    return await request(call, input);
  } catch (error) {
    if (!input.quiet) void reportFailure(error as ApiError | TransportError);
    throw error;
  }
}

async function request<C extends AnyCall>(call: C, input: Input<C>): Promise<CallData<C>> {
  let response;
  try {
    response = await http.request({
      method: call.method,
      url: call.path,
      params: input.query,
      data: input.body,
      responseType: call.response === 'blob' ? 'blob' : 'json',
    });
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
  /** Aborting cancels the download quietly: the promise rejects with axios's CanceledError and no notice shows. */
  signal?: AbortSignal;
};

/**
 * Calls a declaration whose answer is a file (`response: 'blob'`) and returns it with its name. A refusal arrives as a
 * JSON envelope instead of the file: it is thrown as ApiError and noticed like any other, rather than saved as a file.
 */
export async function downloadFile<C extends AnyCall>(call: C, input: DownloadInput<C> = {}): Promise<DownloadedFile> {
  const { onProgress, signal } = input;
  let response;
  try {
    response = await http.request<Blob>({
      method: call.method,
      url: call.path,
      params: input.query,
      data: input.body,
      responseType: 'blob',
      signal,
      onDownloadProgress: onProgress && ((event) => onProgress({ loaded: event.loaded, header: progressHeaders(event) })),
    });
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    return fail(new TransportError('Network error'), input);
  }
  const header = (name: string): string | null => {
    const value: unknown = response.headers[name.toLowerCase()];
    return value === undefined || value === null ? null : String(value);
  };
  if (/json/i.test(header('content-type') ?? '')) {
    let envelope: Envelope<unknown> | undefined;
    try {
      envelope = JSON.parse(await response.data.text()) as Envelope<unknown>;
    } catch {
      envelope = undefined;
    }
    if (!envelope || typeof envelope.code !== 'number') return fail(new TransportError('Bad response'), input);
    return fail(new ApiError(envelope.code, envelope.message || 'Error', envelope.data), input);
  }
  return { blob: response.data, fileName: fileNameOf(header('content-disposition')), header };
}

function fail(error: ApiError | TransportError, input: { quiet?: boolean }): never {
  if (!input.quiet) void reportFailure(error);
  throw error;
}

/** The headers of a download in progress: the browser's request object has them once they have arrived. */
function progressHeaders(event: AxiosProgressEvent): (name: string) => string | null {
  const xhr = (event.event as { target?: unknown } | undefined)?.target as { getResponseHeader?: (name: string) => string | null } | undefined;
  return (name) => xhr?.getResponseHeader?.(name) ?? null;
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
