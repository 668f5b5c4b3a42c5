import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';

/** Resolves with what a handler receives, the n-th time it runs. */
function calls<T>() {
  const waiting: ((data: T) => void)[] = [];
  const seen: T[] = [];
  return {
    seen,
    next: () => new Promise<T>((resolve) => waiting.push(resolve)),
    record(data: T) {
      seen.push(data);
      waiting.shift()?.(data);
    },
  };
}

const echo = calls<{ n: number }>();
const flaky = calls<{ n: number }>();

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
let timersBefore: number;
let t: TestApp;
let closed = false;

beforeAll(async () => {
  timersBefore = timers();
  t = await buildTestApp({
    // Workers poll every half second here: a retried job is found by the next poll, not by a wake-up.
    jobs: { work: true, pollingSeconds: 0.5 },
    extend: (app) => {
      app.jobs.work<{ n: number }>('test.echo', async (data) => echo.record(data));
      app.jobs.work<{ n: number }>(
        'test.flaky',
        async (data) => {
          flaky.record(data);
          if (flaky.seen.length === 1) throw new Error('the first attempt fails');
        },
        { retryLimit: 1, retryDelay: 0 },
      );
    },
  });
});
afterAll(() => (closed ? undefined : t?.close()));

const jobRow = async (id: string) => {
  const result = await t.database.db.execute(sql`select state, retry_count from pgboss.job where id = ${id}`);
  return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows[0];
};

describe('the job queue', () => {
  it('runs a sent job with its data', async () => {
    const ran = echo.next();
    expect(await t.app.jobs.send('test.echo', { n: 1 })).toEqual(expect.any(String));
    expect(await ran).toEqual({ n: 1 });
  });

  it('runs a job whose start is already past', async () => {
    const ran = echo.next();
    await t.app.jobs.send('test.echo', { n: 2 }, { startAfter: new Date(Date.now() - 60_000) });
    expect(await ran).toEqual({ n: 2 });
  });

  it('keeps a job due later waiting', async () => {
    const id = (await t.app.jobs.send('test.echo', { n: 3 }, { startAfter: new Date(Date.now() + 3_600_000) }))!;
    const ran = echo.next();
    await t.app.jobs.send('test.echo', { n: 4 });
    expect(await ran).toEqual({ n: 4 });
    expect(await jobRow(id)).toMatchObject({ state: 'created' });
    expect(echo.seen).not.toContainEqual({ n: 3 });
  });

  it('retries a failed job as its queue says', async () => {
    const first = flaky.next();
    const second = flaky.next();
    const id = (await t.app.jobs.send('test.flaky', { n: 5 }))!;
    expect(await first).toEqual({ n: 5 });
    expect(await second).toEqual({ n: 5 });
    expect(await jobRow(id)).toMatchObject({ retry_count: 1 });
  });
});

describe('closing the app', () => {
  it('stops the workers and leaves no timers behind', async () => {
    expect(timers()).toBeGreaterThan(timersBefore);
    closed = true;
    await t.close();
    expect(timers()).toBeLessThanOrEqual(timersBefore);
  });
});
