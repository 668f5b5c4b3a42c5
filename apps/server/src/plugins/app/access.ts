import { ErrorCode, informCalls, TOKEN_COOKIE, type AnyCall } from '@juqi/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { recordPermissionDenied } from '../../lib/audit/record';
import { AppError } from '../../lib/errors';
import { LookupRegistry } from '../../lib/lookups';
import { ReviewRegistry } from '../../lib/reviews';
import { sendError } from '../../lib/http/envelope';
import { holdsOperation } from '../../lib/http/types';

/**
 * Calls that take the token from the cookie: the live stream alone, since EventSource cannot send headers. A browser
 * attaches the cookie to any request to this origin, so a call that changes something must demand X-Token, which only
 * this app's own script can send (no CSRF); the stream only reads, and no other site can read its answer.
 */
const COOKIE_TOKEN_PATHS = new Set([informCalls.stream.path]);

/**
 * Tokens arrive as X-Token; calls that declare a `token` query field (the profile calls) accept it there too, and the
 * live stream in the cookie.
 */
function tokenOf(request: FastifyRequest, call: AnyCall | undefined): string | undefined {
  const header = request.headers['x-token'];
  if (typeof header === 'string' && header) return header;
  if (call && COOKIE_TOKEN_PATHS.has(call.path)) return request.cookies[TOKEN_COOKIE] || undefined;
  const declaresTokenQuery = call?.query && 'shape' in call.query && 'token' in (call.query.shape as object);
  const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
  return declaresTokenQuery && typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

/**
 * The server-side guard: before any body is parsed, a route's declared permission is enforced.
 * Sessions are resolved by the login module through `app.access.resolveSession`.
 */
export default fp(async (app) => {
  app.decorate('access', { lookups: new LookupRegistry(), reviews: new ReviewRegistry() });
  app.addHook('onRequest', async (request, reply) => {
    const { permission, call } = request.routeOptions.config;
    if (!permission || permission === 'public') return;
    const token = tokenOf(request, call);
    if (permission === 'app-user') {
      const resolveAppUser = app.access.resolveAppUser;
      if (!token || !resolveAppUser) return sendError(reply, new AppError(ErrorCode.TOKEN_INVALID));
      request.appUser = await resolveAppUser(token);
      return;
    }
    const resolve = app.access.resolveSession;
    if (!token || !resolve) return sendError(reply, new AppError(ErrorCode.TOKEN_INVALID));
    const principal = await resolve(token);
    request.principal = principal;
    if (permission === 'signed-in') return;
    if (holdsOperation(principal, permission.operation)) return;
    await recordPermissionDenied(app.database.db, { staffId: principal.staffId, request, operation: permission.operation });
    return sendError(reply, new AppError(ErrorCode.FORBIDDEN));
  });
});
