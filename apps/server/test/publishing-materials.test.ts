import { approvalCalls, extensionLabel, keyword, keywordType, material, MATERIAL_STATES, publishingCalls, renderTitle, titleTemplate, workingKeyword } from '@juqi/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectRefused, invoke, ok, signInAsAdmin } from './helpers/auth';

/**
 * Materials and their review (docs/publishing.md › Material) beyond the generated resource tests: nobody reviews what
 * their own person submitted, an edit sends a reviewed material back to draft, and what waits lists in the reviewers'
 * to-dos (docs/approvals.md › Reviews).
 */
let t: TestApp;
let admin: string;
type Staff = Awaited<ReturnType<typeof createStaffWith>>;
let writer: Staff;
let writerLinked: Staff;
let reviewer: Staff;

const WRITES = ['publishing.material.view', 'publishing.material.edit'];
const REVIEWS = ['publishing.material.view', 'publishing.material.review'];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  writer = await createStaffWith(t, WRITES);
  // The writer's second account, which may review: one person all the same.
  writerLinked = await createStaffWith(t, [...WRITES, 'publishing.material.review']);
  reviewer = await createStaffWith(t, REVIEWS);
  await t.database.db.update(staff).set({ personKey: 'writer' }).where(inArray(staff.id, [writer.staffId, writerLinked.staffId]));
});
afterAll(() => t?.close());

const draft = async (title: string, token = writer.token) => (await ok(t, material.calls.add!, { title, keyword: '装修', body: `<p>${title}的正文</p>` }, token)).id;
const stateOf = async (id: number) => (await ok(t, material.calls.details, { id }, admin)).state;
const todos = async (token: string) => (await ok(t, approvalCalls.reviewList, { page: 1, limit: 50 }, token)).data.filter((item) => item.kind === 'publishing_material');

describe('material review (素材审核)', () => {
  it('lists a submitted material in the reviewers’ to-dos, not its submitter’s person’s, and decides it once', async () => {
    const id = await draft('装修避坑指南');
    await ok(t, material.actionCalls.submit!, { ids: [id] }, writer.token);
    expect(await stateOf(id)).toBe(MATERIAL_STATES.reviewing);

    const waiting = await todos(reviewer.token);
    expect(waiting).toContainEqual(expect.objectContaining({ subject: { kind: 'publishing_material', id }, summary: '装修避坑指南', starter: { id: writer.staffId, name: expect.any(String) } }));
    expect((await todos(writerLinked.token)).map((item) => item.subject)).not.toContainEqual({ kind: 'publishing_material', id });

    // The submitter's own person may not decide it, through either account; nothing changes.
    expect(expectError(await invoke(t, material.actionCalls.approve!, { ids: [id] }, writerLinked.token), 40300)).toBeDefined();
    expect(await stateOf(id)).toBe(MATERIAL_STATES.reviewing);

    await ok(t, material.actionCalls.approve!, { ids: [id] }, reviewer.token);
    expect(await stateOf(id)).toBe(MATERIAL_STATES.approved);
    expect((await todos(reviewer.token)).map((item) => item.subject)).not.toContainEqual({ kind: 'publishing_material', id });
    expectError(await invoke(t, material.actionCalls.reject!, { id, reason: '晚了' }, reviewer.token), 40900);
  });

  it('refuses a bulk decision holding one material of the decider’s own, deciding none', async () => {
    const others = await draft('别人写的');
    await ok(t, material.actionCalls.submit!, { ids: [others] }, admin);
    const own = await draft('自己写的');
    await ok(t, material.actionCalls.submit!, { ids: [own] }, writerLinked.token);
    expectError(await invoke(t, material.actionCalls.approve!, { ids: [others, own] }, writerLinked.token), 40300);
    expect([await stateOf(others), await stateOf(own)]).toEqual([MATERIAL_STATES.reviewing, MATERIAL_STATES.reviewing]);
  });

  it('sends a reviewed or rejected material back to draft when it is edited; a draft stays one', async () => {
    const id = await draft('价格问答');
    await ok(t, material.calls.edit!, { id, title: '价格问答（改）' }, writer.token);
    expect(await stateOf(id)).toBe(MATERIAL_STATES.draft);

    await ok(t, material.actionCalls.submit!, { ids: [id] }, writer.token);
    await ok(t, material.actionCalls.reject!, { id, reason: '标题夸大' }, reviewer.token);
    const history = await ok(t, material.calls.history!, { id }, admin);
    expect(history.at(-1)).toMatchObject({ action: 'reject', from: MATERIAL_STATES.reviewing, to: MATERIAL_STATES.rejected, reason: '标题夸大' });
    await ok(t, material.calls.edit!, { id, body: '<p>改过的正文</p>' }, writer.token);
    expect(await stateOf(id)).toBe(MATERIAL_STATES.draft);

    await ok(t, material.actionCalls.submit!, { ids: [id] }, writer.token);
    await ok(t, material.actionCalls.approve!, { ids: [id] }, reviewer.token);
    await ok(t, material.calls.edit!, { id, keyword: '装修价格' }, writer.token);
    expect(await stateOf(id)).toBe(MATERIAL_STATES.draft);
  });

  it('keeps the body’s markup safe: scripts and handlers are gone before it is stored', async () => {
    const id = (await ok(t, material.calls.add!, { title: '富文本', body: '<p onclick="x()">正文<script>alert(1)</script></p><img src=x onerror=alert(1)>' }, writer.token)).id;
    const { body } = await ok(t, material.calls.details, { id }, admin);
    expect(body).not.toMatch(/script|onclick|onerror/);
    expect(body).toContain('正文');
  });
});

