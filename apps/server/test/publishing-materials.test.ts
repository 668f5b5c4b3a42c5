import { approvalCalls, material, MATERIAL_STATES } from '@juqi/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, invoke, ok, signInAsAdmin } from './helpers/auth';

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
