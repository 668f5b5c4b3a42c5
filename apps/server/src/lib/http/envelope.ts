import {
  ErrorCode,
  errorCatalogue,
  errorMessage,
  fieldLabel,
  refusalMessage,
  type AnyCall,
  type Envelope,
  type ErrorCodeValue,
  type Locale,
  type Texts,
} from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

export function success<D>(locale: Locale, data: D): Envelope<D> {
  return { code: ErrorCode.OK, message: errorMessage(ErrorCode.OK, locale), data };
}

/**
 * The envelope of a failure in `locale`. A 40000's bad inputs are named by their labels (the call's own `labels`, else
 * the shared ones) in `data.fields`, and its message joins them.
 */
export function failure(locale: Locale, error: AppError, labels?: Record<string, Texts>): Envelope<unknown> {
  if (error.refused.length) {
    const fields = error.refused.map((r) => ({ field: r.field, label: r.label?.[locale] ?? fieldLabel(r.field, locale, labels), message: r.text[locale] }));
    return { code: error.code, message: refusalMessage(fields, locale), data: { ...error.data, field: fields[0]!.field, fields } };
  }
  const message = error.text?.[locale] ?? (error.message || errorMessage(error.code, locale));
  return { code: error.code, message, data: error.data ?? null };
}

/** `locale` is given where the request lacks this app's decorations (framework errors, before any hook). */
export function sendError(reply: FastifyReply, error: AppError, locale: Locale = reply.request.locale): FastifyReply {
  const call = reply.request.routeOptions?.config?.call as AnyCall | undefined;
  return reply
    .status(errorCatalogue[error.code as ErrorCodeValue].status)
    .header('cache-control', 'no-store')
    .send(failure(locale, error, call?.labels));
}
