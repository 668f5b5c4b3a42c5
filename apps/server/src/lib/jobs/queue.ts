import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { pgliteJobStore } from './pglite';

export interface JobQueueOptions {
  /**
   * Whether this process works the queues: runs the handlers, the schedules and pg-boss's maintenance. Tests leave it
   * off unless they ask; jobs sent are stored either way.
   */
  work: boolean;
  /** How often an idle worker asks for a job (seconds, at least 0.5); a job sent here to run now wakes it at once. */
  pollingSeconds?: number;
}

/** How a queue retries a failed job (`retryDelay` in seconds) and whether it keeps one waiting job per singleton key (`short`). */
export type QueueOptions = Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'> & {
  policy?: 'standard' | 'short';
  /** How often this queue's idle worker asks (seconds): sooner than the queue's default where a job is due to the second. */
  pollingSeconds?: number;
};

export interface SendOptions {
  /** Not before this instant (the database's clock decides). */
  startAfter?: Date;
  /** On a `short` queue, a second job with the same key while one waits is not stored. */
  singletonKey?: string;
}

export type JobHandler<T extends object> = (data: T) => Promise<void>;

/** An idle worker asks again every 30 s; a job sent here wakes it, so the wait is for jobs due later or sent elsewhere. */
const DEFAULT_POLLING_SECONDS = 30;

/**
 * Background work through pg-boss 10 on the app's database (docs/jobs.md): PGlite through its one connection,
 * PostgreSQL through a small pool of its own. Modules declare handlers with `work` while they register; the app starts
 * the queue when ready and stops it on close.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, { handler: JobHandler<object>; options: QueueOptions }>();
  private readonly queuesMade = new Map<string, Promise<void>>();
  private readonly workerIds = new Map<string, string>();
  private readonly pollingSeconds: number;
  private started: Promise<void> | undefined;
  private working = false;

  constructor(
    database: Database,
    private readonly logger: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    this.pollingSeconds = options.pollingSeconds ?? DEFAULT_POLLING_SECONDS;
    this.boss = new PgBoss({
      ...connectionOf(database),
      supervise: options.work,
      schedule: options.work,
      // Maintenance (failing jobs stuck active, archiving finished ones) every 10 minutes; schedules are looked at every
      // 30 s (pg-boss's cron has minute precision), the schedules' own queue every 30 s instead of every 5 s.
      maintenanceIntervalSeconds: 600,
      cronMonitorIntervalSeconds: 30,
      cronWorkerIntervalSeconds: 30,
      pollingIntervalSeconds: this.pollingSeconds,
    });
    this.boss.on('error', (err) => this.logger.error({ err }, 'job queue error'));
  }

  /** Whether this process works the queues (not in tests, which drive jobs with `runNow`). */
  get worked(): boolean {
    return this.options.work;
  }

  /** Declares the handler of a queue; it runs wherever the queues are worked. A failure is logged and retried per `options`. */
  work<T extends object>(name: string, handler: JobHandler<T>, options: QueueOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} already has a handler`);
    this.handlers.set(name, { handler: handler as JobHandler<object>, options });
    if (this.working) void this.startWorker(name).catch((err: unknown) => this.logger.error({ err, job: name }, 'job worker did not start'));
  }

  /**
   * Stores a job; the id, or null when a `short` queue already holds one waiting under the key. Call it after the
   * transaction it follows commits: on PGlite's one connection it waits for any open transaction.
   */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    await this.ready();
    await this.makeQueue(name);
    const id = await this.boss.send(name, data, { startAfter: options.startAfter, singletonKey: options.singletonKey });
    const workerId = this.workerIds.get(name);
    if (id && workerId && (!options.startAfter || options.startAfter.getTime() <= Date.now())) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Stores many jobs of one queue in one statement (a plan of a thousand publications), each with its own time; as
   * `send`, after the transaction they follow commits. The queue's retry and expiry apply to each.
   */
  async sendMany(name: string, jobs: readonly { data: object; startAfter?: Date }[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.ready();
    await this.makeQueue(name);
    await this.boss.insert(jobs.map((job) => ({ name, data: job.data, startAfter: job.startAfter })));
    const workerId = this.workerIds.get(name);
    if (workerId && jobs.some((job) => !job.startAfter || job.startAfter.getTime() <= Date.now())) this.boss.notifyWorker(workerId);
  }

  /** Sends a job to the queue at each time `cron` names in `timeZone`; kept only where the queues are worked. */
  async schedule(name: string, cron: string, timeZone: string): Promise<void> {
    if (!this.options.work) return;
    await this.ready();
    await this.makeQueue(name);
    await this.boss.schedule(name, cron, {}, { tz: timeZone });
  }

  /** Runs a queue's handler here and now, outside the queue: how tests drive a job's work. */
  async runNow<T extends object>(name: string, data: T): Promise<void> {
    const declared = this.handlers.get(name);
    if (!declared) throw new Error(`job ${name} has no handler`);
    await declared.handler(data);
  }

  /** Starts working the queues when this process does; otherwise the queue's tables are made on first use. */
  async start(): Promise<void> {
    if (!this.options.work) return;
    await this.ready();
    this.working = true;
    for (const name of this.handlers.keys()) await this.startWorker(name);
  }

  /** Stops the workers and timers, letting a running job finish (up to 10 s). */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.working = false;
    await this.started.catch(() => {});
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** pg-boss's schema is made (or migrated) by pg-boss itself on first start, in its own `pgboss` schema. */
  private ready(): Promise<void> {
    this.started ??= this.boss.start().then(() => {});
    return this.started;
  }

  /** Makes the queue (its partition of the job table) once, with the options its handler declared. */
  private makeQueue(name: string): Promise<void> {
    let made = this.queuesMade.get(name);
    if (!made) {
      const { pollingSeconds: _polling, ...declared } = this.handlers.get(name)?.options ?? {};
      const options = { name, ...declared };
      made = this.boss
        .createQueue(name, options)
        .then(() => this.boss.updateQueue(name, options))
        .catch((err: unknown) => {
          this.queuesMade.delete(name);
          throw err;
        });
      this.queuesMade.set(name, made);
    }
    return made;
  }

  private async startWorker(name: string): Promise<void> {
    await this.makeQueue(name);
    const { handler, options } = this.handlers.get(name)!;
    const polling = Math.min(this.pollingSeconds, options.pollingSeconds ?? this.pollingSeconds);
    const workerId = await this.boss.work<object>(name, { pollingIntervalSeconds: polling, batchSize: 1 }, async ([job]) => {
      try {
        await handler(job!.data);
      } catch (err) {
        this.logger.error({ err, job: name, jobId: job!.id }, 'job failed');
        throw err;
      }
    });
    this.workerIds.set(name, workerId);
  }
}

/** PGlite: its instance through `pgliteJobStore`. PostgreSQL: the app's database, through two connections of pg-boss's own. */
function connectionOf(database: Database): PgBoss.DatabaseOptions {
  if (!(database.client instanceof pg.Pool)) return { db: pgliteJobStore(database.client) };
  const { connectionString } = database.client.options;
  if (!connectionString) throw new Error('the job queue needs the database pool to be opened from a connection string');
  return { connectionString, max: 2 };
}