describe('titles from the templates (智能标题生成 without a model)', () => {
  it('fills each placeholder, the date as the platform’s day', () => {
    const values = { keyword: '装修公司', city: '杭州', industry: '家居建材', date: '2026-12-07' };
    expect(renderTitle('{city}{keyword}哪家好？', values)).toBe('杭州装修公司哪家好？');
    expect(renderTitle('{industry}：{keyword}', values)).toBe('家居建材：装修公司');
    expect(renderTitle('{date}最新{keyword}', values)).toBe('2026年12月7日最新装修公司');
    expect(renderTitle('{city}{keyword}推荐', { keyword: '婚纱摄影', date: '2026-01-05' })).toBe('婚纱摄影推荐');
  });

  it('answers a title per enabled template in their order, marks one too long, and keeps the chosen as drafts to be given a body', async () => {
    const [first, off] = [
      (await ok(t, titleTemplate.calls.add!, { name: '测试-日期', content: '{date}{city}{keyword}榜单', sort: 1 }, admin)).id,
      (await ok(t, titleTemplate.calls.add!, { name: '测试-停用', content: '{keyword}停用模板', enabled: false }, admin)).id,
    ];
    const long = (await ok(t, titleTemplate.calls.add!, { name: '测试-很长', content: `${'长'.repeat(90)}{keyword}`, sort: 9999 }, admin)).id;
    const { source, titles } = await ok(t, publishingCalls.titleGenerate, { keyword: '装修公司', city: '杭州' }, writer.token);
    expect(source).toBe('template');
    const ids = titles.map((one) => one.template_id);
    expect(ids).toContain(first);
    expect(ids).not.toContain(off);
    expect(titles.find((one) => one.template_id === first)!.title).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日杭州装修公司榜单$/);
    expect(titles.find((one) => one.template_id === long)).toMatchObject({ too_long: false });
    const longer = await ok(t, publishingCalls.titleGenerate, { keyword: '杭州本地口碑最好的全包装修公司'.repeat(2) }, writer.token);
    expect(longer.titles.find((one) => one.template_id === long)).toMatchObject({ too_long: true });
    expectRefused(await invoke(t, publishingCalls.titleGenerate, { keyword: '装修', template_ids: [off] }, writer.token), 'template_ids', publishingCalls.titleGenerate);

    const { ids: saved } = await ok(t, publishingCalls.titleSave, { keyword: '装修公司', titles: ['杭州装修公司哪家好？', '装修避坑指南'] }, writer.token);
    expect(await ok(t, material.calls.details, { id: saved[0]! }, admin)).toMatchObject({ title: '杭州装修公司哪家好？', keyword: '装修公司', body: '', state: MATERIAL_STATES.draft });
    // No body, no review.
    expectRefused(await invoke(t, material.actionCalls.submit!, { ids: [saved[0]!] }, writer.token), 'body', material.actionCalls.submit);
    expect(await stateOf(saved[0]!)).toBe(MATERIAL_STATES.draft);
    await ok(t, material.calls.edit!, { id: saved[0]!, body: '<p>正文</p>' }, writer.token);
    await ok(t, material.actionCalls.submit!, { ids: [saved[0]!] }, writer.token);
    expect(await stateOf(saved[0]!)).toBe(MATERIAL_STATES.reviewing);
    expectError(await invoke(t, publishingCalls.titleSave, { keyword: '装修', titles: ['x'.repeat(101)] }, writer.token), 40000);
  });
});

describe('the tool’s keywords (关键词) and their tags (拓展词标签)', () => {
  it('keeps a word folded and once; a tag a keyword holds stays; a library keyword deleted is forgotten, not the word', async () => {
    const tag = (await ok(t, extensionLabel.calls.add!, { name: '地域词-测试', color: '#1677ff' }, admin)).id;
    const type = (await ok(t, keywordType.calls.add!, { name: '地域词-库' }, admin)).id;
    const library = (await ok(t, keyword.calls.add!, { word: '杭州装修', type_id: type }, admin)).id;
    const { id } = await ok(t, workingKeyword.calls.add!, { word: '  杭州　装修 ', label_id: tag, library_id: library }, admin);
    expect(await ok(t, workingKeyword.calls.details, { id }, admin)).toMatchObject({ word: '杭州 装修', label_id: tag, library_id: library });
    expect(expectError(await invoke(t, workingKeyword.calls.add!, { word: '杭州 装修' }, admin), 40900)).toMatchObject({ field: 'word' });
    expect(expectError(await invoke(t, workingKeyword.calls.add!, { word: '杭州　 装修' }, admin), 40900)).toMatchObject({ field: 'word' });

    expectError(await invoke(t, extensionLabel.calls.delete!, { id: tag }, admin), 40900);
    await ok(t, keyword.calls.delete!, { id: library }, admin);
    expect(await ok(t, workingKeyword.calls.details, { id }, admin)).toMatchObject({ word: '杭州 装修', library_id: null });
  });
});
