import pino, { type Logger } from 'pino';

/** Strips a token passed in the query string, so tokens never reach the logs. */
function safeUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
    level,
    redact: {
      paths: ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: safeUrl(req.url),
        ip: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
    },
  },
    destination,
  );
}
