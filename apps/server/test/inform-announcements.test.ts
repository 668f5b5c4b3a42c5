import { informCalls, type AnnouncementPopup, type CallBody } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../src/seed/run';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { xssCorpus, xssFindings } from './helpers/xss';

/** Pop-up announcements: publishing, targeting, shown once, details, withdrawal, sanitising, pop-up templates. */

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

type AnnouncementBody = CallBody<typeof informCalls.addAnnouncement>;

const dialog = (extra: Partial<AnnouncementBody> = {}): AnnouncementBody => ({
  class: 'Dialog',
  title: '系统升级公告',
  content: '<p>周六 22:00 升级，<strong>请提前保存</strong>。</p>',
  close_type: ['button_close', 'right_button_close'],
  target: 'staff',
  staff_ids: [alice.staffId],
  ...extra,
});
/** A dialog with fields the contract may not even type, for inputs sent unchecked. */
const outOfBounds = (extra: Record<string, unknown>): unknown => ({ ...dialog(), ...extra });
const tryAnnounce = (body: AnnouncementBody, token = publisher.token) => invoke(t, informCalls.addAnnouncement, body, token);
const announce = (body: AnnouncementBody) => ok(t, informCalls.addAnnouncement, body, publisher.token);
const pending = async (token: string): Promise<AnnouncementPopup[]> => await ok(t, informCalls.pendingAnnouncements, {}, token);

