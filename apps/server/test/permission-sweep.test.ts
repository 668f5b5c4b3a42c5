import { allCalls, authCalls, powerCalls, type AnyCall, type PowerNode } from '@juqi/contract';
import fc from 'fast-check';
import { gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, power } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { createStaffWith, ok, signInAsAdmin } from './helpers/auth';
import { requestOf, inputSchemaOf, type FuzzCase } from './helpers/bad-input';
import { fittingArbitrary } from './helpers/schema-arbitrary';
import { ACTIVITY_COLUMNS, changedTables, snapshotDatabase, type DbSnapshot } from './helpers/snapshot';
import { insertUser } from './helpers/users';

/**
 * Walks every declared call (`allCalls`, so a new module's calls are covered with no code here):
 * - a call guarded by an operation, sent by a staff whose role holds every operation of the catalogue except that one,
 *   answers 40300 and adds exactly one `permission.denied` row to `audit_log`; with the operation granted back, the same
 *   staff gets past the guard; all these refusals together change nothing else;
 * - every call that is not public answers 50008 when signed out; all of them together change nothing at all;
 * - every `app-user` call answers 50008 with a staff's token (the super-admin's), and every staff call with a
 *   marketplace user's app token; all of them together change nothing at all.
 * Each request carries an input that fits the call's schema, so a missing guard would reach a handler that acts on it.
 */
const guarded = allCalls.filter((c): c is AnyCall & { permission: { operation: string } } => typeof c.permission === 'object');
const notPublic = allCalls.filter((c) => c.permission !== 'public');
const appUserCalls = allCalls.filter((c) => c.permission === 'app-user');
const staffCalls = notPublic.filter((c) => c.permission !== 'app-user');
const label = (c: AnyCall) => `${c.method} ${c.path}`;

/** A request whose input fits the call's schema: JSON or query, or a small file for upload calls (no body schema). */
function fittingRequest(call: AnyCall) {
  const [value] = fc.sample(fittingArbitrary(inputSchemaOf(call)), { numRuns: 1, seed: 20260 });
  const c: FuzzCase =
    call.method === 'GET'
      ? { kind: 'fit', encoding: 'query', value }
      : call.body
        ? { kind: 'fit', encoding: 'json', value }
        : { kind: 'fit', encoding: 'multipart', value, file: { filename: 'note.txt', contentType: 'text/plain', content: Buffer.from('hello') } };
  return requestOf(call, c);
}

let t: TestApp;
let admin: string;
let staff: { token: string; staffId: number; roleId: number };
/** Catalogue ids of every operation, by code. */
const operationIds = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  const walk = (nodes: PowerNode[]) =>
    nodes.forEach((n) => {
      if (n.kind === 'operation') operationIds.set(n.code, n.id);
      walk(n.children);
    });
  walk((await ok(t, powerCalls.particulars, {}, admin)).tree);
  staff = await createStaffWith(t, [...operationIds.keys()]);
  lacking = null;
});
afterAll(() => t?.close());

/** What the staff's role lacks now: the one operation left out, or nothing (null), or not yet granted (undefined). */
let lacking: string | null | undefined;

/** Gives the staff's role every operation except `missing` (none when omitted), unless it already holds just that. */
async function grantAllBut(missing: string | null = null): Promise<void> {
  if (lacking === missing) return;
  const ids = [...operationIds].filter(([code]) => code !== missing).map(([, id]) => id);
  await ok(t, powerCalls.roleGrant, { id: staff.roleId, power_ids: ids }, admin);
  lacking = missing;
}

const snapshot = () => snapshotDatabase(t.database.db);
/** Everything but what the sweep itself changes between calls (the role's grants) and the refusals' audit rows. */
/** Everything but the refusals' audit rows. */
const allButAudit = () => snapshotDatabase(t.database.db, { exceptTables: ['audit_log'], exceptColumns: ACTIVITY_COLUMNS });
const grantsAside = () => snapshotDatabase(t.database.db, { exceptTables: ['audit_log', 'role_power'], exceptColumns: ACTIVITY_COLUMNS });

