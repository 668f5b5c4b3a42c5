/** A call answered with a code other than 20000. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, server down, timeout). */
export class TransportError extends Error {
  readonly code = 500;
}
