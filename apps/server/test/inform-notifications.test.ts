import { informCalls, type CallBody } from '@juqi/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, informMessage } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { insertUser } from './helpers/users';

/** Message notifications: publishing, the drawer list and its filters, read state, own-only delete, management. */

let t: TestApp;
let admin: string;
let publisher: { token: string; staffId: number };
let alice: { token: string; staffId: number };
let bob: { token: string; staffId: number };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  publisher = await createStaffWith(t, ['notification.publish']);
  alice = await createStaffWith(t, []);
  bob = await createStaffWith(t, []);
});
afterAll(() => t?.close());

type PublishBody = CallBody<typeof informCalls.addNotifications>;
const tryPublish = (body: PublishBody, token = publisher.token) => invoke(t, informCalls.addNotifications, body, token);
const publish = (body: PublishBody) => ok(t, informCalls.addNotifications, body, publisher.token);
/** A page of the staff's notification drawer. */
const list = (token: string, body: CallBody<typeof informCalls.listNotifications> = {}) => ok(t, informCalls.listNotifications, body, token);

describe('publishing a message notification', () => {
  it('reaches the chosen staff only, with the publisher as sender', async () => {
    const res = await publish({ type: 1, title: '导出完成', content: '全部用户导出完成，共 120 条。', target: 'staff', staff_ids: [alice.staffId] });
    expect(res.recipient_count).toBe(1);
    const mine = await list(alice.token);
    expect(mine.count).toBe(1);
    expect(mine.data[0]).toMatchObject({ type: 1, title: '导出完成', content: '全部用户导出完成，共 120 条。', is_read: 0 });
    expect(mine.data[0].sender).toMatch(/^测试员工/);
    expect(new Date(mine.data[0].time).getTime()).toBeGreaterThan(0);
    expect((await list(bob.token)).count).toBe(0);
  });

  it('reaches every active staff when targeting all', async () => {
    const res = await publish({ type: 3, title: 'v2.1.0 已发布', content: '通知实时送达。', target: 'all' });
    // admin, publisher, alice, bob (the helper's sign-in role makes no other staff).
    expect(res.recipient_count).toBe(4);
    for (const token of [admin, alice.token, bob.token, publisher.token]) {
      expect((await list(token, { type: 3 })).data.map((n: { title: string }) => n.title)).toContain('v2.1.0 已发布');
    }
  });

  it('renders a template with its parameters', async () => {
    const templates = await ok(t, informCalls.templateSelect, {}, publisher.token);
    const followUp = templates.find((x) => x.code === 'followup.reminder')!;
    expect(followUp.parameters.map((p: { key: string }) => p.key)).toEqual(['customer', 'days']);
    await publish({
      type: 5,
      template_id: followUp.id,
      params: { customer: '成都锦程教育', days: '3' },
      target: 'staff',
      staff_ids: [bob.staffId],
    });
    const [item] = (await list(bob.token, { type: 5 })).data;
    expect(item).toMatchObject({ title: '客户「成都锦程教育」待跟进', content: '客户「成都锦程教育」已 3 天未跟进，请尽快联系并更新跟进记录。' });
  });

  it('refuses bad input with 40000 naming the field, and changes nothing', async () => {
    const before = (await list(alice.token)).count;
    const cases: [unknown, string][] = [
      [{ type: 0, title: 'x', content: 'y', staff_ids: [alice.staffId] }, 'type'],
      [{ type: 6, title: 'x', content: 'y', staff_ids: [alice.staffId] }, 'type'],
      [{ type: 1, content: 'y', staff_ids: [alice.staffId] }, 'title'],
      [{ type: 1, title: 'x', content: '   ', staff_ids: [alice.staffId] }, 'content'],
      [{ type: 1, title: 'x'.repeat(101), content: 'y', staff_ids: [alice.staffId] }, 'title'],
      [{ type: 1, title: 'x', content: 'y', target: 'staff', staff_ids: [] }, 'staff_ids'],
      [{ type: 1, title: 'x', content: 'y', target: 'everyone' }, 'target'],
      [{ type: 1, title: 'x', content: 'y', staff_ids: [alice.staffId, 999_999] }, 'staff_ids'],
      [{ type: 1, title: 'x', content: 'y', staff_ids: ['abc'] }, 'staff_ids.0'],
      [{ type: 1, template_id: 999_999, staff_ids: [alice.staffId] }, 'template_id'],
    ];
    for (const [body, field] of cases) {
      const res = await invokeUnchecked(t, informCalls.addNotifications, body, publisher.token);
      expect(() => expectRefused(res, field, informCalls.addNotifications), JSON.stringify(body)).not.toThrow();
    }
    const templates = await ok(t, informCalls.templateSelect, {}, publisher.token);
    const task = templates.find((x) => x.code === 'task.done')!;
    const missing = await tryPublish({ type: 1, template_id: task.id, params: { task: '导出' }, staff_ids: [alice.staffId] });
    // Every parameter the template needs is named at once.
    expect(missing).toMatchObject({
      code: 40000,
      message: '参数 · 时间：模板要求填写；参数 · 结果：模板要求填写',
      data: { fields: [{ field: 'params.time' }, { field: 'params.result' }] },
    });
    const unknown = await tryPublish({ type: 1, template_id: task.id, params: { task: 'a', time: 'b', result: 'c', other: 'd' }, staff_ids: [alice.staffId] });
    expect(unknown).toMatchObject({ code: 40000, message: '参数 · other：不是该模板的参数', data: { field: 'params.other' } });
    expect((await list(alice.token)).count).toBe(before);
  });

  it('needs notification.publish, and records a refusal', async () => {
    const res = await tryPublish({ type: 1, title: 'x', content: 'y', staff_ids: [bob.staffId] }, alice.token);
    expect(res.code).toBe(40300);
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.some((r) => r.staffId === alice.staffId && r.action === 'permission.denied' && r.target === 'POST /api/inform/add_notifications')).toBe(true);
    expect((await invoke(t, informCalls.listNotifications, {})).code).toBe(50008);
  });
});

