import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { allCalls, ErrorCode, errorCatalogue, localeFromHeader, type RefusalIssue } from '@juqi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, issuesRefused } from '../../lib/errors';
import { failure, sendError } from '../../lib/http/envelope';
import { securityHeaderEntries } from '../external/security-headers';

/** `/admin` of `/admin/structures/index`: a path's first segment. */
const rootOf = (url: string) => `/${url.split('/')[1] ?? ''}`;

/**
 * The API's segments: `/api`, `/api_user`, and the first segment of every declared call, so a call the spec places
 * elsewhere (`/admin/structures/index`) is held to the same boot checks, and an unknown GET under it is a 40400
 * envelope, never the web app's page. Pages never live under these segments.
 */
const API_ROOTS = new Set(['/api', '/api_user', ...allCalls.map((call) => rootOf(call.path))]);
const isApiPath = (url: string) => API_ROOTS.has(rootOf(url));

interface ValidationEntry {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Omit<RefusalIssue, 'code' | 'message'> & { keys?: string[] };
}

/**
 * Every issue as one 40000, each bad input once (its first issue), worded in both languages (refusals.ts): a key the
 * call does not take is named itself, not its object; an issue of the whole body or query is named so.
 */
function validationError(error: FastifyError & { validation: ValidationEntry[] }): AppError {
  const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  const issues = error.validation.map((entry) => ({
    ...entry.params,
    code: entry.keyword ?? 'custom',
    message: entry.message ?? '',
    path: entry.instancePath.split('/').filter(Boolean),
  }));
  return issuesRefused(issues, where);
}

/**
 * Turns every outcome into the catalogue envelope, and checks at boot that the routing table keeps the contract:
 * every /api route declares a permission, and every declared call has a route.
 */
export default fp(async (app) => {
  const apiRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (routeOptions) => {
    const url = routeOptions.url ?? routeOptions.path;
    if (url && isApiPath(url)) apiRoutes.push(routeOptions);
  });
  app.addHook('onReady', async () => {
    const undeclared = apiRoutes.filter((r) => !r.config?.permission).map((r) => `${String(r.method)} ${r.url}`);
    if (undeclared.length) throw new Error(`Routes without a declared permission: ${undeclared.join(', ')}`);
    const missing = allCalls.filter((c) => !app.hasRoute({ method: c.method, url: c.path }));
    if (missing.length) {
      throw new Error(`Declared calls without a handler: ${missing.map((c) => `${c.method} ${c.path}`).join(', ')}`);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) return sendError(reply, validationError(error));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its contract schema');
      return sendError(reply, new AppError(ErrorCode.SERVER));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, new AppError(ErrorCode.PAYLOAD_TOO_LARGE));
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, new AppError(ErrorCode.TOO_MANY));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad content type) carry English messages safe to show.
      return sendError(reply, new AppError(ErrorCode.VALIDATION, { 'zh-CN': '请求格式不正确', 'en-US': error.message }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError(ErrorCode.SERVER));
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (isApiPath(url) || request.method !== 'GET' || !app.hasDecorator('sendWebApp')) {
      return sendError(reply, new AppError(ErrorCode.NOT_FOUND));
    }
    return app.sendWebApp(reply);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the web app's index.html (history-mode routing); set by the web plugin when a build exists. */
    sendWebApp(reply: FastifyReply): FastifyReply;
  }
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`/%`) or a parameter over the length limit. Such a request is
 * refused before routing, so no hook runs (not even the security headers') and the request lacks this app's
 * decorations; the answer is built here in full. Every path gets the envelope: a bad URL is never a web app page.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of securityHeaderEntries) reply.raw.setHeader(name, value);
  const fromClient = (error.statusCode ?? 500) < 500;
  if (!fromClient) request.log.error({ err: error }, 'framework error');
  const locale = localeFromHeader(request.headers['accept-language']);
  sendError(reply, new AppError(fromClient ? ErrorCode.VALIDATION : ErrorCode.SERVER), locale);
}

/**
 * Fastify's `clientErrorHandler`: bytes Node cannot parse as HTTP (a bad header line, headers over the size limit).
 * There is no request, only the socket, so the answer is written raw, in the default language (no headers were read).
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const appError = new AppError(error.code === 'HPE_HEADER_OVERFLOW' ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.VALIDATION);
    const { status } = errorCatalogue[appError.code];
    const body = JSON.stringify(failure('zh-CN', appError));
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
      ...securityHeaderEntries.map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
