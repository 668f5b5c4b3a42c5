import { informCalls, type StreamEvents } from '@juqi/contract';
import type { LiveStatus } from './live-store';

type Handlers = { [K in keyof StreamEvents]?: (data: StreamEvents[K]) => void };

export interface LiveConnectionOptions {
  /** Whether a session token is held (the stream reads it from its cookie); false ends the connection. */
  signedIn: () => boolean;
  handlers: Handlers;
  onStatus: (status: LiveStatus) => void;
  /**
   * Asked after the server refused or dropped the stream: whether the session still holds (retry) or is over (stop).
   * A failing check (offline) counts as "retry".
   */
  sessionAlive: () => Promise<boolean>;
  /** EventSource, replaced in tests. */
  EventSourceImpl?: typeof EventSource;
  minRetryMs?: number;
  maxRetryMs?: number;
}

const EVENTS: (keyof StreamEvents)[] = ['hello', 'notification', 'unread', 'announcement', 'withdrawn', 'changed', 'ping'];
/** Until the hello says otherwise. */
const DEFAULT_HEARTBEAT_MS = 25_000;

/**
 * The live stream (`GET /api/inform/stream`, server-sent events) with its recovery: the browser's own reconnect after
 * a dropped connection, a reconnect with growing back-off (1 s … 30 s) after the server refused the stream, and a
 * watchdog that reconnects when no event (not even the heartbeat ping) came for two and a half heartbeats. It stops
 * for good only when the session is over.
 */
export class LiveConnection {
  private source: EventSource | null = null;
  private attempt = 0;
  private heartbeatMs = DEFAULT_HEARTBEAT_MS;
  private lastActivity = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private readonly ES: typeof EventSource;

  constructor(private readonly options: LiveConnectionOptions) {
    this.ES = options.EventSourceImpl ?? window.EventSource;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.teardown();
    clearTimeout(this.retryTimer);
    this.options.onStatus('stopped');
  }

  /** Drops the current stream and opens a new one now (the browser came back online). */
  reconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.teardown();
    this.connect();
  }

  private connect(): void {
    if (!this.options.signedIn()) {
      this.stop();
      return;
    }
    this.options.onStatus(this.attempt === 0 ? 'connecting' : 'retrying');
    // EventSource cannot send X-Token; the server takes the token from the cookie for this call alone.
    const source = new this.ES(informCalls.stream.path);
    this.source = source;
    this.lastActivity = Date.now();
    for (const name of EVENTS) {
      source.addEventListener(name, (event) => {
        if (this.source !== source) return;
        this.lastActivity = Date.now();
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        if (name === 'hello') {
          this.attempt = 0;
          this.heartbeatMs = (data as StreamEvents['hello']).heartbeat_ms || DEFAULT_HEARTBEAT_MS;
          this.options.onStatus('open');
        }
        (this.options.handlers[name] as ((d: unknown) => void) | undefined)?.(data);
      });
    }
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      if (source.readyState === this.ES.CLOSED) {
        // Refused (401, 503) or failed for good: the browser will not retry by itself.
        this.teardown();
        void this.retryLater();
      } else {
        // The browser reconnects by itself (the server asked for 3 s).
        this.options.onStatus('retrying');
      }
    });
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => {
      if (Date.now() - this.lastActivity > this.heartbeatMs * 2.5) this.reconnect();
    }, Math.max(1_000, Math.round(this.heartbeatMs / 2)));
  }

  private async retryLater(): Promise<void> {
    if (this.stopped) return;
    this.options.onStatus('retrying');
    const alive = await this.options.sessionAlive().catch(() => true);
    if (!alive || this.stopped) {
      this.stop();
      return;
    }
    const min = this.options.minRetryMs ?? 1_000;
    const max = this.options.maxRetryMs ?? 30_000;
    const delay = Math.min(max, min * 2 ** this.attempt);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private teardown(): void {
    clearInterval(this.watchdog);
    this.watchdog = undefined;
    const source = this.source;
    this.source = null;
    source?.close();
  }
}
