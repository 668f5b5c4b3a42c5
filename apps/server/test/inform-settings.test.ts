import { informCalls, NOTIFICATION_TYPE_IDS, notificationTypeResource, powerCalls, SYSTEM_EVENTS, userCalls, type CallBody } from '@juqi/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, informMessage } from '../src/lib/db/schema';
import { UserService } from '../src/modules/user/service';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectOk, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';
import { insertUser } from './helpers/users';

/**
 * 通知设置: the notification types (names and colours staff edit, read by every screen) and the system events (which
 * event notifies whom, how and with which text), with the events the platform raises delivered as site messages.
 */

let t: TestApp;
let admin: string;
/** Holds a role the verification event is sent to. */
let reviewer: Awaited<ReturnType<typeof createStaffWith>>;
/** Holds no role any event is sent to. */
let bystander: Awaited<ReturnType<typeof createStaffWith>>;
let users: UserService;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  reviewer = await createStaffWith(t, ['user.verification.audit']);
  bystander = await createStaffWith(t, []);
  users = new UserService(t.database.db, t.clock, t.app.access.timeZone!, t.app.access.systemEvents!);
});
afterAll(() => t?.close());

/** 通知类型's calls come from the resource declaration, whose bodies the types do not spell out: sent unchecked. */
const editType = (body: Record<string, unknown>, token = admin) => invokeUnchecked(t, notificationTypeResource.calls.edit!, body, token);
const typeOptions = (token = bystander.token) => ok(t, informCalls.typeOptions, undefined, token);
const drawer = (token: string) => ok(t, informCalls.listNotifications, { limit: 50 }, token);
const events = async (token = admin) => ok(t, informCalls.systemEventList, undefined, token);
const eventOf = async (code: string) => (await events()).find((e) => e.code === code)!;
type EventBody = CallBody<typeof informCalls.systemEventEdit>;
/** The event's settings as they are, with the changes: the body a form sends. */
async function editEvent(code: EventBody['code'], changes: Partial<EventBody>, token = admin) {
  const { updated_at: _, ...current } = await eventOf(code);
  return invoke(t, informCalls.systemEventEdit, { ...current, ...changes, code } as EventBody, token);
}
const personal = (n: number) => ({
  type: 1 as const,
  realName: '张三',
  idNumber: '110105199001011234',
  documents: [{ kind: 'id_card_front', path: `verification/2026/03/${String(n).padStart(32, 'b')}.jpg` }],
});

describe('notification types', () => {
  it('are the five fixed types, named as §2.4 names them, for every signed-in staff', async () => {
    const types = await typeOptions();
    expect(types.map((x) => x.id)).toEqual([...NOTIFICATION_TYPE_IDS]);
    expect(types.map((x) => x.name)).toEqual(['操作执行通知', '知识更新通知', '版本迭代通知', '预警监督通知', '跟进消息通知']);
    expect(types[3]).toMatchObject({ name_en: 'Early-warning supervision notice', color: expect.stringMatching(/^#[0-9a-f]{6}$/i), enabled: true });
  });

  it('are renamed and recoloured by staff holding the edit operation; notifications keep their type and show the new name', async () => {
    const editor = await createStaffWith(t, ['notification.type.view', 'notification.type.edit']);
    await ok(t, informCalls.addNotifications, { type: 2, title: '手册更新', content: '新增一节。', target: 'staff', staff_ids: [bystander.staffId] }, admin);

    expectOk(await editType({ id: 2, name: '知识库通知', name_en: 'Knowledge base notice', color: '#13A8A8' }, editor.token));

    const renamed = (await typeOptions()).find((x) => x.id === 2);
    expect(renamed).toMatchObject({ name: '知识库通知', name_en: 'Knowledge base notice', color: '#13A8A8' });
    expect((await drawer(bystander.token)).data.find((n) => n.title === '手册更新')?.type).toBe(2);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'inform.type.edit'), eq(auditLog.target, 'inform.type:2')));
    expect(entry).toMatchObject({ staffId: editor.staffId, detail: { before: { name: '知识更新通知' }, after: { name: '知识库通知' } } });
  });

  it('are never added or deleted', async () => {
    expect(informCalls).not.toHaveProperty('typeAdd');
    expect(informCalls).not.toHaveProperty('typeDelete');
    const res = await t.app.inject({ method: 'POST', url: '/api/inform/type_del', headers: { 'x-token': admin }, payload: { id: 1 } });
    expect(res.json()).toMatchObject({ code: 40400 });
    expect(await typeOptions()).toHaveLength(5);
  });

  it('refuses a colour that is not #rrggbb and a name another type has, naming the field and changing nothing', async () => {
    const before = await typeOptions();
    for (const color of ['red', '#12345', '#1234567', '#12345g']) {
      expect(expectError(await editType({ id: 1, color }), 40000)).toMatchObject({ field: 'color' });
    }
    expect(expectError(await editType({ id: 1, name: before[2]!.name }), 40900)).toMatchObject({ field: 'name' });
    expect(expectError(await editType({ id: 1, name_en: before[2]!.name_en }), 40900)).toMatchObject({ field: 'name_en' });
    expect(expectError(await editType({ id: 1, name: '' }), 40000)).toMatchObject({ field: 'name' });
    expect(await typeOptions()).toEqual(before);
  });

  it('keep a notification’s type to the fixed ids, whether or not a type is offered to publishers', async () => {
    expectOk(await editType({ id: 3, enabled: false }));
    expect((await typeOptions()).find((x) => x.id === 3)?.enabled).toBe(false);
    // Turning a type off hides it from the publish form; the type stays valid, and what was sent as it still shows.
    await ok(t, informCalls.addNotifications, { type: 3, title: '版本发布', content: 'v2.2', target: 'staff', staff_ids: [bystander.staffId] }, admin);
    expect((await drawer(bystander.token)).data.some((n) => n.type === 3 && n.title === '版本发布')).toBe(true);
    expect(expectError(await invokeUnchecked(t, informCalls.addNotifications, { type: 6, title: 'x', content: 'y', target: 'all' }, admin), 40000)).toMatchObject({ field: 'type' });
    expectOk(await editType({ id: 3, enabled: true }));
  });

  it('answers 40300 to staff without the operation: listing without view, editing with view only', async () => {
    const viewer = await createStaffWith(t, ['notification.type.view']);
    expect(expectOk(await invokeUnchecked(t, notificationTypeResource.calls.list, {}, viewer.token)).count).toBe(5);
    expectError(await editType({ id: 1, name: '改名' }, viewer.token), 40300);
    expectError(await invokeUnchecked(t, notificationTypeResource.calls.list, {}, bystander.token), 40300);
    expect((await typeOptions()).find((x) => x.id === 1)?.name).toBe('操作执行通知');
  });
});