const titles = (page: { data: { title: string }[] }) => page.data.map((n) => n.title);

describe('the drawer list', () => {
  let carol: { token: string; staffId: number };

  beforeAll(async () => {
    carol = await createStaffWith(t, []);
    for (const [type, title] of [
      [1, '操作一'],
      [2, '知识一'],
      [4, '预警一'],
      [4, '预警二'],
      [5, '跟进一'],
    ] as const) {
      await tryPublish({ type, title, content: `${title}的内容`, staff_ids: [carol.staffId] });
    }
  });

  it('lists newest first with total and unread counts', async () => {
    const res = await list(carol.token);
    expect(titles(res)).toEqual(['跟进一', '预警二', '预警一', '知识一', '操作一']);
    expect(res).toMatchObject({ count: 5, unread: 5 });
    const counts = await ok(t, informCalls.unreadCount, {}, carol.token);
    expect(counts.total).toBe(5);
    expect(counts.by_type).toEqual([
      { type: 1, count: 1 },
      { type: 2, count: 1 },
      { type: 3, count: 0 },
      { type: 4, count: 2 },
      { type: 5, count: 1 },
    ]);
  });

  it('filters by type (0 = all) and pages', async () => {
    expect(titles(await list(carol.token, { type: 4 }))).toEqual(['预警二', '预警一']);
    expect((await list(carol.token, { type: 0 })).count).toBe(5);
    expect((await list(carol.token, { type: 3 }))).toMatchObject({ count: 0, data: [] });
    const page2 = await list(carol.token, { page: 2, limit: 2 });
    expect(titles(page2)).toEqual(['预警一', '知识一']);
    expect(page2.count).toBe(5);
  });

  it('marks read by id and by type, and filters by read state', async () => {
    const [newest] = (await list(carol.token)).data;
    const one = await ok(t, informCalls.readNotifications, { ids: [newest.id] }, carol.token);
    expect(one).toMatchObject({ updated: 1, unread: { total: 4 } });
    const warnings = await ok(t, informCalls.readNotifications, { all: true, type: 4 }, carol.token);
    expect(warnings.updated).toBe(2);
    expect(titles(await list(carol.token, { is_read: 1 }))).toEqual(['跟进一', '预警二', '预警一']);
    expect(titles(await list(carol.token, { is_read: 0 }))).toEqual(['知识一', '操作一']);
    expect(titles(await list(carol.token, { is_read: 0, type: 2 }))).toEqual(['知识一']);
    // Reading again changes nothing.
    expect((await ok(t, informCalls.readNotifications, { ids: [newest.id] }, carol.token)).updated).toBe(0);
    expect((await list(carol.token, { is_read: 1 })).data[0].is_read).toBe(1);
  });

  it('cannot mark another staff’s notifications read', async () => {
    const [hers] = (await list(carol.token, { is_read: 0 })).data;
    expect((await ok(t, informCalls.readNotifications, { ids: [hers.id] }, bob.token)).updated).toBe(0);
    expect((await list(carol.token, { is_read: 0 })).data[0].id).toBe(hers.id);
  });

  it('deletes one’s own notification only', async () => {
    const [hers] = (await list(carol.token)).data;
    const other = await invoke(t, informCalls.delNotification, { id: hers.id }, bob.token);
    expect(other.code).toBe(40400);
    expect((await list(carol.token)).data[0].id).toBe(hers.id);
    const own = await invoke(t, informCalls.delNotification, { id: hers.id }, carol.token);
    expect(own.code).toBe(20000);
    expect((await list(carol.token)).data.map((n: { id: number }) => n.id)).not.toContain(hers.id);
    expect((await invoke(t, informCalls.delNotification, { id: hers.id }, carol.token)).code).toBe(40400);
  });

  it('names the field of a bad filter', async () => {
    for (const [body, field] of [
      [{ type: 6 }, 'type'],
      [{ type: -1 }, 'type'],
      [{ is_read: 2 }, 'is_read'],
      [{ page: 0 }, 'page'],
      [{ limit: 51 }, 'limit'],
      [{ type: 'abc' }, 'type'],
    ] as const) {
      const res = await invokeUnchecked(t, informCalls.listNotifications, body, carol.token);
      expect(() => expectRefused(res, field, informCalls.listNotifications), JSON.stringify(body)).not.toThrow();
    }
    const res = await invoke(t, informCalls.readNotifications, {}, carol.token);
    expect(res).toMatchObject({ code: 40000, message: '所选记录：未选择全部时必填', data: { field: 'ids' } });
  });
});

