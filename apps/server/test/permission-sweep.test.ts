import { allCalls, type AnyCall } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke } from './helpers/auth';

/** Every call guarded by an operation, tried by a staff whose role lacks exactly that operation. */
const guarded = allCalls.filter((c): c is AnyCall & { permission: { operation: string } } => typeof c.permission === 'object');
const signedIn = allCalls.filter((c) => c.permission !== 'public');

let t: TestApp;
let token: string;
let staffId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token, staffId } = await createStaffWith(t, []));
});
afterAll(() => t?.close());

describe('the permission sweep', () => {
  it.each(guarded.map((c) => [`${c.method} ${c.path}`, c] as const))('%s refuses a role without its operation', async (_name, call) => {
    const res = await invoke(t, call, {}, token);
    expect(res.code).toBe(40300);
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.some((r) => r.staffId === staffId && r.action === 'permission.denied' && r.target === `${call.method} ${call.path}`)).toBe(true);
  });

  it.each(signedIn.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers 50008 when signed out', async (_name, call) => {
    expect((await invoke(t, call, {})).code).toBe(50008);
  });
});
