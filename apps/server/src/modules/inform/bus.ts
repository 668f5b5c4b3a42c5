import { randomBytes } from 'node:crypto';
import { notificationSubject, type NotificationSubject } from '@juqi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * What changed, for whom. Signals carry ids only: every open stream reads what it needs from the database itself, so a
 * signal is small enough for PostgreSQL NOTIFY and means the same in every process. `staffIds` null: anyone may be
 * concerned (a publication to all staff, or too many ids to list). `session-ended`: the streams of one session
 * (`sessionId`), or of every session of the staff but `exceptSessionId`, close. `changed`: what a subject names changed
 * (a step decided), so the screens showing it read it again.
 */
export type InformSignal =
  | { kind: 'notifications'; staffIds: number[] | null }
  | { kind: 'unread'; staffIds: number[] | null }
  | { kind: 'announcement'; id: number; staffIds: number[] | null }
  | { kind: 'withdrawn'; id: number; staffIds: number[] | null }
  | { kind: 'changed'; subject: NotificationSubject; staffIds: number[] | null }
  | { kind: 'session-ended'; staffIds: number[]; sessionId?: number; exceptSessionId?: number };

export type SignalListener = (signal: InformSignal) => void;

/** Beyond this many ids a signal says "anyone" instead (NOTIFY payloads stay far below PostgreSQL's 8000 bytes). */
export const MAX_LISTED_STAFF = 500;

export const concerning = (ids: number[]): number[] | null => (ids.length > MAX_LISTED_STAFF ? null : [...new Set(ids)]);

export interface InformBus {
  publish(signal: InformSignal): Promise<void>;
  subscribe(listener: SignalListener): () => void;
  close(): Promise<void>;
}

/** One process: listeners are called in the same tick. Works on both engines. */
export class LocalBus implements InformBus {
  private readonly listeners = new Set<SignalListener>();

  constructor(private readonly log?: FastifyBaseLogger) {}

  async publish(signal: InformSignal): Promise<void> {
    this.deliver(signal);
  }

  deliver(signal: InformSignal): void {
    for (const listener of this.listeners) {
      try {
        listener(signal);
      } catch (err) {
        this.log?.error({ err }, 'inform signal listener failed');
      }
    }
  }

  subscribe(listener: SignalListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

const CHANNEL = 'juqi_inform';
const RECONNECT_MS = 2_000;

/** The dedicated LISTEN connection and the one way to hand it back. */
interface Listening {
  client: pg.PoolClient;
  release(err?: Error): void;
}

function isSignal(value: unknown): value is InformSignal {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const optionalId = (key: string) => v[key] === undefined || Number.isInteger(v[key]);
  const listed = Array.isArray(v.staffIds) && v.staffIds.every((n) => Number.isInteger(n));
  if (v.kind === 'session-ended') return listed && optionalId('sessionId') && optionalId('exceptSessionId');
  if (v.kind === 'changed') return (v.staffIds === null || listed) && notificationSubject.safeParse(v.subject).success;
  const kinds = ['notifications', 'unread', 'announcement', 'withdrawn'];
  return typeof v.kind === 'string' && kinds.includes(v.kind) && (v.staffIds === null || listed) && optionalId('id');
}

/**
 * Several server processes on one PostgreSQL: each signal is delivered here at once and sent with NOTIFY; every process
 * LISTENs on one dedicated connection and delivers the others' signals to its own streams. A lost listening connection
 * is re-established after 2 s (streams reconnecting meanwhile still get the current state in their hello event).
 */
export class PgNotifyBus implements InformBus {
  private readonly local: LocalBus;
  private readonly origin = randomBytes(6).toString('hex');
  private listening: Listening | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {
    this.local = new LocalBus(log);
  }

  /** Starts listening; resolves once LISTEN is in place (or has failed and a retry is scheduled). */
  async start(): Promise<void> {
    if (this.closed) return;
    let listening: Listening | undefined;
    try {
      const client = await this.pool.connect();
      let released = false;
      const current: Listening = {
        client,
        // A connection may report errors after it went back to the pool (the server ending it, a second error for
        // the same loss): it is released once, since a second release throws.
        release: (err) => {
          if (released) return;
          released = true;
          client.release(err);
        },
      };
      listening = current;
      client.on('notification', (message) => this.received(message.payload));
      client.on('error', (err) => {
        if (released) return;
        this.log.warn({ err }, 'inform LISTEN connection lost; reconnecting');
        this.drop(current, err);
      });
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) return current.release();
      this.listening = current;
    } catch (err) {
      this.log.warn({ err }, 'inform LISTEN failed; retrying');
      listening?.release(err instanceof Error ? err : new Error(String(err)));
      this.schedule();
    }
  }

  private drop(listening: Listening, err: Error): void {
    if (this.listening === listening) this.listening = undefined;
    listening.release(err);
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start();
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private received(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { origin, signal } = JSON.parse(payload) as { origin?: string; signal?: unknown };
      if (origin === this.origin || !isSignal(signal)) return;
      this.local.deliver(signal);
    } catch {
      this.log.warn('inform NOTIFY payload not understood');
    }
  }

  async publish(signal: InformSignal): Promise<void> {
    this.local.deliver(signal);
    try {
      await this.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: this.origin, signal })]);
    } catch (err) {
      // Other processes miss this one; their streams still see it at their next hello. Never fail the publication.
      this.log.warn({ err }, 'inform NOTIFY failed');
    }
  }

  subscribe(listener: SignalListener): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const listening = this.listening;
    this.listening = undefined;
    if (listening) {
      try {
        await listening.client.query(`UNLISTEN ${CHANNEL}`);
      } catch {
        // The connection is going anyway.
      }
      listening.release();
    }
    await this.local.close();
  }
}
