import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  authCalls,
  ErrorCode,
  fieldLabel,
  powerCalls,
  type AnyCall,
  type CallBody,
  type CallData,
  type CallQuery,
  type ErrorCodeValue,
  type ErrorDetails,
  type PowerNode,
} from '@juqi/contract';
import { ADMIN_PASSWORD, type TestApp } from './app';

/** A fresh replay-guard sign, as the web client makes one. */
export const makeSign = (at = Date.now()) => `${at}:${randomBytes(9).toString('base64url')}`;

/** A call's input as a client sends it: its body, else its query; `{}` for a call that takes neither. */
export type CallInput<C extends AnyCall> =
  CallBody<C> extends undefined ? (CallQuery<C> extends undefined ? Record<string, never> : CallQuery<C>) : CallBody<C>;

export type FailureCode = Exclude<ErrorCodeValue, typeof ErrorCode.OK>;

/** The envelope a JSON call answers with; comparing `code` with 20000 narrows `data` to the call's data or the error details. */
export type Answer<C extends AnyCall> =
  | { code: typeof ErrorCode.OK; message: string; data: CallData<C> }
  | { code: FailureCode; message: string; data: ErrorDetails | null };

export interface InvokeOptions {
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * The input may be left out only where the call needs none. A call typed only as `AnyCall` has no input type to check
 * against, so it takes none here: such tests say so with `invokeUnchecked`.
 */
type InvokeArgs<C extends AnyCall> = unknown extends CallInput<C>
  ? [input: never, token?: string, options?: InvokeOptions]
  : Record<string, never> extends CallInput<C>
    ? [input?: CallInput<C>, token?: string, options?: InvokeOptions]
    : [input: CallInput<C>, token?: string, options?: InvokeOptions];

/**
 * Makes one contract call through app.inject as a client would: the body for POST calls, the query for GET calls.
 * Answers the envelope, whatever its code. The input is checked against the contract, so renaming a field there
 * breaks the tests that send it.
 */
export function invoke<C extends AnyCall>(t: TestApp, call: C, ...[input, token, options]: InvokeArgs<C>): Promise<Answer<C>> {
  return invokeUnchecked(t, call, input, token, options);
}

/** `invoke` with an input the contract does not check: for tests that send wrong types, unknown or missing fields on purpose. */
export async function invokeUnchecked<C extends AnyCall>(
  t: TestApp,
  call: C,
  input: unknown,
  token?: string,
  options: InvokeOptions = {},
): Promise<Answer<C>> {
  const res = await t.app.inject({
    method: call.method,
    url: call.path,
    ...(call.method === 'GET' ? { query: input as Record<string, string> | undefined } : { payload: (input ?? {}) as object }),
    headers: { ...(token ? { 'x-token': token } : {}), ...options.headers },
    remoteAddress: options.ip ?? '10.0.0.1',
  });
  return res.json();
}

/** The data of a successful answer; throws, showing the answer, on any other code. */
export function expectOk<C extends AnyCall>(answer: Answer<C>): CallData<C> {
  if (answer.code !== ErrorCode.OK) throw new Error(`expected code 20000, got ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Makes the call and answers its data; throws, showing the answer, unless it succeeded. */
export async function ok<C extends AnyCall>(t: TestApp, call: C, ...args: InvokeArgs<C>): Promise<CallData<C>> {
  return expectOk(await invoke(t, call, ...args));
}

/** The details of a failed answer (`{}` when it carries none); throws, showing the answer, unless its code is `code`. */
export function expectError(answer: Answer<AnyCall>, code: FailureCode): ErrorDetails {
  if (answer.code !== code) throw new Error(`expected code ${code}, got ${JSON.stringify(answer)}`);
  return answer.data ?? {};
}

/**
 * The details of a 40000 refusing `field` first, its message naming it first by its label in Chinese, as a request
 * without Accept-Language gets it: `label` as given (an admin-defined field's), else the call's own or the shared one.
 * Throws, showing the answer, on any other.
 */
export function expectRefused(answer: Answer<AnyCall>, field: string, labelOrCall?: string | AnyCall): ErrorDetails {
  const details = expectError(answer, ErrorCode.VALIDATION);
  const label = typeof labelOrCall === 'string' ? labelOrCall : fieldLabel(field, 'zh-CN', labelOrCall?.labels);
  if (details.field !== field || details.fields?.[0]?.label !== label || !answer.message.startsWith(`${label}：`))
    throw new Error(`expected a refusal naming ${field} (${label}) first, got ${JSON.stringify(answer)}`);
  return details;
}

/** A client address of its own for each sign-in, so the per-IP sign-in limit does not throttle test set-up. */
const freshIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export async function signIn(t: TestApp, staffNum: string, password: string, ip = freshIp()): Promise<string> {
  const body = await invoke(t, authCalls.login, { staff_num: staffNum, user_pwd: password, sign: makeSign(t.clock.now().getTime()) }, undefined, { ip });
  if (body.code !== 20000) throw new Error(`sign-in of ${staffNum} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const signInAsAdmin = (t: TestApp) => signIn(t, 'admin', ADMIN_PASSWORD);

let counter = 0;

/** A staff account whose single role grants exactly these operation codes; returns its token and id. */
export async function createStaffWith(t: TestApp, operations: string[], menuPaths: string[] = []) {
  const admin = await signInAsAdmin(t);
  const tree = (await ok(t, powerCalls.particulars, {}, admin)).tree;
  const ids: number[] = [];
  const walk = (nodes: PowerNode[]) =>
    nodes.forEach((n) => {
      if ((n.kind === 'operation' && operations.includes(n.code)) || (n.kind === 'menu' && menuPaths.includes(n.path))) ids.push(n.id);
      walk(n.children);
    });
  walk(tree);
  if (ids.length !== operations.length + menuPaths.length) throw new Error(`unknown operation or menu in ${[...operations, ...menuPaths]}`);
  counter += 1;
  const staffNum = `t${process.pid}x${counter}`;
  const role = await ok(t, powerCalls.roleAdd, { name: `role-${staffNum}` }, admin);
  await ok(t, powerCalls.roleGrant, { id: role.id, power_ids: ids }, admin);
  const password = 'Staff-Pass-2026';
  const added = await ok(t, authCalls.staffAdd, { staff_num: staffNum, name: `测试员工${counter}`, password, role_ids: [role.id] }, admin);
  return { token: await signIn(t, staffNum, password), staffId: added.id, staffNum, password, roleId: role.id };
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
