import { adjustmentCalls, approvalCalls, informCalls, withdrawalAppCalls, withdrawalCalls, type NotificationSubject } from '@juqi/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { createStaffWith, ok, signInAsAdmin } from './helpers/auth';
import { listenOnLoopback, openEventStream, type EventStreamClient } from './helpers/event-stream';
import { insertUser, openBalances } from './helpers/users';

// Finance's two-person steps in the to-dos (docs/finance.md › Two-person steps in the to-dos, docs/approvals.md ›
// Reviews): a pending adjustment, an approved withdrawal to pay out and a raise of the adjustment settings list in the
// to-dos of those who may decide them — holding the operation, not the person who started it — who are sent a message;
// a decision takes it out of them, tells its starter, and signals every open screen showing it.

type Staff = Awaited<ReturnType<typeof createStaffWith>>;

let t: TestApp;
let port: number;
let admin: string;
/** Applies for adjustments; `clerkLinked` is another account of the same person, who may approve them. */
let clerk: Staff;
let clerkLinked: Staff;
let approver: Staff;
/** A second approver: no message when another decides, only the stream's signal. */
let otherApprover: Staff;
/** Sees the adjustments, decides nothing. */
let bystander: Staff;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ config: { fakePayments: true } });
  port = await listenOnLoopback(t.app);
  admin = await signInAsAdmin(t);
  clerk = await createStaffWith(t, ['finance.adjust.view', 'finance.adjust.apply', 'finance.adjust.settings']);
  clerkLinked = await createStaffWith(t, ['finance.adjust.view', 'finance.adjust.approve']);
  approver = await createStaffWith(t, ['finance.adjust.view', 'finance.adjust.approve']);
  otherApprover = await createStaffWith(t, ['finance.adjust.view', 'finance.adjust.approve']);
  bystander = await createStaffWith(t, ['finance.adjust.view', 'finance.withdraw.view']);
  await t.database.db.update(staff).set({ personKey: 'clerk' }).where(inArray(staff.id, [clerk.staffId, clerkLinked.staffId]));
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

const reviews = (token: string) => ok(t, approvalCalls.reviewList, { page: 1, limit: 50 }, token);
const waitingOn = async (token: string, subject: NotificationSubject) => (await reviews(token)).data.filter((item) => item.subject.kind === subject.kind && item.subject.id === subject.id);
const notices = async (token: string) => (await ok(t, informCalls.listNotifications, { limit: 50 }, token)).data;
const noticesAbout = async (token: string, subject: NotificationSubject) =>
  (await notices(token)).filter((n) => n.subject?.kind === subject.kind && n.subject.id === subject.id).map(({ title, content }) => ({ title, content }));

const nameOf = async (staffId: number) => (await t.database.db.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId)))[0]!.name;

let keys = 0;
const key = () => `review-${process.pid}-${++keys}`;

async function pendingAdjustment(amount: number, idempotencyKey = key()) {
  const user = await insertUser(t);
  const body = { user_id: user.id, currency: 'CNY' as const, direction: 'credit' as const, amount, reason: '渠道返利补发', idempotency_key: idempotencyKey };
  const a = await ok(t, adjustmentCalls.adjustmentApply, body, clerk.token);
  expect(a.state).toBe('pending');
  return { a, user, body, subject: { kind: 'finance_adjustment', id: a.adjustment_no } as const };
}

