import { ErrorCode, type ErrorCodeValue, type ErrorDetails, type Locale } from '@juqi/contract';

/** A message in each UI language; the answer carries the one the client asked for. */
export type LocalText = Record<Locale, string>;

/**
 * A failure the client should see as a catalogue envelope. `message` overrides the catalogue text
 * (it must be safe to show: no SQL, paths or stack); `data` carries details such as an unlock time.
 */
export class AppError extends Error {
  readonly text: LocalText | undefined;

  constructor(
    readonly code: ErrorCodeValue,
    message?: string | LocalText,
    readonly data: ErrorDetails | null = null,
  ) {
    super(typeof message === 'string' ? message : (message?.['en-US'] ?? ''));
    this.name = 'AppError';
    this.text = typeof message === 'object' ? message : undefined;
  }

  /** A bad value in one field: the message names the field. */
  static invalid(field: string, reason: string): AppError {
    return new AppError(ErrorCode.VALIDATION, `${field}: ${reason}`, { field });
  }

  static notFound(what?: string): AppError {
    return new AppError(ErrorCode.NOT_FOUND, what);
  }

  static forbidden(message?: string | LocalText): AppError {
    return new AppError(ErrorCode.FORBIDDEN, message);
  }

  /** Something already taken or still in use; `field` names the input that clashed, for forms to mark. */
  static conflict(message?: string | LocalText, field?: string): AppError {
    return new AppError(ErrorCode.CONFLICT, message, field ? { field } : null);
  }
}
