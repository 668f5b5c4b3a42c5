import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/**
 * Requests the server makes to addresses its users give (a WordPress site, a webhook): docs/security.md › Outbound
 * requests. Only https, and never to loopback, private, link-local or otherwise internal addresses — the address is
 * checked when it is resolved for the connection itself, so a name cannot resolve to a public address for a check and
 * to an internal one for the request. `privateHosts` (OUTBOUND_PRIVATE_HOSTS=1: tests and demonstrations against local
 * fakes) lifts both rules.
 *
 * A failure says whether the platform can have acted on the request: `unsent` (nothing reached it — refused here, the
 * name unknown, the connection refused) or `unknown` (the request was written whole and no whole answer came back: a
 * timeout, a connection lost). What was sent with an unknown outcome is never repeated blindly.
 */

const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** Whether an address is not a public one (an IPv4-mapped IPv6 address judged by its IPv4 part). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 0 || INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's body as text, its first MB. */
  text: string;
}

export interface OutboundOptions {
  /** Lets requests reach internal addresses over plain http (local fakes). */
  privateHosts: boolean;
}

/** A request that got no answer: `unsent`, the platform cannot have acted on it; `unknown`, it may have. */
export class OutboundFailure extends Error {
  constructor(
    readonly stage: 'unsent' | 'unknown',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundFailure';
  }
}

const ANSWER_LIMIT = 1024 * 1024;
/** The whole exchange's limit. */
const TIMEOUT_MS = 15_000;

/** Resolves a name for a connection, refusing it when every address it has is internal. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((one) => !isInternalAddress(one.address));
    if (!allowed.length) return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: 'EINTERNAL' }), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

/**
 * Whether an address users give may be kept for the server to reach (the write-time half of the rule `reachable`
 * applies when sending): https, or anything its field's pattern takes where local fakes are allowed.
 */
export const keptAddressAllowed = (address: string, privateHosts: boolean): boolean => privateHosts || address.startsWith('https://');

/** The address as a URL when it may be reached: https (or http to local fakes) and not an internal literal. */
function reachable(address: string, privateHosts: boolean): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new OutboundFailure('unsent', `not an address: ${address}`);
  }
  if (url.protocol !== 'https:' && !(privateHosts && url.protocol === 'http:')) throw new OutboundFailure('unsent', `only https addresses are reached, not ${url.protocol}`);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!privateHosts && isIP(literal) && isInternalAddress(literal)) throw new OutboundFailure('unsent', `${literal} is an internal address`);
  return url;
}

/** Sends one request (see the file comment); answers whatever status came back. */
export function sendOutbound(request: OutboundRequest, { privateHosts }: OutboundOptions): Promise<OutboundAnswer> {
  let url: URL;
  try {
    url = reachable(request.url, privateHosts);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  return new Promise((resolve, reject) => {
    let sent = false;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error instanceof OutboundFailure ? error : new OutboundFailure(sent ? 'unknown' : 'unsent', error.message));
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: request.method,
        headers: { 'user-agent': 'juqi-publisher/1', ...request.headers, ...(request.body !== undefined && { 'content-length': String(Buffer.byteLength(request.body)) }) },
        lookup: privateHosts ? undefined : publicLookup,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < ANSWER_LIMIT) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('error', fail);
        res.on('aborted', () => fail(new Error('the answer was cut off')));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).subarray(0, ANSWER_LIMIT).toString('utf8') });
        });
      },
    );
    const timer = setTimeout(() => {
      fail(new Error(`no answer within ${TIMEOUT_MS / 1000} s`));
      req.destroy();
    }, TIMEOUT_MS);
    // Written whole: from here on the platform may have acted on it.
    req.on('finish', () => (sent = true));
    req.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    req.end(request.body);
  });
}

/**
 * A `fetch` under the same rules (https, no internal address, checked at connection time), for clients that bring
 * their own HTTP layer (the `openai` package): the answer's body streams as it arrives — a model's streamed completion
 * — within `timeoutMs` for the whole exchange. A refusal here is an OutboundFailure thrown before anything is sent.
 */
export function outboundFetch({ privateHosts }: OutboundOptions, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = reachable(request.url, privateHosts);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = Object.fromEntries(request.headers);
    return new Promise<Response>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, { method: request.method, headers: { ...headers, ...(body && { 'content-length': String(body.length) }) }, lookup: privateHosts ? undefined : publicLookup }, (res) => {
        const status = res.statusCode ?? 0;
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        res.on('end', () => clearTimeout(timer));
        resolve(new Response(status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers: answerHeaders }));
      });
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      const abort = () => req.destroy(new Error('aborted'));
      request.signal.addEventListener('abort', abort, { once: true });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end(body);
    });
  };
}