describe('an adjustment waiting for approval', () => {
  it('is in the to-dos of each who may approve it, with a message opening it; not of its applicant’s person nor of others', async () => {
    const { a, user, body, subject } = await pendingAdjustment(150_000);
    const item = { kind: 'finance_adjustment', subject, summary: `调增 ¥ 1,500.00 · ${user.name}`, starter: { id: clerk.staffId, name: a.applicant_name }, waiting_since: a.created_at };
    expect(await waitingOn(approver.token, subject)).toEqual([item]);
    // The super-admin holds every operation: a second person too.
    expect(await waitingOn(admin, subject)).toEqual([item]);
    expect(await waitingOn(clerkLinked.token, subject)).toEqual([]);
    expect(await waitingOn(clerk.token, subject)).toEqual([]);
    expect(await reviews(bystander.token)).toEqual({ count: 0, data: [] });

    const message = { title: `待审批调账：${user.name} 调增 ¥ 1,500.00`, content: `${a.applicant_name}申请为${user.name}调增 ¥ 1,500.00（${a.adjustment_no}），原因：渠道返利补发，请及时审批。` };
    expect(await noticesAbout(approver.token, subject)).toEqual([message]);
    expect(await noticesAbout(otherApprover.token, subject)).toEqual([message]);
    for (const token of [clerkLinked.token, clerk.token, bystander.token]) expect(await noticesAbout(token, subject)).toEqual([]);

    // The same application again under its key answers the first, and tells nobody twice.
    expect((await ok(t, adjustmentCalls.adjustmentApply, body, clerk.token)).adjustment_no).toBe(a.adjustment_no);
    expect(await noticesAbout(approver.token, subject)).toHaveLength(1);
  });

  it('leaves the to-dos once approved: its applicant is told, another approver’s open screens are signalled', async () => {
    const { a, user, subject } = await pendingAdjustment(120_000);
    const watching = await openEventStream(port, '/api/inform/stream', { cookie: `juqi_token=${encodeURIComponent(otherApprover.token)}` });
    streams.push(watching);
    await watching.next('hello');
    await ok(t, adjustmentCalls.adjustmentApprove, { adjustment_no: a.adjustment_no }, approver.token);

    for (const token of [approver.token, otherApprover.token, admin]) expect(await waitingOn(token, subject)).toEqual([]);
    expect(await noticesAbout(clerk.token, subject)).toEqual([
      { title: `调账已通过：${user.name} 调增 ¥ 1,200.00`, content: `您申请的调账（${a.adjustment_no}：${user.name} 调增 ¥ 1,200.00）已由${await nameOf(approver.staffId)}审批通过并入账。` },
    ]);
    expect(await watching.next<NotificationSubject>('changed', (changed) => changed.kind === subject.kind && changed.id === subject.id)).toEqual(subject);
    // The other approver was told it waits, and nothing more.
    expect(await noticesAbout(otherApprover.token, subject)).toHaveLength(1);
  });

  it('tells its applicant why it was rejected', async () => {
    const { a, user, subject } = await pendingAdjustment(110_000);
    await ok(t, adjustmentCalls.adjustmentReject, { adjustment_no: a.adjustment_no, reason: '金额与活动方案不符' }, approver.token);
    expect(await waitingOn(approver.token, subject)).toEqual([]);
    expect((await noticesAbout(clerk.token, subject))[0]).toEqual({
      title: `调账被驳回：${user.name} 调增 ¥ 1,100.00`,
      content: `您申请的调账（${a.adjustment_no}：${user.name} 调增 ¥ 1,100.00）被${await nameOf(approver.staffId)}驳回，原因：金额与活动方案不符。`,
    });
  });

  it('says what waits in the language asked for', async () => {
    const { user, subject } = await pendingAdjustment(130_000);
    const english = await t.app.inject({ method: 'POST', url: approvalCalls.reviewList.path, payload: { page: 1, limit: 50 }, headers: { 'x-token': approver.token, 'accept-language': 'en-US' } });
    const item = english.json<{ data: { data: { subject: NotificationSubject; summary: string }[] } }>().data.data.find((i) => i.subject.id === subject.id);
    expect(item?.summary).toBe(`credit ¥ 1,300.00 · ${user.name}`);
  });
});

