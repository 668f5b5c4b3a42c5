import { ErrorCode, type AnyCall, type CallBody, type CallData, type CallQuery, type Envelope } from '@juqi/contract';
import axios, { type AxiosInstance } from 'axios';
import { REQUEST_TIMEOUT_MS } from './constants';
import { getToken } from './token';

/** A call answered with a code other than 20000. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, server down, timeout). */
export class TransportError extends Error {
  readonly code = 500;
}

export const http: AxiosInstance = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  // Errors arrive as envelopes with a matching HTTP status; the envelope, not the status, decides.
  validateStatus: () => true,
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('X-Token', token);
  config.headers.set('Accept-Language', document.documentElement.lang || 'zh-CN');
  return config;
});

type Input<C extends AnyCall> = { body?: CallBody<C>; query?: CallQuery<C> };

/** Calls one contract declaration and returns its `data`; throws ApiError or TransportError otherwise. */
export async function callApi<C extends AnyCall>(call: C, input: Input<C> = {}): Promise<CallData<C>> {
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
