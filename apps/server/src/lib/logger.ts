import pino, { type Logger } from 'pino';

/** A query key as Fastify's parser reads it: `+` is a space, then percent-decoding; null if it cannot be decoded. */
function decodedKey(key: string): string | null {
  try {
    return decodeURIComponent(key.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * Redacts token values in the query string. Keys are compared after decoding, because Fastify decodes them (`%74oken`
 * is `token`); a key that cannot be decoded loses its value too. The rest of the query stays, as it helps reading the
 * logs (pages, filters), which logging the path alone would lose.
 */
function safeUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url.slice(start + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    if (equals < 0) return pair;
    const key = decodedKey(pair.slice(0, equals));
    return key === null || key.toLowerCase().includes('token') ? `${pair.slice(0, equals)}=[redacted]` : pair;
  });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
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
