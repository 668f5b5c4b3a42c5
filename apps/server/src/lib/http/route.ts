import {
  envelope,
  ErrorCode,
  permissionLabel,
  type AnyCall,
  type CallData,
  type ParsedBody,
  type ParsedQuery,
} from '@juqi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { success } from './envelope';
import { assertStorableText } from './nul-guard';
import type { AppUserPrincipal, Principal } from './types';

export interface CallContext<C extends AnyCall> {
  body: ParsedBody<C>;
  query: ParsedQuery<C>;
  /** The signed-in staff; null on public and `app-user` calls. */
  principal: Principal | null;
  /** The marketplace user of an `app-user` call; null on every other call. */
  appUser: AppUserPrincipal | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends AnyCall> = (ctx: CallContext<C>) => Promise<CallData<C>> | CallData<C>;

/**
 * Registers one contract call: validation and response serialisation come from the call's schemas, the permission
 * from its declaration, and the handler's return value is wrapped in the success envelope.
 * Blob calls send their own reply and skip the envelope.
 */
/** One envelope schema per call, so each app built in this process shares its compiled answer writer. */
const envelopes = new WeakMap<AnyCall, ReturnType<typeof envelope>>();
function envelopeOf(call: AnyCall) {
  let schema = envelopes.get(call);
  if (!schema) envelopes.set(call, (schema = envelope(call.data)));
  return schema;
}

export function route<C extends AnyCall>(app: FastifyInstance, call: C, handler: Handler<C>): void {
  app.route({
    method: call.method,
    url: call.path,
    config: { permission: call.permission, call },
    schema: {
      summary: call.summary,
      description: `Permission: ${permissionLabel(call.permission)}`,
      tags: [call.tag],
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.response === 'blob' ? {} : { response: { 200: envelopeOf(call) } }),
    },
    preValidation: async (request) => {
      // A JSON-only call refuses a form post, which another site's page could send.
      if (call.jsonOnly && request.body !== undefined && request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/json')
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
      // Before the schema: a NUL or a lone surrogate would pass validation and then fail in the database as a 500.
      assertStorableText(request.body, request.query);
    },
    handler: async (request, reply) => {
      const data = await handler({
        body: request.body as ParsedBody<C>,
        query: request.query as ParsedQuery<C>,
        principal: request.principal,
        appUser: request.appUser,
        request,
        reply,
      });
      if (call.response === 'blob') return reply;
      reply.header('cache-control', 'no-store');
      return success(request.locale, data);
    },
  });
}
