import type { StreamEvents } from '@juqi/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Principal } from '../../lib/http/types';
import type { SettingsStore } from '../../lib/settings/store';
import type { InformBus, InformSignal } from './bus';
import type { InformService } from './service';

export interface StreamOptions {
  /** How often a `ping` event is sent and the session is checked. */
  heartbeatMs: number;
  /** Open streams one staff may hold (tabs); the oldest is closed beyond it. */
  maxPerStaff: number;
  /** Open streams in this process; new ones are refused (503-like close) beyond it. */
  maxTotal: number;
}

export const defaultStreamOptions: StreamOptions = { heartbeatMs: 25_000, maxPerStaff: 8, maxTotal: 5_000 };

/** The client waits this long before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

/** Whether the request asks for an event stream (EventSource always sends this Accept). */
export const wantsEventStream = (request: FastifyRequest) => /\btext\/event-stream\b/i.test(String(request.headers.accept ?? ''));

const endsWith = (signal: Extract<InformSignal, { kind: 'session-ended' }>, connection: { sessionId: number }) =>
  signal.sessionId !== undefined ? signal.sessionId === connection.sessionId : signal.exceptSessionId !== connection.sessionId;

interface Connection {
  staffId: number;
  sessionId: number;
  reply: FastifyReply;
  /** The newest notification id already accounted for; newer ones are sent on the next signal. */
  lastNotificationId: number;
  /** One task at a time per connection, so events keep their order. */
  chain: Promise<void>;
  heartbeat: NodeJS.Timeout;
  closed: boolean;
}

/**
 * Server-sent events to signed-in staff. Each open stream is a connection here; bus signals concerning its staff make it
 * read from the database and send events. A `session-ended` signal closes the streams of the sessions it names at once,
 * in every process the bus reaches. A heartbeat sends `ping` and checks, without touching it, that the session is still
 * live (not ended, not past its idle or absolute limit, staff still active); otherwise the stream ends.
 */
export class StreamHub {
  private readonly connections = new Set<Connection>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly service: InformService,
    private readonly settings: SettingsStore,
    bus: InformBus,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: StreamOptions,
  ) {
    this.unsubscribe = bus.subscribe((signal) => this.dispatch(signal));
  }

  get size(): number {
    return this.connections.size;
  }

  /** Takes over the reply and keeps it open until the client leaves, the session ends or the server closes. */
  open(principal: Principal, reply: FastifyReply): void {
    reply.hijack();
    const raw = reply.raw;
    if (this.connections.size >= this.options.maxTotal) {
      raw.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '30' });
      raw.end('too many open streams');
      return;
    }
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    raw.socket?.setNoDelay(true);
    raw.socket?.setKeepAlive(true);

    const connection: Connection = {
      staffId: principal.staffId,
      sessionId: principal.sessionId,
      reply,
      lastNotificationId: 0,
      chain: Promise.resolve(),
      heartbeat: setInterval(() => this.enqueue(connection, () => this.beat(connection)), this.options.heartbeatMs),
      closed: false,
    };
    connection.heartbeat.unref();
    this.connections.add(connection);
    this.limitPerStaff(connection.staffId);
    // The response's `close` fires when the client goes away (the request's fires once its body is read).
    raw.on('close', () => this.drop(connection));
    raw.on('error', () => this.drop(connection));

    this.enqueue(connection, async () => {
      // The guard may have taken the session from its cache just before the session ended (here or in another process).
      if (!(await this.live(connection))) {
        this.end(connection);
        return;
      }
      connection.lastNotificationId = await this.service.repo.lastNotificationId(connection.staffId);
      this.send(connection, 'hello', await this.service.snapshot(connection.staffId, this.options.heartbeatMs));
    });
  }

  private limitPerStaff(staffId: number): void {
    const mine = [...this.connections].filter((c) => c.staffId === staffId);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.options.maxPerStaff))) this.end(old);
  }

  private enqueue(connection: Connection, task: () => Promise<void>): void {
    connection.chain = connection.chain.then(async () => {
      if (connection.closed) return;
      try {
        await task();
      } catch (err) {
        this.log.error({ err }, 'inform stream task failed');
        this.end(connection);
      }
    });
  }

  private send<K extends keyof StreamEvents & string>(connection: Connection, event: K, data: StreamEvents[K]): void {
    if (connection.closed) return;
    // JSON never holds a raw line break, so one data line carries the event.
    connection.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private dispatch(signal: InformSignal): void {
    // A copy: ending a connection removes it from the set.
    for (const connection of Array.from(this.connections)) {
      if (signal.staffIds && !signal.staffIds.includes(connection.staffId)) continue;
      if (signal.kind === 'session-ended') {
        // Not queued behind pending reads: nothing more may reach a session that is over.
        if (endsWith(signal, connection)) this.end(connection);
        continue;
      }
      this.enqueue(connection, () => this.handle(connection, signal));
    }
  }

  private async handle(connection: Connection, signal: Exclude<InformSignal, { kind: 'session-ended' }>): Promise<void> {
    switch (signal.kind) {
      case 'notifications': {
        const fresh = await this.service.newNotificationsAfter(connection.staffId, connection.lastNotificationId);
        if (!fresh.length) return;
        for (const item of fresh) this.send(connection, 'notification', item);
        connection.lastNotificationId = fresh[fresh.length - 1]!.id;
        this.send(connection, 'unread', await this.service.unread(connection.staffId));
        return;
      }
      case 'unread':
        this.send(connection, 'unread', await this.service.unread(connection.staffId));
        return;
      case 'announcement': {
        for (const popup of await this.service.pending(connection.staffId, signal.id)) this.send(connection, 'announcement', popup);
        return;
      }
      case 'withdrawn':
        this.send(connection, 'withdrawn', { id: signal.id });
        return;
      case 'changed':
        this.send(connection, 'changed', signal.subject);
    }
  }

  /** Whether the stream's session is live, read from the database. */
  private async live(connection: Connection): Promise<boolean> {
    const state = await this.service.repo.sessionState(connection.sessionId);
    const now = this.clock.now().getTime();
    const login = await this.settings.get('login');
    return (
      !!state &&
      !state.endedAt &&
      state.status === 'active' &&
      now - state.lastSeenAt.getTime() <= login.idle_minutes * 60_000 &&
      now - state.createdAt.getTime() <= login.absolute_hours * 3_600_000
    );
  }

  /** Ends the stream when its session is over; otherwise a ping. */
  private async beat(connection: Connection): Promise<void> {
    if (!(await this.live(connection))) {
      this.end(connection);
      return;
    }
    this.send(connection, 'ping', { time: this.clock.now().toISOString() });
  }

  private drop(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    clearInterval(connection.heartbeat);
    this.connections.delete(connection);
  }

  private end(connection: Connection): void {
    const raw = connection.reply.raw;
    this.drop(connection);
    if (!raw.writableEnded) raw.end();
  }

  /** Ends every stream (server shutdown), so closing the server does not wait for clients to leave. */
  closeAll(): void {
    this.unsubscribe();
    // A copy: ending a connection removes it from the set.
    for (const connection of Array.from(this.connections)) this.end(connection);
  }
}
