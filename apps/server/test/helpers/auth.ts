import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { authCalls, powerCalls, type AnyCall, type CallData } from '@juqi/contract';
import { ADMIN_PASSWORD, type TestApp } from './app';

/** A fresh replay-guard sign, as the web client makes one. */
export const makeSign = (at = Date.now()) => `${at}:${randomBytes(9).toString('base64url')}`;

/**
 * Tests read both success data and error details (`field`, `unlock_at`, `retry_after`) from one answer, so `data` is
 * loosely typed here on purpose.
 */
// oxlint-disable-next-line typescript/no-explicit-any
type Loose = any;

export interface Envelope<D = Loose> {
  code: number;
  message: string;
  data: D;
}

/**
 * Makes one contract call through app.inject as a client would: the body for POST calls, the query for GET calls.
 * Answers the envelope, whatever its code.
 */
export async function invoke<C extends AnyCall>(
  t: TestApp,
  call: C,
  input?: Record<string, unknown>,
  token?: string,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Envelope<CallData<C> & Loose>> {
  const res = await t.app.inject({
    method: call.method,
    url: call.path,
    ...(call.method === 'GET' ? { query: input as Record<string, string> | undefined } : { payload: input ?? {} }),
    headers: { ...(token ? { 'x-token': token } : {}), ...options.headers },
    remoteAddress: options.ip ?? '10.0.0.1',
  });
  return res.json();
}

/** A client address of its own for each sign-in, so the per-IP sign-in limit does not throttle test set-up. */
const freshIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export async function signIn(t: TestApp, staffNum: string, password: string, ip = freshIp()): Promise<string> {
  const body = await invoke(t, authCalls.login, { staff_num: staffNum, user_pwd: password, sign: makeSign(t.clock.now().getTime()) }, undefined, { ip });
  if (body.code !== 20000) throw new Error(`sign-in of ${staffNum} failed: ${JSON.stringify(body)}`);
  return body.data.token as string;
}

export const signInAsAdmin = (t: TestApp) => signIn(t, 'admin', ADMIN_PASSWORD);

let counter = 0;

/** A staff account whose single role grants exactly these operation codes; returns its token and id. */
export async function createStaffWith(t: TestApp, operations: string[], menuPaths: string[] = []) {
  const admin = await signInAsAdmin(t);
  const tree = (await invoke(t, powerCalls.particulars, {}, admin)).data.tree;
  const ids: number[] = [];
  const walk = (nodes: { id: number; kind: string; code: string; path: string; children: unknown[] }[]) =>
    nodes.forEach((n) => {
      if ((n.kind === 'operation' && operations.includes(n.code)) || (n.kind === 'menu' && menuPaths.includes(n.path))) ids.push(n.id);
      walk(n.children as typeof nodes);
    });
  walk(tree);
  if (ids.length !== operations.length + menuPaths.length) throw new Error(`unknown operation or menu in ${[...operations, ...menuPaths]}`);
  counter += 1;
  const staffNum = `t${process.pid}x${counter}`;
  const role = (await invoke(t, powerCalls.roleAdd, { name: `role-${staffNum}` }, admin)).data;
  await invoke(t, powerCalls.roleGrant, { id: role.id, power_ids: ids }, admin);
  const password = 'Staff-Pass-2026';
  const added = await invoke(t, authCalls.staffAdd, { staff_num: staffNum, name: `测试员工${counter}`, password, role_ids: [role.id] }, admin);
  if (added.code !== 20000) throw new Error(`staff_add failed: ${JSON.stringify(added)}`);
  return { token: await signIn(t, staffNum, password), staffId: added.data.id as number, staffNum, password, roleId: role.id as number };
}

/** A token for a staff whose role grants exactly these operation codes. */
export async function signInWith(t: TestApp, operations: string[]): Promise<string> {
  return (await createStaffWith(t, operations)).token;
}

/** SMS messages the development sender wrote to the outbox of this test app. */
export function smsOutbox(t: TestApp): { phone: string; code: string; text: string }[] {
  const file = path.join(t.config.dataDir, 'sms-outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}
