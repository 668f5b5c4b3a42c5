import { allCalls, ErrorCode } from '@juqi/contract';
import type { FastifyError, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { sendError } from '../../lib/http/envelope';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api_user/');

function validationError(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): AppError {
  const first = error.validation[0];
  const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  const field = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : where;
  return AppError.invalid(field, first?.message ?? 'invalid');
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
      // Fastify's own client errors (malformed JSON, bad content type) carry messages safe to show.
      return sendError(reply, new AppError(ErrorCode.VALIDATION, error.message));
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