describe('system events: settings', () => {
  it('list the whole catalogue in its order, each seeded on as a site message with its text', async () => {
    const list = await events();
    expect(list.map((e) => e.code)).toEqual(SYSTEM_EVENTS.map((e) => e.code));
    expect(list.find((e) => e.code === 'user.verification.submitted')).toMatchObject({
      enabled: true,
      channels: ['site'],
      role_ids: [],
      type: 5,
      title: expect.stringContaining('{user}'),
    });
  });

  it('are edited — on or off, channels, roles, type and text — and the edit is audited with before and after', async () => {
    const editor = await createStaffWith(t, ['notification.system.view', 'notification.system.edit']);
    const saved = await ok(
      t,
      informCalls.systemEventEdit,
      {
        code: 'staff.sign_in.locked',
        enabled: false,
        channels: ['site', 'sms', 'wechat'],
        role_ids: [reviewer.roleId],
        type: 4,
        title: '  {account} 已锁定 ',
        content: '来自 {ip}，至 {until}。',
      },
      editor.token,
    );
    expect(saved).toMatchObject({ enabled: false, channels: ['site', 'sms', 'wechat'], role_ids: [reviewer.roleId], type: 4, title: '{account} 已锁定' });
    expect(await eventOf('staff.sign_in.locked')).toEqual(saved);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, 'inform.system_event:staff.sign_in.locked'));
    expect(entry).toMatchObject({ action: 'inform.system_event.edit', staffId: editor.staffId, detail: { before: { enabled: true, role_ids: [] }, after: { enabled: false, role_ids: [reviewer.roleId] } } });
  });

  it('refuses what does not fit the event, naming the field and changing nothing', async () => {
    const role = await ok(t, powerCalls.roleAdd, { name: '临时角色' }, admin);
    await ok(t, powerCalls.roleDelete, { id: role.id }, admin);
    const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
    const before = await snapshot();
    const cases: [Partial<EventBody>, string, EventBody['code']?][] = [
      [{ title: '{user} 提交了 {nope}' }, 'title'],
      [{ content: '{password}' }, 'content'],
      [{ role_ids: [role.id] }, 'role_ids'],
      [{ role_ids: [reviewer.roleId] }, 'role_ids', 'user.verification.approved'],
      [{ enabled: true, channels: [] }, 'channels'],
      [{ channels: ['site', 'site'] }, 'channels'],
      [{ type: 0 }, 'type'],
      [{ title: '   ' }, 'title'],
    ];
    for (const [changes, field, code = 'user.verification.submitted'] of cases) {
      expect(expectError(await editEvent(code, changes), 40000), JSON.stringify(changes)).toMatchObject({ field });
    }
    expect(expectError(await invokeUnchecked(t, informCalls.systemEventEdit, { ...(await eventOf('user.export.finished')), code: 'user.deleted' }, admin), 40000)).toMatchObject({ field: 'code' });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('answers 40300 to staff without the operation: listing without view, editing with view only', async () => {
    const viewer = await createStaffWith(t, ['notification.system.view']);
    expect(await events(viewer.token)).toHaveLength(SYSTEM_EVENTS.length);
    const before = await eventOf('user.export.finished');
    expectError(await editEvent('user.export.finished', { enabled: false }, viewer.token), 40300);
    expectError(await invoke(t, informCalls.systemEventList, undefined, bystander.token), 40300);
    expect(await eventOf('user.export.finished')).toEqual(before);
  });

  it('lose a role when the role is deleted', async () => {
    const role = await ok(t, powerCalls.roleAdd, { name: '审核组' }, admin);
    await ok(t, informCalls.systemEventEdit, { ...(await settingsBody('inform.announcement.published')), role_ids: [role.id, reviewer.roleId] }, admin);
    await ok(t, powerCalls.roleDelete, { id: role.id }, admin);
    expect((await eventOf('inform.announcement.published')).role_ids).toEqual([reviewer.roleId]);
  });
});