describe('a withdrawal approved and waiting to be paid out', () => {
  it('is in the to-dos of each who may pay it, with a message; not of its approver’s; it leaves them once paid', async () => {
    const payer = await createStaffWith(t, ['finance.withdraw.view', 'finance.withdraw.pay']);
    const approvingPayer = await createStaffWith(t, ['finance.withdraw.view', 'finance.withdraw.approve', 'finance.withdraw.pay']);
    const user = await insertUser(t);
    await openBalances(t, [{ userId: user.id, balance: 50_000 }]);
    const w = await ok(t, withdrawalAppCalls.apply, { amount: 30_000, payout_type: 2, account_name: '张三', account_no: 'zhangsan@example.com', idempotency_key: key() }, await signInAppUser(t, user.id));
    const subject = { kind: 'finance_withdrawal', id: w.withdraw_no } as const;
    // Applied, it waits for an approval, not for a second person.
    expect(await waitingOn(payer.token, subject)).toEqual([]);

    await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, approvingPayer.token);
    const approved = await ok(t, withdrawalCalls.details, { withdraw_no: w.withdraw_no }, admin);
    expect(await waitingOn(payer.token, subject)).toEqual([
      {
        kind: 'finance_withdrawal_payout',
        subject,
        summary: `¥ 300.00 · ${user.name}`,
        starter: { id: approvingPayer.staffId, name: approved.withdrawal.approver_name },
        waiting_since: approved.withdrawal.approved_at,
      },
    ]);
    expect(await waitingOn(approvingPayer.token, subject)).toEqual([]);
    expect(await noticesAbout(payer.token, subject)).toEqual([
      { title: `提现待打款：${user.name} ¥ 300.00`, content: `${approved.withdrawal.approver_name}已审核通过${user.name}的提现 ¥ 300.00（${w.withdraw_no}），请及时打款。` },
    ]);
    expect(await noticesAbout(approvingPayer.token, subject)).toEqual([]);
    expect(await reviews(bystander.token)).toEqual({ count: 0, data: [] });

    await ok(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token);
    expect(await waitingOn(payer.token, subject)).toEqual([]);
  });
});

describe('a raise of the adjustment settings', () => {
  it('is in the to-dos of each other person who may approve it, with a message; once approved its proposer is told', async () => {
    const checker = await createStaffWith(t, ['finance.adjust.settings']);
    const { proposal: none, ...current } = await ok(t, adjustmentCalls.adjustmentSettingsDetails, {}, admin);
    expect(none).toBeNull();
    const { proposal } = await ok(t, adjustmentCalls.adjustmentSettingsEdit, { ...current, approval_threshold: current.approval_threshold + 400_000 }, clerk.token);
    const subject = { kind: 'finance_adjustment_settings', id: proposal!.id } as const;
    const changes = '余额调账审批金额 ¥ 1,000.00 → ¥ 5,000.00';

    expect(await waitingOn(checker.token, subject)).toEqual([
      { kind: 'finance_adjustment_settings', subject, summary: changes, starter: { id: clerk.staffId, name: proposal!.proposer_name }, waiting_since: proposal!.proposed_at },
    ]);
    expect(await waitingOn(clerk.token, subject)).toEqual([]);
    expect(await waitingOn(clerkLinked.token, subject)).toEqual([]);
    expect(await noticesAbout(checker.token, subject)).toEqual([{ title: '调账审批设置调高待批准', content: `${proposal!.proposer_name}提议调高调账审批设置：${changes}，请及时审批。` }]);
    expect(await noticesAbout(clerk.token, subject)).toEqual([]);

    await ok(t, adjustmentCalls.adjustmentSettingsApprove, { proposal_id: proposal!.id }, checker.token);
    expect(await waitingOn(checker.token, subject)).toEqual([]);
    expect(await noticesAbout(clerk.token, subject)).toEqual([{ title: '调账审批设置调高已生效', content: `您提议的调高（${changes}）已由${await nameOf(checker.staffId)}批准生效。` }]);
  });

  it('tells its proposer when another person turns it down, and nothing when they withdraw it themselves', async () => {
    const checker = await createStaffWith(t, ['finance.adjust.settings']);
    const { proposal: _, ...current } = await ok(t, adjustmentCalls.adjustmentSettingsDetails, {}, admin);
    const raise = async () => (await ok(t, adjustmentCalls.adjustmentSettingsEdit, { ...current, bean_approval_threshold: current.bean_approval_threshold + 1 }, clerk.token)).proposal!;
    const turnedDown = await raise();
    await ok(t, adjustmentCalls.adjustmentSettingsReject, { proposal_id: turnedDown.id }, checker.token);
    const about = { kind: 'finance_adjustment_settings', id: turnedDown.id } as const;
    expect(await waitingOn(checker.token, about)).toEqual([]);
    expect((await noticesAbout(clerk.token, about)).map((n) => n.title)).toEqual(['调账审批设置调高被驳回']);

    const withdrawn = await raise();
    await ok(t, adjustmentCalls.adjustmentSettingsReject, { proposal_id: withdrawn.id }, clerk.token);
    expect(await waitingOn(checker.token, { kind: 'finance_adjustment_settings', id: withdrawn.id })).toEqual([]);
    expect(await noticesAbout(clerk.token, { kind: 'finance_adjustment_settings', id: withdrawn.id })).toEqual([]);
  });
});
