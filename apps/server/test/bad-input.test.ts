import { test } from '@fast-check/vitest';
import { allCalls, allResources, casePlatform, LOGGED_OUT_CODES, type AnyCall } from '@juqi/contract';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSession, AppUserSession } from './helpers/admin-session';
import { buildTestApp, type TestApp } from './helpers/app';
import { testEngine } from './helpers/database';
import { caseArbitrary, inputSchemaOf, requestOf, summarizeCase, type FuzzCase } from './helpers/bad-input';
import { checkCatalogueAnswer, isProblem } from './helpers/catalogue-answer';
import { ACTIVITY_COLUMNS, changedTables, DatabaseWatch, JOURNAL_TABLES } from './helpers/snapshot';

/**
 * Generated bad input for every declared call (walks `allCalls`, so a new call is covered with no code here).
 * Signed in as the super-admin, or for `app-user` calls as a marketplace user, so validation and handlers are reached. Each answer must be a catalogue envelope below
 * 500 with nothing internal in it, and an answer other than 20000 must leave the database as it was.
 *
 * FUZZ_RUNS sets the cases per call (30 by default, 10 on PostgreSQL; `npm run test:deep -w @juqi/server` runs 1,000); FUZZ_SEED replays
 * a failure fast-check reported; FUZZ_REPORT=<file.json> writes how often each call answered each code, per encoding.
 *
 * The calls of declared resources share one validation and one handler (`lib/crud`): the first resource takes the full
 * runs for the mechanism, every other one a sixth of them (at least 5), enough for its own schema and table, so the
 * suite does not grow by the full count with each new screen. Another call's cases grow with the inputs it takes (a
 * case breaks one input, or the encoding): a sixth of the runs per input and one more sixth, the full runs from five
 * inputs up; a call that takes nothing gets the least, its only bad input being keys it does not take.
 */
// The PostgreSQL leg sends a third of the cases: validation does not depend on the engine, and a third is enough to
// meet what does (a driver's error text, a constraint's refusal) on every call.
const RUNS = Number(process.env.FUZZ_RUNS || (testEngine === 'postgres' ? 10 : 30));
const LAYER_RUNS = Math.max(5, Math.ceil(RUNS / 6));
// 案例平台, the plainest resource, gets the full runs for the layer's shared mechanism; the others a sixth.
const layerCalls = new Set<AnyCall>(allResources.filter((resource) => resource !== casePlatform).flatMap((resource) => [...Object.values(resource.calls), ...Object.values(resource.actionCalls)] as AnyCall[]));
const runsOf = (call: AnyCall) => {
  if (layerCalls.has(call)) return LAYER_RUNS;
  const inputs = Object.keys(inputSchemaOf(call).properties ?? {}).length;
  return Math.min(RUNS, Math.max(LAYER_RUNS, Math.ceil((RUNS * (inputs + 1)) / 6)));
};
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Generous: a few generated calls hash a password (scrypt, a quarter second each). */
const TIMEOUT_MS = Math.max(60_000, RUNS * 1_500);

let t: TestApp;
let admin: AdminSession;
let appUser: AppUserSession;
/** What a refused call must leave as it was: everything but the journals of attempts and the sessions' activity. */
let watch: DatabaseWatch;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await AdminSession.start(t);
  appUser = await AppUserSession.start(t);
  // The app sign-in's journal is the user's sign-in records; an app session's activity is its last_seen_at.
  watch = new DatabaseWatch(t.database.db, {
    exceptTables: [...JOURNAL_TABLES, 'user_login_log'],
    exceptColumns: { ...ACTIVITY_COLUMNS, user_session: ['last_seen_at'] },
  });
});
afterAll(async () => {
  if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, `${JSON.stringify(Object.fromEntries(tally), null, 1)}\n`);
  await t?.close();
});

