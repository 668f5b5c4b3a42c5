/**
 * The one way the web client reaches the server: an XMLHttpRequest, which reports upload and download progress (fetch
 * reports neither upload progress nor, without reading the body by hand, download progress). It knows HTTP only;
 * `api-client.ts` reads the envelopes. No library: the sign-in page loads this, and every kilobyte there counts
 * (bench/README.md › Sign-in page weight).
 *
 * Tests replace it with `setTransport` (src/test/fake-api.ts): what a screen sends and what it is answered, without a
 * server.
 */

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** The path, e.g. `/api/login/login`; the query goes in `query`. */
  url: string;
  /** Appended as the query string; undefined values are left out. */
  query?: Record<string, unknown>;
  /** A FormData goes as multipart; anything else defined as JSON. */
  body?: unknown;
  responseType: 'json' | 'blob';
  headers: Record<string, string>;
  /** Aborting rejects the request with TransportAborted. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Bytes sent so far out of the total. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** Bytes received so far; the answer's headers are readable from the first progress on. */
  onDownloadProgress?: (loaded: number, header: (name: string) => string | null) => void;
}

export interface TransportResponse {
  status: number;
  /** The parsed JSON (undefined when the body was not JSON), or a Blob for `responseType: 'blob'`. */
  data: unknown;
  header: (name: string) => string | null;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** The request was aborted through its signal. */
export class TransportAborted extends Error {
  constructor() {
    super('Request aborted');
    this.name = 'TransportAborted';
  }
}

/** No answer arrived: the connection failed or timed out. */
export class TransportFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TransportFailed';
  }
}

export function urlOf(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(request.url, request.query));
    // JSON is parsed below: XHR's own 'json' type turns a body that is not JSON into null, hiding a proxy's error page.
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    if (request.timeoutMs) xhr.timeout = request.timeoutMs;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    let body: XMLHttpRequestBodyInit | null = null;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      xhr.setRequestHeader('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    const header = (name: string) => xhr.getResponseHeader(name);
    const { onUploadProgress, onDownloadProgress, signal } = request;
    if (onUploadProgress) xhr.upload.addEventListener('progress', (event) => onUploadProgress(event.loaded, event.lengthComputable ? event.total : 0));
    if (onDownloadProgress) xhr.addEventListener('progress', (event) => onDownloadProgress(event.loaded, header));
    const onAbort = () => xhr.abort();
    xhr.addEventListener('load', () => {
      signal?.removeEventListener('abort', onAbort);
      resolve({ status: xhr.status, data: request.responseType === 'blob' ? xhr.response : parseJson(xhr.responseText), header });
    });
    xhr.addEventListener('error', () => reject(new TransportFailed('Network error')));
    xhr.addEventListener('timeout', () => reject(new TransportFailed('Timed out')));
    xhr.addEventListener('abort', () => reject(new TransportAborted()));
    if (signal?.aborted) return reject(new TransportAborted());
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

let current: Transport = xhrTransport;

/** Sends one request through the current transport. */
export const send: Transport = (request) => current(request);

/** Replaces the transport (tests); `resetTransport` puts the browser's back. */
export function setTransport(transport: Transport): void {
  current = transport;
}

export function resetTransport(): void {
  current = xhrTransport;
}