describe('publishing an announcement', () => {
  it('answers the pop-up fields of §3 with defaults, and shows it to its recipients once', async () => {
    const res = await announce(dialog());
    expect(res).toMatchObject({
      class: 'Dialog',
      title: '系统升级公告',
      content: '<p>周六 22:00 升级，<strong>请提前保存</strong>。</p>',
      img: '',
      hint_state: 'info',
      close_type: ['button_close', 'right_button_close'],
      duration: 0,
      location: 'center',
      inform_id: res.id,
      data: [],
      show_details: true,
      target: 'staff',
      recipient_count: 1,
      seen_count: 0,
      withdrawn_at: null,
    });
    const shown = await pending(alice.token);
    expect(shown.map((a) => a.id)).toEqual([res.id]);
    expect(await pending(bob.token)).toEqual([]);

    expect((await ok(t, informCalls.seenAnnouncements, { ids: [res.id] }, alice.token)).updated).toBe(1);
    expect(await pending(alice.token)).toEqual([]);
    // Seen once: again changes nothing; someone else's "seen" does not count.
    expect((await ok(t, informCalls.seenAnnouncements, { ids: [res.id] }, alice.token)).updated).toBe(0);
    expect((await ok(t, informCalls.seenAnnouncements, { ids: [res.id] }, bob.token)).updated).toBe(0);
  });

  it('reaches all active staff except that the publisher has already seen it', async () => {
    const res = await announce({ class: 'Notification', title: '全员通知', close_type: ['voluntarily_close'], duration: 5, location: 'bottomRight', target: 'all' });
    expect(res.recipient_count).toBe(4);
    expect(res.seen_count).toBe(1);
    for (const token of [admin, alice.token, bob.token]) expect((await pending(token)).map((a) => a.title)).toContain('全员通知');
    expect((await pending(publisher.token)).map((a) => a.title)).not.toContain('全员通知');
    for (const token of [admin, alice.token, bob.token]) {
      await invoke(t, informCalls.seenAnnouncements, { ids: (await pending(token)).map((a) => a.id) }, token);
    }
  });

  it('keeps data and the no-details choice: inform_id 0 with an array data closes on view-details', async () => {
    const closing = await announce(dialog({ title: '仅提示', show_details: false }));
    expect(closing).toMatchObject({ inform_id: 0, data: [] });
    const withData = await announce(dialog({ title: '带数据', show_details: false, data: { duty_phone: '400-800-1234', days: 5, urgent: true } }));
    expect(withData).toMatchObject({ inform_id: 0, data: { duty_phone: '400-800-1234', days: 5, urgent: true } });
    await invoke(t, informCalls.seenAnnouncements, { ids: [closing.id, withData.id] }, alice.token);
  });

  it('stops showing after end_at and refuses an end in the past', async () => {
    const soon = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await announce(dialog({ title: '限时公告', end_at: soon, staff_ids: [bob.staffId] }));
    expect((await pending(bob.token)).map((a) => a.title)).toEqual(['限时公告']);
    t.clock.advance(2 * 60_000);
    expect(await pending(bob.token)).toEqual([]);
    const past = await tryAnnounce(dialog({ end_at: new Date(t.clock.now().getTime() - 1000).toISOString() }));
    expect(past).toMatchObject({ code: 40000, message: '结束时间：须晚于当前时间', data: { field: 'end_at' } });
  });

  it('refuses what no pop-up could honour, naming the field', async () => {
    const cases: [unknown, string][] = [
      [outOfBounds({ class: 'Popup' }), 'class'],
      [outOfBounds({ title: '' }), 'title'],
      [outOfBounds({ close_type: [] }), 'close_type'],
      [outOfBounds({ close_type: ['button_close', 'button_close'] }), 'close_type'],
      [outOfBounds({ close_type: ['slide_close'] }), 'close_type.0'],
      [outOfBounds({ class: 'Message', close_type: ['mask_layer_close'] }), 'close_type'],
      [outOfBounds({ class: 'Notification', close_type: ['mask_layer_close'] }), 'close_type'],
      [outOfBounds({ class: 'imgDialog' }), 'img'],
      [outOfBounds({ img: 'https://evil.example/x.png' }), 'img'],
      [outOfBounds({ img: '../../etc/passwd' }), 'img'],
      [outOfBounds({ duration: -1 }), 'duration'],
      [outOfBounds({ duration: 3601 }), 'duration'],
      [outOfBounds({ duration: 1.5 }), 'duration'],
      [outOfBounds({ location: 'middle' }), 'location'],
      [outOfBounds({ hint_state: 'danger' }), 'hint_state'],
      [outOfBounds({ data: ['a'] }), 'data'],
      [outOfBounds({ data: { 'bad key': 1 } }), 'data'],
      [outOfBounds({ staff_ids: [] }), 'staff_ids'],
      [outOfBounds({ staff_ids: [999_999] }), 'staff_ids'],
      [outOfBounds({ template_id: 999_999 }), 'template_id'],
      [outOfBounds({ end_at: 'tomorrow' }), 'end_at'],
    ];
    const before = (await ok(t, informCalls.listDataAnnouncements, {}, admin)).count;
    for (const [body, field] of cases) {
      const res = await invokeUnchecked(t, informCalls.addAnnouncement, body, publisher.token);
      expect(() => expectRefused(res, field, informCalls.addAnnouncement), JSON.stringify(body)).not.toThrow();
    }
    expect((await ok(t, informCalls.listDataAnnouncements, {}, admin)).count).toBe(before);
  });

  it('accepts an uploaded picture for an imgDialog and answers its /uploads URL', async () => {
    const path = 'inform/2026/03/0123456789abcdef0123456789abcdef.png';
    const res = await announce(dialog({ class: 'imgDialog', img: `/uploads/${path}`, close_type: ['mask_layer_close'], staff_ids: [bob.staffId] }));
    expect(res.img).toBe(`/uploads/${path}`);
    await invoke(t, informCalls.seenAnnouncements, { ids: [res.id] }, bob.token);
  });

  it('needs notification.publish', async () => {
    expect((await tryAnnounce(dialog(), alice.token)).code).toBe(40300);
    expect((await invoke(t, informCalls.pendingAnnouncements, {})).code).toBe(50008);
  });
});

