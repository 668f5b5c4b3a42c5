import type { AnyCall, CallData, MenuNode, Profile } from '@juqi/contract';
import { resetTransport, setTransport, TransportFailed, type Transport } from '../lib/transport';

export interface SeenRequest {
  method: string;
  url: string;
  /** The query string's parameters, as the client passed them. */
  query?: unknown;
  body: unknown;
  headers: Record<string, unknown>;
}

/** A file answer (a `response: 'blob'` call) with its headers. */
interface FileAnswer {
  file: Blob;
  headers: Record<string, string>;
}

/**
 * Answers a request: an envelope, a file, or `'drop'` for a connection that fails before any answer. A promise that
 * never settles stands for an answer still on its way.
 */
type Answer = { code: number; message: string; data: unknown } | FileAnswer | 'drop';
export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

export const ok = (data: unknown): Answer => ({ code: 20000, message: '成功', data });

/** A success answer of `call`, its data checked against the contract, so renaming a field there breaks the fixture. */
export function answerOf<C extends AnyCall>(call: C, data: CallData<C>): Answer {
  if (call.response === 'blob') throw new Error(`${call.path} answers a file: use file()`);
  return ok(data);
}
export const fail = (code: number, message = '', data: unknown = null): Answer => ({ code, message, data });
/** A 40000 as the server words it (docs/api.md › Refusals): each bad field with its label and reason, the message joining them. */
export const refused = (...fields: [field: string, label: string, message: string][]): Answer =>
  fail(40000, fields.map(([, label, message]) => `${label}：${message}`).join('；'), {
    field: fields[0]?.[0],
    fields: fields.map(([field, label, message]) => ({ field, label, message })),
  });
export const file = (content: BlobPart[], headers: Record<string, string>): Answer => ({ file: new Blob(content), headers });

/**
 * Replaces the API client's transport with handlers keyed `"METHOD /path"`; an unlisted call answers 40400. Returns the
 * requests seen, in order.
 */
export function fakeApi(handlers: Record<string, Handler>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const transport: Transport = async (sent) => {
    const request: SeenRequest = { method: sent.method, url: sent.url, query: sent.query, body: sent.body, headers: { ...sent.headers } };
    seen.push(request);
    const handler = handlers[`${request.method} ${request.url}`];
    const answer = handler ? await handler(request) : fail(40400, 'Not found');
    if (answer === 'drop') throw new TransportFailed('socket hang up');
    if ('file' in answer) {
      // The whole file arrives as one progress step; headers are readable from it, as from a browser's request.
      const header = (name: string) => answer.headers[name.toLowerCase()] ?? null;
      sent.onDownloadProgress?.(answer.file.size, header);
      return { status: 200, data: answer.file, header };
    }
    return { status: 200, data: answer, header: () => null };
  };
  setTransport(transport);
  return seen;
}

export function resetFakeApi(): void {
  resetTransport();
}

export const menu = (path: string, name: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id: 0,
  path,
  name,
  name_en: '',
  icon: '',
  sort: 0,
  hidden: false,
  no_cache: false,
  children,
  ...extra,
});

export const profileOf = (menus: MenuNode[] = []): Profile => ({
  staff_id: 1,
  staff_num: 'admin',
  user_name: '超级管理员',
  user_face: '',
  phone: null,
  is_super_admin: true,
  menus,
  operations: [],
  linked_accounts: [],
});
