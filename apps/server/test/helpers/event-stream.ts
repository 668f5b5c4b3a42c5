import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A real server-sent-events client for tests: the app listens on a loopback port and the stream is read over HTTP, as
 * a browser's EventSource reads it.
 */

/** Ports this project's tests may listen on; a busy one is skipped, and the system picks one if all are busy. */
const PORTS = [8256, 8257, 8258, 8259];

export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  for (const port of [...PORTS, 0]) {
    try {
      await app.listen({ host: '127.0.0.1', port });
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : port;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('no port to listen on');
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received, in order. */
  events: StreamEvent[];
  /** The raw text received, for checks on the wire format. */
  raw(): string;
  /** The next not yet taken event of this name (and matching `match`), waiting up to `timeoutMs`. */
  next<T = unknown>(event: string, match?: (data: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(port: number, path: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: StreamEvent[] = [];
      const taken = new Set<number>();
      const waiters = new Set<() => void>();
      let buffer = '';
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (!data.length) continue;
          const joined = data.join('\n');
          let parsed: unknown = joined;
          try {
            parsed = JSON.parse(joined);
          } catch {
            // Not JSON: kept as text.
          }
          events.push({ event, data: parsed });
          for (const wake of Array.from(waiters)) wake();
        }
      });
      const ended = new Promise<void>((done) => {
        res.on('end', () => done());
        res.on('close', () => done());
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        raw: () => text,
        ended,
        close: () => request.destroy(),
        next<T>(event: string, match: (data: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
          return new Promise<T>((found, fail) => {
            const look = () => {
              const index = events.findIndex((e, i) => !taken.has(i) && e.event === event && match(e.data as T));
              if (index < 0) return false;
              taken.add(index);
              waiters.delete(look);
              clearTimeout(timer);
              found(events[index]!.data as T);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              fail(new Error(`no "${event}" event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`));
            }, timeoutMs);
            if (!look()) waiters.add(look);
          });
        },
      });
    });
    request.on('error', reject);
  });
}