describe('the staff’s announcements and the detail drawer', () => {
  it('lists what is addressed to the staff, with the official-assistant sender line in the details', async () => {
    const res = await announce(dialog({ title: '五一放假安排', content: '<p>5 月 1 日至 5 日放假。</p>', staff_ids: [alice.staffId] }));
    const mine = await ok(t, informCalls.myAnnouncements, {}, alice.token);
    expect(mine.data[0]).toMatchObject({ id: res.id, title: '五一放假安排', summary: '5 月 1 日至 5 日放假。', seen: false });
    const details = await ok(t, informCalls.announcementDetails, { id: res.id }, alice.token);
    expect(details).toMatchObject({ id: res.id, title: '五一放假安排', sender: '聚企中台官方助手', content: '<p>5 月 1 日至 5 日放假。</p>' });
    expect((await invoke(t, informCalls.announcementDetails, { id: res.id }, bob.token)).code).toBe(40400);
    expect((await ok(t, informCalls.myAnnouncements, {}, bob.token)).data.map((a: { id: number }) => a.id)).not.toContain(res.id);
  });

  it('withdraws: no longer popped up or listed, details gone, and a second withdrawal conflicts', async () => {
    const manager = await createStaffWith(t, ['notification.manage']);
    const res = await announce(dialog({ title: '将被撤回', staff_ids: [bob.staffId] }));
    expect((await pending(bob.token)).map((a) => a.id)).toContain(res.id);
    const withdrawn = await ok(t, informCalls.withdrawAnnouncement, { id: res.id }, manager.token);
    expect(withdrawn.withdrawn_at).not.toBeNull();
    expect((await pending(bob.token)).map((a) => a.id)).not.toContain(res.id);
    expect((await invoke(t, informCalls.announcementDetails, { id: res.id }, bob.token)).code).toBe(40400);
    expect((await invoke(t, informCalls.withdrawAnnouncement, { id: res.id }, manager.token)).code).toBe(40900);
    expect((await invoke(t, informCalls.withdrawAnnouncement, { id: res.id }, publisher.token)).code).toBe(40300);
    const listed = await ok(t, informCalls.listDataAnnouncements, { keyword: '将被撤回' }, manager.token);
    expect(listed.data[0]).toMatchObject({ id: res.id, recipient_count: 1, seen_count: 0 });
  });
});

describe('sanitising', () => {
  it(`stores none of ${xssCorpus.length} payloads in announcements or pop-up templates`, async () => {
    const all = xssCorpus.join('\n');
    const res = await announce(dialog({ content: all, staff_ids: [bob.staffId] }));
    expect(xssFindings(res.content)).toEqual([]);
    const details = await ok(t, informCalls.announcementDetails, { id: res.id }, bob.token);
    expect(xssFindings(details.content)).toEqual([]);
    for (const popup of await pending(bob.token)) expect(xssFindings(popup.content)).toEqual([]);

    const editor = await createStaffWith(t, ['notification.template.view', 'notification.template.edit']);
    const survivors: string[] = [];
    for (const [i, payload] of xssCorpus.entries()) {
      const tpl = await ok(t, informCalls.siteShowTemplateAdd, { name: `xss ${i}`, class: 'Dialog', title: 'x', content: payload, close_type: ['button_close'] }, editor.token);
      const stored = (await ok(t, informCalls.siteShowTemplateDetails, { id: tpl.id }, editor.token)).content;
      if (xssFindings(stored).length) survivors.push(payload);
    }
    expect(survivors).toEqual([]);
    // Titles are plain text, stored as typed: clients render them as text.
    const titled = await announce(dialog({ title: '<img src=x onerror=alert(1)>', staff_ids: [bob.staffId] }));
    expect(titled.title).toBe('<img src=x onerror=alert(1)>');
    await invoke(t, informCalls.seenAnnouncements, { ids: (await pending(bob.token)).map((a) => a.id) }, bob.token);
  });
});