async function settingsBody(code: EventBody['code']): Promise<EventBody> {
  const { updated_at: _, ...current } = await eventOf(code);
  return current as EventBody;
}
const titlesIn = async (token: string) => (await drawer(token)).data.map((n) => n.title);

describe('system events: delivery', () => {
  it('a submitted verification reaches, as a site message of the event’s type, the staff holding the chosen roles', async () => {
    await ok(t, informCalls.systemEventEdit, { ...(await settingsBody('user.verification.submitted')), role_ids: [reviewer.roleId], type: 5 }, admin);
    const user = await insertUser(t, { name: '李小萌', mobile: '13812345678' });

    const submission = await users.submitVerification(user.id, personal(1));

    const got = (await drawer(reviewer.token)).data.find((n) => n.title === '用户「李小萌」提交了实名认证');
    expect(got).toMatchObject({ type: 5, is_read: 0, sender: '', content: '用户「李小萌」（138****5678）提交了个人认证，请及时审核。' });
    // It opens the submission it is about; what a publisher sends opens nothing.
    expect(got?.subject).toEqual({ kind: 'user_verification', id: submission });
    await ok(t, informCalls.addNotifications, { type: 1, title: '审核排班', content: '本周由你审核', target: 'staff', staff_ids: [reviewer.staffId] }, admin);
    expect((await drawer(reviewer.token)).data.find((n) => n.title === '审核排班')?.subject).toBeNull();
    expect(await titlesIn(bystander.token)).not.toContain('用户「李小萌」提交了实名认证');
    expect(await titlesIn(admin)).not.toContain('用户「李小萌」提交了实名认证');
  });

  it('a submitted verification notifies nobody while the event is off, or not sent as a site message', async () => {
    const body = { ...(await settingsBody('user.verification.submitted')), role_ids: [reviewer.roleId] };
    await ok(t, informCalls.systemEventEdit, { ...body, enabled: false }, admin);
    const quiet = await insertUser(t, { name: '关闭时提交' });
    await users.submitVerification(quiet.id, personal(2));
    await ok(t, informCalls.systemEventEdit, { ...body, enabled: true, channels: ['sms'] }, admin);
    const smsOnly = await insertUser(t, { name: '仅短信时提交' });
    await users.submitVerification(smsOnly.id, personal(3));

    const titles = await titlesIn(reviewer.token);
    expect(titles.some((title) => title.includes('关闭时提交') || title.includes('仅短信时提交'))).toBe(false);
    await ok(t, informCalls.systemEventEdit, { ...body, enabled: true, channels: ['site'] }, admin);
  });

  it('a decided verification is sent to the user it is about, with the reason of a rejection', async () => {
    const user = await insertUser(t, { name: '王五' });
    const id = await users.submitVerification(user.id, personal(4));
    await ok(t, informCalls.systemEventEdit, { ...(await settingsBody('user.verification.rejected')), content: '{user}：{kind}被驳回，{reason}' }, admin);

    await ok(t, userCalls.verificationAudit, { id, action: 'reject', reason: '证件照片模糊' }, reviewer.token);

    const [sent] = await t.database.db.select().from(informMessage).orderBy(desc(informMessage.id)).limit(1);
    expect(sent).toMatchObject({ target: 'users', title: '实名认证未通过', content: '王五：个人认证被驳回，证件照片模糊', recipientCount: 1, senderId: null });
    expect(sent!.userSelection).toEqual({ mode: 'ids', ids: [user.id] });
  });

  it('a published announcement reaches the chosen roles’ staff', async () => {
    await ok(t, informCalls.systemEventEdit, { ...(await settingsBody('inform.announcement.published')), role_ids: [reviewer.roleId] }, admin);
    await ok(
      t,
      informCalls.addAnnouncement,
      { class: 'Message', title: '系统维护', close_type: ['voluntarily_close'], target: 'staff', staff_ids: [bystander.staffId] },
      admin,
    );
    expect(await titlesIn(reviewer.token)).toContain('新公告：系统维护');
    expect(await titlesIn(bystander.token)).not.toContain('新公告：系统维护');
  });
});

