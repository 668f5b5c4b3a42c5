import { expect, test, type Request } from '@playwright/test';
import { adminToken, useToken } from '../support/session';

// The start-up waterfall (docs/architecture.md › Start-up): opening a page signed in, the page asks for the profile,
// the menus and the site details at once as it starts, the shell fetches the page's chunk as soon as it is itself in
// (not after the menus and the layout), and the page's own call follows as the second round trip, instead of a chain
// of one request after another.

const PROFILE = '/api/staff/info';
const MENUS = '/api/staff/menu_list';
const SITE = '/api/set/system_details';
const LIST = '/api/user/lists';
// The shell's own calls (the top bar's to-do badge: requests to decide, steps to review; the holiday notice) go out
// once the menus are in, beside the page's calls in the second round, and may answer before the list call leaves; they
// are siblings of the list, not a round before it.
const SHELL_CALLS = ['/api/approval/todo_list', '/api/approval/review_list', '/api/calendar/holiday_notices'];

// When the browser asked for a script and when it was fully in.
const scriptSent = (r: Request) => r.timing().startTime;
const scriptIn = (r: Request) => r.timing().startTime + r.timing().responseEnd;

interface Moment {
  path: string;
  /** When the page sent it and when its answer was in, in milliseconds since 1970 as the browser's clock reads. */
  sent: number;
  answered: number;
  /** The turn of the page's event loop it was sent in: calls sent together share one. */
  turn: number;
}

test('opening /user/list signed in: session calls in parallel as the page starts, the page chunk with the shell, the list call right after', async ({ page, request }) => {
  await useToken(page.context(), await adminToken(request));
  // The app's calls as the page makes them: when it sends each one and when the answer is in. The browser may hold a
  // call back while its few connections to the server are busy with scripts; what is tested is what the page asks for.
  await page.addInitScript(() => {
    const calls: Moment[] = [];
    (window as unknown as { calls: Moment[] }).calls = calls;
    const { open, send } = XMLHttpRequest.prototype;
    // A new turn is counted at the first send after a timer has run: a timer runs between two tasks, not inside one.
    let turn = 0;
    let counted = false;
    const turnNow = () => {
      if (!counted) {
        counted = true;
        turn += 1;
        setTimeout(() => (counted = false));
      }
      return turn;
    };
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
      (this as XMLHttpRequest & { path: string }).path = new URL(String(args[1]), location.href).pathname;
      return open.apply(this, args);
    } as typeof open;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { path: string }, body) {
      const call = { path: this.path, sent: performance.timeOrigin + performance.now(), answered: Number.POSITIVE_INFINITY, turn: turnNow() };
      calls.push(call);
      this.addEventListener('loadend', () => (call.answered = performance.timeOrigin + performance.now()));
      return send.call(this, body);
    };
  });
  // The scripts, by the browser's network events: when each was asked for and when it was fully in.
  const scripts: Request[] = [];
  page.on('requestfinished', (r) => r.resourceType() === 'script' && scripts.push(r));

  await page.goto('/user/list');
  await expect(page.locator('.user-page .ant-table-row').first()).toBeVisible();

  const calls = await page.evaluate(() => (window as unknown as { calls: Moment[] }).calls);
  const one = (path: string) => {
    const call = calls.find((c) => c.path === path);
    expect(call, `${path} called`).toBeDefined();
    return call!;
  };
  const sent = (path: string) => one(path).sent;
  const answered = (path: string) => one(path).answered;

  // The profile, the menus and the site details go out together, in one turn, and before any of them answers.
  const session = [PROFILE, MENUS, SITE];
  expect(new Set(session.map((path) => one(path).turn)).size, 'turns the session calls went out in').toBe(1);
  expect(Math.max(...session.map(sent))).toBeLessThan(Math.min(...session.map(answered)));

  // They go out as the page starts, before the shell's chunk (the script that holds the session gate) is in.
  const bodies = await Promise.all(scripts.map(async (r) => ((await r.response())?.text()) ?? ''));
  const shellChunk = scripts.find((_, i) => bodies[i]!.includes('菜单数据加载异常'));
  expect(shellChunk, 'the script of the shell').toBeDefined();
  expect(Math.max(...session.map(sent))).toBeLessThan(scriptIn(shellChunk!));

  // The chunk holding the users pages (the one script with their `user-page` class) is asked for before the layout,
  // which waits for the menus that permit the path, has rendered: before the shell's own calls go out.
  const pageChunk = scripts.find((_, i) => bodies[i]!.includes('user-page'));
  expect(pageChunk, 'the script of the users pages').toBeDefined();
  expect(scriptSent(pageChunk!)).toBeLessThan(Math.min(...SHELL_CALLS.map(sent)));

  // The list call is the second round trip of API calls: the calls answered before it went out (but the shell's own,
  // sent in the same round as the list) were one wave, all sent before the first of them answered.
  const wave = calls.filter((c) => !SHELL_CALLS.includes(c.path) && c.answered < sent(LIST));
  expect(wave.length).toBeGreaterThan(0);
  expect(Math.max(...wave.map((c) => c.sent))).toBeLessThan(Math.min(...wave.map((c) => c.answered)));
  // The shell's calls go out in that second round too: the layout they belong to waits for the menus.
  for (const path of SHELL_CALLS) expect(sent(path)).toBeGreaterThan(answered(MENUS));
});