describe('pop-up templates', () => {
  it('creates, lists, edits and deletes; names are unique; publishers read them through the select call', async () => {
    const editor = await createStaffWith(t, ['notification.template.view', 'notification.template.edit']);
    const body: CallBody<typeof informCalls.siteShowTemplateAdd> = {
      name: '月底提醒',
      class: 'MessageBox',
      title: '月底提醒',
      content: '<p>请完成回访</p>',
      hint_state: 'warning',
      close_type: ['button_close'],
    };
    const added = await ok(t, informCalls.siteShowTemplateAdd, body, editor.token);
    expect(added).toMatchObject({ name: '月底提醒', class: 'MessageBox', hint_state: 'warning', close_type: ['button_close'], location: 'center' });
    const duplicate = await invoke(t, informCalls.siteShowTemplateAdd, body, editor.token);
    expect(duplicate.code).toBe(40900);
    const listed = await ok(t, informCalls.siteShowTemplateList, { class: 'MessageBox', keyword: '月底' }, editor.token);
    expect(listed.data.map((x: { id: number }) => x.id)).toEqual([added.id]);
    const edited = await ok(t, informCalls.siteShowTemplateEdit, { id: added.id, ...body, class: 'Notification', close_type: ['right_button_close'], location: 'topRight' }, editor.token);
    expect(edited).toMatchObject({ class: 'Notification', location: 'topRight' });
    const select = await ok(t, informCalls.siteShowTemplateSelect, {}, publisher.token);
    expect(select.map((x: { id: number }) => x.id)).toContain(added.id);
    const fromTemplate = await announce(dialog({ template_id: added.id, staff_ids: [bob.staffId] }));
    expect(fromTemplate.template_id).toBe(added.id);
    expect((await invoke(t, informCalls.siteShowTemplateDelete, { id: added.id }, editor.token)).code).toBe(20000);
    expect((await invoke(t, informCalls.siteShowTemplateDetails, { id: added.id }, editor.token)).code).toBe(40400);
    // The announcement keeps its own copy.
    expect((await ok(t, informCalls.announcementDetails, { id: fromTemplate.id }, bob.token)).title).toBe('系统升级公告');
    expect((await invoke(t, informCalls.siteShowTemplateAdd, body, publisher.token)).code).toBe(40300);
    expect((await invoke(t, informCalls.siteShowTemplateList, {}, publisher.token)).code).toBe(40300);
  });
});

describe('the seed', () => {
  it('adds demo notifications of every type and the welcome announcement once, the admin having seen it', async () => {
    const demo = await buildTestApp({ demo: true });
    try {
      const token = await signInAsAdmin(demo);
      const first = await ok(demo, informCalls.listNotifications, { limit: 50 }, token);
      expect(new Set(first.data.map((n: { type: number }) => n.type))).toEqual(new Set([1, 2, 3, 4, 5]));
      const announcements = await ok(demo, informCalls.listDataAnnouncements, {}, token);
      // No holiday announcement: one left up would greet staff at sign-in months after the holiday.
      expect(announcements.data.map((announcement: { title: string }) => announcement.title)).toEqual(['欢迎使用聚企中台 2.0']);
      expect(await invoke(demo, informCalls.pendingAnnouncements, {}, token)).toMatchObject({ data: [] });
      const templates = await ok(demo, informCalls.templateList, { limit: 50 }, token);
      const popups = await ok(demo, informCalls.siteShowTemplateList, {}, token);

      await runSeeds({ db: demo.database.db, log: demo.app.log as never, demo: true });
      expect((await ok(demo, informCalls.listNotifications, { limit: 50 }, token)).count).toBe(first.count);
      expect((await ok(demo, informCalls.listDataAnnouncements, {}, token)).count).toBe(1);
      expect((await ok(demo, informCalls.templateList, { limit: 50 }, token)).count).toBe(templates.count);
      expect((await ok(demo, informCalls.siteShowTemplateList, {}, token)).count).toBe(popups.count);
    } finally {
      await demo.close();
    }
  });
});
