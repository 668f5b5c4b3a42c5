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

const pathOf = (r: Request) => new URL(r.url()).pathname;

test('opening /user/list signed in: session calls in parallel as the page starts, the page chunk with the shell, the list call right after', async ({ page, request }) => {
  await useToken(page.context(), await adminToken(request));
  // The browser's events in the order they happened: a request sent, or its answer fully in.
  const events: { kind: 'sent' | 'answered'; request: Request }[] = [];
  page.on('request', (r) => events.push({ kind: 'sent', request: r }));
  page.on('requestfinished', (r) => events.push({ kind: 'answered', request: r }));

  await page.goto('/user/list');
  await expect(page.locator('.user-page .ant-table-row').first()).toBeVisible();

  const at = (kind: 'sent' | 'answered', matches: (r: Request) => boolean) => {
    const index = events.findIndex((e) => e.kind === kind && matches(e.request));
    expect(index, `${kind}: ${events.filter((e) => matches(e.request)).map((e) => e.kind).join(', ') || 'no such request'}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  const sent = (path: string) => at('sent', (r) => pathOf(r) === path);
  const answered = (path: string) => at('answered', (r) => pathOf(r) === path);

  // The profile, the menus and the site details all go out before any of them answers.
  const session = [PROFILE, MENUS, SITE];
  expect(Math.max(...session.map(sent))).toBeLessThan(Math.min(...session.map(answered)));

  // They go out as the page starts, before the shell's chunk (the script that holds the session gate) is in.
  const scripts = events.filter((e) => e.kind === 'answered' && e.request.resourceType() === 'script').map((e) => e.request);
  const bodies = await Promise.all(scripts.map(async (r) => ((await r.response())?.text()) ?? ''));
  const shellChunk = scripts.find((_, i) => bodies[i]!.includes('菜单数据加载异常'));
  expect(shellChunk, 'the script of the shell').toBeDefined();
  expect(Math.max(...session.map(sent))).toBeLessThan(at('answered', (r) => r === shellChunk));

  // The chunk holding the users pages (the one script with their `user-page` class) is asked for before the layout,
  // which waits for the menus that permit the path, has rendered: before the shell's own calls go out.
  const pageChunk = scripts.find((_, i) => bodies[i]!.includes('user-page'));
  expect(pageChunk, 'the script of the users pages').toBeDefined();
  expect(at('sent', (r) => r === pageChunk)).toBeLessThan(Math.min(...SHELL_CALLS.map(sent)));

  // The list call is the second round trip of API calls: the calls answered before it went out (but the shell's own,
  // sent in the same round as the list) were one wave, all sent before the first of them answered.
  const answeredBefore = events.slice(0, sent(LIST))
    .filter((e) => e.kind === 'answered' && pathOf(e.request).startsWith('/api/') && !SHELL_CALLS.includes(pathOf(e.request)));
  const wave = answeredBefore.map((e) => e.request);
  expect(wave.length).toBeGreaterThan(0);
  expect(Math.max(...wave.map((r) => at('sent', (x) => x === r)))).toBeLessThan(events.indexOf(answeredBefore[0]!));
  // The shell's calls go out in that second round too: the layout they belong to waits for the menus.
  for (const path of SHELL_CALLS) expect(sent(path)).toBeGreaterThan(answered(MENUS));
});
