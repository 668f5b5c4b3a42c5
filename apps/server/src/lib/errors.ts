import { ErrorCode, type ErrorCodeValue } from '@juqi/contract';

/**
 * A failure the client should see as a catalogue envelope. `message` overrides the catalogue text
 * (it must be safe to show: no SQL, paths or stack); `data` carries details such as an unlock time.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? '');
    this.name = 'AppError';
  }

  /** A bad value in one field: the message names the field. */
  static invalid(field: string, reason: string): AppError {
    return new AppError(ErrorCode.VALIDATION, `${field}: ${reason}`, { field });
  }

  static notFound(what?: string): AppError {
    return new AppError(ErrorCode.NOT_FOUND, what);
  }

  static forbidden(message?: string): AppError {
    return new AppError(ErrorCode.FORBIDDEN, message);
  }

  static conflict(message?: string): AppError {
    return new AppError(ErrorCode.CONFLICT, message);
  }
}