/** Answers per call, by encoding and code: shows that the cases reach handlers (20000) and not only validation. */
const tally = new Map<string, Record<string, number>>();
function count(call: AnyCall, c: FuzzCase, code: number): void {
  const key = `${call.method} ${call.path}`;
  const row = tally.get(key) ?? {};
  const bucket = `${c.raw ? 'raw' : c.encoding} ${code}`;
  row[bucket] = (row[bucket] ?? 0) + 1;
  tally.set(key, row);
}

/** Public sign-in calls are limited per client address: every request comes from an address of its own. */
let requestCount = 0;
const nextAddress = () => {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

async function sendCase(call: AnyCall, c: FuzzCase): Promise<void> {
  const request = requestOf(call, c);
  const where = `${call.method} ${call.path} ${summarizeCase(c)}\n  →`;
  const session = call.permission === 'app-user' ? appUser : admin;
  for (let attempt = 0; ; attempt++) {
    const before = await watch.state();
    const res = await t.app.inject({ ...request, headers: { ...request.headers, 'x-token': session.token }, remoteAddress: nextAddress() });
    const after = await watch.state();

    const answer = checkCatalogueAnswer(call, res, c.value);
    if (isProblem(answer)) expect.fail(`${where} ${answer.problem}: HTTP ${answer.status} ${answer.body}`);
    const { code } = answer;
    count(call, c, code);
    if (code !== 20000) {
      const changed = changedTables(before, after);
      if (changed.length) expect.fail(`${where} answered ${code} yet changed ${changed.join(', ')}`);
    }
    // A fitting input may have ended the session (log-out, password change): renew it and resend once.
    if (LOGGED_OUT_CODES.includes(code) && call.permission !== 'public') {
      if (attempt > 0) expect.fail(`${where} ${code} for a fresh ${session === appUser ? 'app user' : 'super-admin'} session`);
      await session.renew();
      continue;
    }
    return;
  }
}

/** A 40000 answer as the server sends one, for checking the leak check itself. */
const refusal = (message: string, fields: { field: string; label: string; message: string }[]) =>
  ({
    statusCode: 400,
    headers: { 'cache-control': 'no-store', 'content-type': 'application/json' },
    body: JSON.stringify({ code: 40000, message, data: { field: fields[0]?.field, fields } }),
  });

describe('generated bad input', () => {
  it('notices a committed change in any table, and not a rolled-back one', async () => {
    const db = t.database.db;
    const before = await watch.state();
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into app_setting (key, value) values ('fuzz-probe', '1'::jsonb)`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(changedTables(before, await watch.state())).toEqual([]);
    await db.execute(sql`insert into app_setting (key, value) values ('fuzz-probe', '1'::jsonb)`);
    expect(changedTables(before, await watch.state())).toEqual(['app_setting']);
    await db.execute(sql`delete from app_setting where key = 'fuzz-probe'`);
    expect(changedTables(before, await watch.state())).toEqual([]);
  });

  it('takes a refusal echoing what the client sent for no leak, and finds a driver named by the server', () => {
    const call = allCalls.find((c) => c.path === '/api/field/personnel_info_definition_add')!;
    // A whole body sent as one form field's name, a dot in it: the server words the unknown key as a path.
    const key = '{"en-US":"pg","max":1.5}';
    const echoed = refusal(`{"en-US":"pg","max":1 · 5}：不接受此字段`, [{ field: key, label: '{"en-US":"pg","max":1 · 5}', message: '不接受此字段' }]);
    expect(checkCatalogueAnswer(call, echoed, { [key]: '' })).toEqual({ code: 40000 });
    const leaked = refusal('键：duplicate key value violates unique constraint (pg)', [{ field: 'key', label: '键', message: 'pg' }]);
    expect(isProblem(checkCatalogueAnswer(call, leaked, { key: 'a' }))).toBe(true);
  });

  for (const call of allCalls) {
    test.prop([caseArbitrary(call)], { numRuns: runsOf(call), seed: SEED })(`${call.method} ${call.path}`, (c) => sendCase(call, c), TIMEOUT_MS);
  }
});
