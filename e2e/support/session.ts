// Sessions for the browser tests. Every test signs in from 127.0.0.1, so the test server raises the per-address sign-in
// limit (e2e/server.mjs); the admin still signs in once per run (the token is kept in the run's fresh data folder).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const ADMIN = { staffNum: 'admin', password: 'Admin-Pass-2026' };
// The worker's own server (playwright.config.ts).
const port = String(Number(process.env.E2E_PORT ?? 8181) + Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** The data folder e2e/server.mjs gives the server (emptied at every start). */
export const DATA_DIR = path.join(import.meta.dirname, '..', `.data-${port}`);
export const BASE_URL = `http://127.0.0.1:${port}`;

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const newSign = (): string => `${Date.now()}:${Math.random().toString(36).slice(2, 14).padEnd(12, 'x')}`;

/** Calls the API as the given session (or none) and returns the whole envelope; `GET /path` for a GET, else a POST. */
export async function api<T = unknown>(request: APIRequestContext, token: string | null, url: string, body?: unknown): Promise<Envelope<T>> {
  const headers = token ? { 'X-Token': token } : undefined;
  const res = url.startsWith('GET ') ? await request.get(url.slice(4), { headers }) : await request.post(url, { headers, data: body ?? {} });
  return (await res.json()) as Envelope<T>;
}

/** Calls the API and expects success; returns `data`. */
export async function apiOk<T = unknown>(request: APIRequestContext, token: string | null, url: string, body?: unknown): Promise<T> {
  const answer = await api<T>(request, token, url, body);
  expect(answer, `${url} answered ${answer.code} ${answer.message}`).toMatchObject({ code: 20000 });
  return answer.data;
}

/** Signs in through the API. */
export async function signInByApi(request: APIRequestContext, staffNum: string, password: string): Promise<string> {
  const answer = await api<{ token: string }>(request, null, '/api/login/login', { staff_num: staffNum, user_pwd: password, sign: newSign() });
  if (answer.code !== 20000) throw new Error(`sign-in of ${staffNum} answered ${answer.code} ${answer.message}`);
  return answer.data.token;
}

/** The admin's token for this run: signed in once, shared by every test that does not end its session. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const file = path.join(DATA_DIR, 'e2e-admin-token');
  if (fs.existsSync(file)) {
    const token = fs.readFileSync(file, 'utf8');
    if ((await api(request, token, 'GET /api/staff/info')).code === 20000) return token;
  }
  const token = await signInByApi(request, ADMIN.staffNum, ADMIN.password);
  fs.writeFileSync(file, token);
  return token;
}

/** Puts a session token in the browser's juqi_token cookie, as the sign-in page would. */
export async function useToken(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'juqi_token', value: token, url: BASE_URL }]);
}

/** Opens a page signed in as the admin. */
export async function openAsAdmin(page: Page, request: APIRequestContext, url: string): Promise<void> {
  await useToken(page.context(), await adminToken(request));
  await page.goto(url);
}

/** The page of the active tab: pages of tabs visited before stay mounted behind it, hidden (a selector). */
export const ACTIVE_PAGE = '.shell-pane:not([hidden])';

/**
 * Goes to `to` inside the running app, as a link there would: no page load, so the shell, the session's answers and
 * what a test put in the page stay, and the page visited before stays mounted behind its tab. A walk over many screens
 * saves a load of the app per screen.
 */
export async function visit(page: Page, to: string): Promise<void> {
  await page.evaluate((address) => {
    window.history.pushState(null, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Submits the sign-in form and waits to leave the sign-in page. */
export async function submitSignIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

/** The function catalogue's ids of the given menu paths and operation codes. */
export async function powerIds(request: APIRequestContext, token: string, paths: string[], codes: string[] = []): Promise<number[]> {
  interface Node {
    id: number;
    path: string;
    code: string | null;
    children: Node[];
  }
  const { tree } = await apiOk<{ tree: Node[] }>(request, token, '/api/power/powerparticulars');
  const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children)]);
  const find = (what: string, match: (n: Node) => boolean) => {
    const node = all(tree).find(match);
    if (!node) throw new Error(`no catalogue entry for ${what}`);
    return node.id;
  };
  return [...paths.map((p) => find(p, (n) => n.path === p)), ...codes.map((c) => find(c, (n) => n.code === c))];
}

/** A staff member with one new role granting exactly the given menu paths (and operations). Returns the staff number and role id. */
export async function staffWithMenus(
  request: APIRequestContext,
  admin: string,
  paths: string[],
  extra: { phone?: string; operations?: string[] } = {},
): Promise<{ staffNum: string; password: string; roleId: number }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const role = await apiOk<{ id: number }>(request, admin, '/api/power/role_add', { name: `e2e-${suffix}` });
  await apiOk(request, admin, '/api/power/role_grant', { id: role.id, power_ids: await powerIds(request, admin, paths, extra.operations) });
  const staffNum = `e2e${suffix}`;
  const password = 'E2e-Pass-2026';
  await apiOk(request, admin, '/api/staff/staff_add', {
    staff_num: staffNum,
    password,
    name: `测试${suffix.slice(-4)}`,
    phone: extra.phone ?? null,
    role_ids: [role.id],
  });
  return { staffNum, password, roleId: role.id };
}

/** What the development SMS sender wrote (DATA_DIR/sms-outbox.jsonl), oldest first. */
function textsSent(): { phone: string; code: string }[] {
  const outbox = path.join(DATA_DIR, 'sms-outbox.jsonl');
  const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').trim().split('\n') : [];
  return lines.filter(Boolean).map((line) => JSON.parse(line) as { phone: string; code: string });
}

/** The newest code the development SMS sender wrote for a phone. */
export async function codeSentTo(phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = textsSent()
        .filter((m) => m.phone === phone)
        .at(-1)?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * The rows whose phone this worker's server has not texted yet. A second code to one phone waits out its minute's
 * cooldown, so each journey signing an app user in picks one no other journey of its worker has used, whatever order
 * the journeys run in.
 */
export function notYetTexted<T extends { mobile: string }>(rows: T[]): T[] {
  const texted = new Set(textsSent().map((m) => m.phone));
  return rows.filter((row) => !texted.has(row.mobile));
}

/** Signs a marketplace user in to the apps (`/api_user/`) by mobile and SMS code, as an app would. */
export async function appUserToken(request: APIRequestContext, mobile: string): Promise<string> {
  await apiOk(request, null, '/api_user/login/mobile_verification_code', { mobile });
  const code = await codeSentTo(mobile);
  return (await apiOk<{ token: string }>(request, null, '/api_user/login/mobile_login', { mobile, verification_code: code, sign: newSign() })).token;
}