describe('managing published notifications', () => {
  it('lists them with recipient and read counts, filtered by type and keyword', async () => {
    const manager = await createStaffWith(t, ['notification.manage']);
    const sent = await publish({ type: 2, title: '知识库周报', content: '本周新增 12 篇帮助文档。', staff_ids: [alice.staffId, bob.staffId] });
    const [aliceCopy] = (await list(alice.token, { type: 2 })).data;
    await invoke(t, informCalls.readNotifications, { ids: [aliceCopy.id] }, alice.token);
    const res = await ok(t, informCalls.listDataNotifications, { type: 2, keyword: '周报' }, manager.token);
    expect(res.count).toBe(1);
    expect(res.data[0]).toMatchObject({ id: sent.id, target: 'staff', recipient_count: 2, read_count: 1, title: '知识库周报' });
    expect((await ok(t, informCalls.listDataNotifications, { type: 1, keyword: '周报' }, manager.token)).count).toBe(0);
    expect((await invoke(t, informCalls.listDataNotifications, {}, publisher.token)).code).toBe(40300);
  });

  it('opens one with its staff recipients by read state, latest read first, paged', async () => {
    const manager = await createStaffWith(t, ['notification.manage']);
    const sent = await publish({ type: 5, title: '跟进提醒汇总', content: '第一行\n第二行', staff_ids: [alice.staffId, bob.staffId, publisher.staffId] });
    for (const who of [alice, bob]) {
      const [copy] = (await list(who.token, { type: 5 })).data;
      await invoke(t, informCalls.readNotifications, { ids: [copy.id] }, who.token);
    }
    const details = await ok(t, informCalls.dataNotificationDetails, { id: sent.id }, manager.token);
    expect(details).toMatchObject({ id: sent.id, title: '跟进提醒汇总', content: '第一行\n第二行', target: 'staff', recipient_count: 3, read_count: 2, selection: null, selection_at: null });

    const recipients = (filter: Omit<CallBody<typeof informCalls.dataNotificationRecipients>, 'id'>) =>
      ok(t, informCalls.dataNotificationRecipients, { id: sent.id, ...filter }, manager.token);
    const all = await recipients({});
    expect(all).toMatchObject({ count: 3, read: 2, unread: 1 });
    // Bob read it last, so he comes first (before Alice, whose id is lower); the unread publisher last.
    expect(all.data.map((r: { staff_id: number }) => r.staff_id)).toEqual([bob.staffId, alice.staffId, publisher.staffId]);
    expect(all.data[0]).toMatchObject({ name: expect.stringMatching(/^测试员工/), is_read: 1, read_at: expect.any(String) });
    expect(all.data[2]).toMatchObject({ is_read: 0, read_at: null });
    const unread = await recipients({ is_read: 0 });
    expect(unread).toMatchObject({ count: 1, read: 2, unread: 1 });
    expect(unread.data.map((r: { staff_id: number }) => r.staff_id)).toEqual([publisher.staffId]);
    const secondPage = await recipients({ is_read: 1, page: 2, limit: 1 });
    expect(secondPage).toMatchObject({ count: 2 });
    expect(secondPage.data.map((r: { staff_id: number }) => r.staff_id)).toEqual([alice.staffId]);

    for (const call of [informCalls.dataNotificationDetails, informCalls.dataNotificationRecipients]) {
      expect((await invoke(t, call, { id: 999_999 }, manager.token)).code).toBe(40400);
      expect((await invoke(t, call, { id: sent.id }, publisher.token)).code).toBe(40300);
    }
  });

  it('deletes a published notification for every recipient', async () => {
    const manager = await createStaffWith(t, ['notification.manage']);
    const sent = await publish({ type: 4, title: '待删除的预警', content: '误发', staff_ids: [alice.staffId, bob.staffId] });
    expect((await invoke(t, informCalls.delDataNotifications, { id: sent.id }, manager.token)).code).toBe(20000);
    for (const token of [alice.token, bob.token]) expect(titles(await list(token, { type: 4 }))).not.toContain('待删除的预警');
    expect((await invoke(t, informCalls.delDataNotifications, { id: sent.id }, manager.token)).code).toBe(40400);
  });
});

