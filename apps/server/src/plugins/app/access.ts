import { ErrorCode, type AnyCall } from '@juqi/contract';
import fp from 'fastify-plugin';
import { recordAudit } from '../../lib/audit/record';
import { AppError } from '../../lib/errors';
import { sendError } from '../../lib/http/envelope';

/** Tokens arrive as X-Token; calls that declare a `token` query field (the profile calls) accept it there too. */
function tokenOf(headers: Record<string, unknown>, query: unknown, call: AnyCall | undefined): string | undefined {
  const header = headers['x-token'];
  if (typeof header === 'string' && header) return header;
  const declaresTokenQuery = call?.query && 'shape' in call.query && 'token' in (call.query.shape as object);
  const fromQuery = (query as { token?: unknown } | undefined)?.token;
  return declaresTokenQuery && typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

/**
 * The server-side guard: before any body is parsed, a route's declared permission is enforced.
 * Sessions are resolved by the login module through `app.access.resolveSession`.
 */
export default fp(async (app) => {
  app.decorate('access', {});
  app.addHook('onRequest', async (request, reply) => {
    const { permission, call } = request.routeOptions.config;
    if (!permission || permission === 'public') return;
    const token = tokenOf(request.headers, request.query, call);
    const resolve = app.access.resolveSession;
    if (!token || !resolve) return sendError(reply, new AppError(ErrorCode.TOKEN_INVALID));
    const principal = await resolve(token);
    request.principal = principal;
    if (permission === 'signed-in') return;
    if (principal.operations === 'all' || principal.operations.has(permission.operation)) return;
    await recordAudit(app.database.db, {
      staffId: principal.staffId,
      action: 'permission.denied',
      target: `${request.method} ${request.routeOptions.url}`,
      detail: { operation: permission.operation },
      ip: request.ip,
    });
    return sendError(reply, new AppError(ErrorCode.FORBIDDEN));
  });
});