describe('the permission sweep', () => {
  it('finds every guarding operation in the function catalogue', () => {
    // An operation missing from the catalogue could be held by nobody but the super-admin: the sweep below would pass
    // without proving anything for it.
    for (const call of guarded) expect(operationIds.has(call.permission.operation), `${label(call)}: ${call.permission.operation}`).toBe(true);
  });

  // What a refusal must leave as it was is checked once around all of them (two snapshots, not two per call): the
  // guard refuses before any handler, the same code for every call. The grants change between calls by design.
  describe('a role lacking exactly the operation', () => {
    let before: DbSnapshot;
    beforeAll(async () => {
      before = await grantsAside();
    });

    // By operation, so the calls one operation guards share one change of grants.
    const byOperation = [...guarded].sort((a, b) => a.permission.operation.localeCompare(b.permission.operation));
    it.each(byOperation.map((c) => [label(c), c] as const))('%s refuses it, auditing the refusal', async (name, call) => {
      await grantAllBut(call.permission.operation);
      const [{ lastAudit }] = await t.database.db.select({ lastAudit: max(auditLog.id) }).from(auditLog);

      const request = fittingRequest(call);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, 'x-token': staff.token } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40300);
      const added = await t.database.db.select().from(auditLog).where(gt(auditLog.id, lastAudit ?? 0));
      expect(added).toEqual([
        expect.objectContaining({ staffId: staff.staffId, action: 'permission.denied', target: name, detail: { operation: call.permission.operation } }),
      ]);
    });

    // The refusals were for the missing operation alone: with every operation granted, the same staff passes every
    // guard (a malformed body then stops the request at parsing, before any handler).
    it('passes every guard once the role holds every operation', async () => {
      await grantAllBut();
      for (const call of guarded) {
        const passed =
          call.method === 'GET'
            ? await t.app.inject({ method: call.method, url: call.path, headers: { 'x-token': staff.token } })
            : await t.app.inject({ method: call.method, url: call.path, headers: { 'x-token': staff.token, 'content-type': 'application/json' }, payload: '{' });
        expect([40300, 50008], label(call)).not.toContain(passed.json().code);
      }
    });

    it('changed nothing but the grants and the audit log, all refusals together', async () => {
      expect(changedTables(before, await grantsAside())).toEqual([]);
    });
  });

  describe('signed out', () => {
    let before: DbSnapshot;
    beforeAll(async () => {
      before = await snapshot();
    });

    it.each(notPublic.map((c) => [label(c), c] as const))('%s answers 50008', async (_name, call) => {
      const res = await t.app.inject(fittingRequest(call));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(50008);
    });

    it('changed nothing at all, all refusals together', async () => {
      expect(changedTables(before, await snapshot())).toEqual([]);
    });
  });

  describe('with a token of the other kind', () => {
    let appToken: string;
    let before: DbSnapshot;
    beforeAll(async () => {
      appToken = await signInAppUser(t, (await insertUser(t)).id);
      before = await snapshot();
    });

    it.each(appUserCalls.map((c) => [label(c), c] as const))('%s answers 50008 to a staff token', async (_name, call) => {
      const request = fittingRequest(call);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, 'x-token': admin } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(50008);
    });

    it.each(staffCalls.map((c) => [label(c), c] as const))('%s answers 50008 to an app user’s token', async (_name, call) => {
      const request = fittingRequest(call);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, 'x-token': appToken } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(50008);
    });

    it('changed nothing at all, all refusals together', async () => {
      expect(changedTables(before, await snapshot())).toEqual([]);
    });
  });

  describe.each([
    ['a staff manager (staff.* only)', ['staff.view', 'staff.edit', 'staff.lock', 'staff.password', 'login.records.view']],
    ['a catalogue editor (power.view and power.edit only)', ['power.view', 'power.edit']],
  ])('as %s', (_who, held) => {
    let lesser: { token: string; staffId: number };
    beforeAll(async () => {
      lesser = await createStaffWith(t, held);
    });
    const notHeld = guarded.filter((c) => !held.includes(c.permission.operation));
    let before: DbSnapshot;
    beforeAll(async () => {
      before = await allButAudit();
    });

    it.each(notHeld.map((c) => [label(c), c] as const))('%s is refused', async (_name, call) => {
      const request = fittingRequest(call);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, 'x-token': lesser.token } });
      expect(res.json().code).toBe(40300);
    });

    it('changed nothing but the audit log, all refusals together', async () => {
      expect(changedTables(before, await allButAudit())).toEqual([]);
    });

    it('gains nothing through the calls it holds, aimed at every account and catalogue entry', async () => {
      const operationsOf = async (token: string) => (await ok(t, authCalls.info, {}, token)).operations;
      const start = await operationsOf(lesser.token);
      const adminBefore = await snapshotDatabase(t.database.db, { exceptTables: ['audit_log', 'sign_in_log', 'staff_session', 'sign_nonce', 'sms_code'] });
      // Every account but its own (which it may manage, and whose sessions a password change would end).
      const staffIds = (await ok(t, authCalls.staffList, { limit: 100 }, admin)).data.map((s: { id: number }) => s.id).filter((id: number) => id !== lesser.staffId);
      const own = guarded.filter((c) => held.includes(c.permission.operation) && c.body);
      for (const call of own) {
        const targets = call.tag === 'power' ? [...operationIds.values()] : staffIds;
        for (const id of targets) {
          const request = fittingRequest(call);
          const body = { ...(JSON.parse(String(request.payload ?? '{}')) as object), id, role_ids: [], person_key: 'taken', code: 'staff.view', password: 'Taken-Over-2026' };
          await t.app.inject({ ...request, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-token': lesser.token } });
        }
      }
      expect((await operationsOf(lesser.token)).filter((code) => !start.includes(code))).toEqual([]);
      // The operation codes, the roles' grants and the other accounts' roles are as they were.
      const after = await snapshotDatabase(t.database.db, { exceptTables: ['audit_log', 'sign_in_log', 'staff_session', 'sign_nonce', 'sms_code'] });
      for (const table of ['role_power', 'staff_role']) expect(after.get(table), table).toEqual(adminBefore.get(table));
      const codes = await t.database.db.select().from(power);
      for (const [code, id] of operationIds) expect(codes.find((p) => p.id === id)?.code, code).toBe(code);
      // A write per held call and catalogue entry, over a thousand: seconds alone, a minute or more beside other work.
    }, 240_000);
  });

  it('answers 50008 for an unknown token as for none', async () => {
    const res = await t.app.inject({ ...fittingRequest(authCalls.info), headers: { 'x-token': 'not-a-token' } });
    expect(res.json().code).toBe(50008);
  });
});