const storedMessage = async (id: number) => (await t.database.db.select().from(informMessage).where(eq(informMessage.id, id)))[0]!;
const messageCount = async () => (await t.database.db.select({ n: count() }).from(informMessage))[0]!.n;

describe('a notification to the marketplace’s users', () => {
  let agents: number[];
  let ordinary: number[];

  beforeAll(async () => {
    agents = [];
    for (let i = 0; i < 4; i++) agents.push((await insertUser(t, { typeUser: 1 })).id);
    ordinary = [];
    for (let i = 0; i < 3; i++) ordinary.push((await insertUser(t, { typeUser: 2 })).id);
  });

  it('stores an ids selection once, limited to existing users, with their count', async () => {
    const before = Date.now();
    const res = await publish({
      type: 1,
      title: '平台规则更新',
      content: '请查看新的接单规则。',
      target: 'users',
      selection: { mode: 'ids', ids: [ordinary[1], agents[0], agents[0], 99_999_999] },
    });
    expect(res.recipient_count).toBe(2);
    const row = await storedMessage(res.id);
    expect(row).toMatchObject({ target: 'users', recipientCount: 2, userSelection: { mode: 'ids', ids: [agents[0], ordinary[1]].sort((a, b) => a - b) } });
    expect(row.userSelectionAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores a filter selection as the filter with the sending time, counting the users it matched then', async () => {
    const sentAt = t.clock.now().getTime();
    const res = await publish({
      type: 3,
      title: '代理商专属活动',
      content: '本月推广奖励翻倍。',
      target: 'users',
      selection: { mode: 'filter', filter: { type_user: 1, keyword: '' }, exclude_ids: [agents[3], ordinary[0]] },
    });
    expect(res.recipient_count).toBe(agents.length - 1);
    const row = await storedMessage(res.id);
    expect(row.userSelection).toEqual({ mode: 'filter', filter: { type_user: 1 }, exclude_ids: [agents[3]] });
    expect(Math.abs(row.userSelectionAt!.getTime() - sentAt)).toBeLessThan(5_000);

    // A user registering afterwards does not join it: the count stays what it was when it was sent.
    await insertUser(t, { typeUser: 1, registeredAt: new Date() });
    const manager = await createStaffWith(t, ['notification.manage']);
    const listed = await ok(t, informCalls.listDataNotifications, { keyword: '代理商专属活动' }, manager.token);
    expect(listed.data).toEqual([expect.objectContaining({ id: res.id, target: 'users', recipient_count: agents.length - 1, read_count: null })]);
    // Its details carry the stored selection; it has no staff recipients.
    const details = await ok(t, informCalls.dataNotificationDetails, { id: res.id }, manager.token);
    expect(details).toMatchObject({ target: 'users', read_count: null, selection: row.userSelection, selection_at: row.userSelectionAt!.toISOString() });
    const recipients = await ok(t, informCalls.dataNotificationRecipients, { id: res.id }, manager.token);
    expect(recipients).toEqual({ count: 0, data: [], read: 0, unread: 0 });
  });

  it('reaches no staff: not in any drawer, not in any unread count', async () => {
    const unreadBefore = await Promise.all([admin, publisher.token, alice.token, bob.token].map((token) => ok(t, informCalls.unreadCount, {}, token)));
    await publish({ type: 2, title: '仅发给用户的通知', content: '员工不应收到。', target: 'users', selection: { mode: 'ids', ids: agents } });
    for (const [i, token] of [admin, publisher.token, alice.token, bob.token].entries()) {
      expect(titles(await list(token, { limit: 50 }))).not.toContain('仅发给用户的通知');
      expect(await ok(t, informCalls.unreadCount, {}, token)).toEqual(unreadBefore[i]);
    }
  });

  it('refuses a missing, misplaced or empty selection with 40000 naming the field, and stores nothing', async () => {
    const before = await messageCount();
    const text = { type: 1, title: 'x', content: 'y' };
    const cases: [unknown, string][] = [
      [{ ...text, target: 'users' }, 'selection'],
      [{ ...text, target: 'staff', staff_ids: [alice.staffId], selection: { mode: 'ids', ids: [agents[0]] } }, 'selection'],
      [{ ...text, target: 'all', selection: { mode: 'ids', ids: [agents[0]] } }, 'selection'],
      [{ ...text, target: 'users', selection: { mode: 'ids', ids: [] } }, 'selection.ids'],
      [{ ...text, target: 'users', selection: { mode: 'ids', ids: [99_999_999] } }, 'selection.ids'],
      [{ ...text, target: 'users', selection: { mode: 'filter', filter: { keyword: '没有这个人' } } }, 'selection'],
      [{ ...text, target: 'users', selection: { mode: 'filter', filter: { quantity: 9 } } }, 'selection.filter.quantity'],
    ];
    for (const [body, field] of cases) {
      const res = await invokeUnchecked(t, informCalls.addNotifications, body, publisher.token);
      expect(() => expectRefused(res, field, informCalls.addNotifications), JSON.stringify(body)).not.toThrow();
    }
    expect(await messageCount()).toBe(before);
  });
});

describe('notification templates', () => {
  it('lists, shows and edits a template; placeholders must be its parameters', async () => {
    const editor = await createStaffWith(t, ['notification.template.view', 'notification.template.edit']);
    const listed = await ok(t, informCalls.templateList, { type: 4 }, editor.token);
    expect(listed.data.map((x: { code: string }) => x.code)).toEqual(['warning.threshold', 'warning.login']);
    const id = listed.data[0].id;
    expect(await ok(t, informCalls.templateDetails, { id }, editor.token)).toMatchObject({ code: 'warning.threshold', type: 4 });
    expect((await ok(t, informCalls.templateParameter, { id }, editor.token)).map((p: { key: string }) => p.key)).toEqual([
      'metric',
      'value',
      'threshold',
    ]);
    const bad = await invoke(t, informCalls.templateEdit, { id, name: '指标预警', type: 4, title: '{metric}预警', content: '{nope}' }, editor.token);
    expect(bad).toMatchObject({ code: 40000, message: '内容：{nope} 不是该模板的参数', data: { field: 'content' } });
    const edited = await ok(
      t,
      informCalls.templateEdit,
      { id, name: '指标预警', type: 4, title: '{metric}预警', content: '{metric}已达 {value}', enabled: false },
      editor.token,
    );
    expect(edited).toMatchObject({ name: '指标预警', title: '{metric}预警', enabled: false });
    // A disabled template is not offered to publishers and cannot be sent.
    expect((await ok(t, informCalls.templateSelect, {}, publisher.token)).map((x: { id: number }) => x.id)).not.toContain(id);
    const send = await tryPublish({ type: 4, template_id: id, params: { metric: 'a', value: 'b' }, staff_ids: [alice.staffId] });
    expect(send).toMatchObject({ code: 40000, message: '模板：模板不存在或未启用', data: { field: 'template_id' } });
    expect((await invoke(t, informCalls.templateEdit, { id, name: 'x', type: 4, title: 'x', content: 'y' }, editor.token.replace(/^./, (first) => (first === 'x' ? 'y' : 'x')))).code).toBe(50008);
    expect((await invoke(t, informCalls.templateList, {}, publisher.token)).code).toBe(40300);
  });
});
