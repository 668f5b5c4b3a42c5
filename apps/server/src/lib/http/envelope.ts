import { ErrorCode, errorCatalogue, errorMessage, type Envelope, type ErrorCodeValue, type Locale } from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

export function success<D>(locale: Locale, data: D): Envelope<D> {
  return { code: ErrorCode.OK, message: errorMessage(ErrorCode.OK, locale), data };
}

export function failure(locale: Locale, error: AppError): Envelope<unknown> {
  const message = error.text?.[locale] ?? (error.message || errorMessage(error.code, locale));
  return { code: error.code, message, data: error.data ?? null };
}

/** `locale` is given where the request lacks this app's decorations (framework errors, before any hook). */
export function sendError(reply: FastifyReply, error: AppError, locale: Locale = reply.request.locale): FastifyReply {
  return reply
    .status(errorCatalogue[error.code as ErrorCodeValue].status)
    .header('cache-control', 'no-store')
    .send(failure(locale, error));
}
