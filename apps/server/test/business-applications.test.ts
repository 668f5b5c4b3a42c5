import { agencyBasicSettings, agencyListCalls, approvalCalls, authCalls, businessApplyCalls, businessPackage, businessResource } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agency, agencyBusiness, approvalAction, business } from '../src/lib/db/schema';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { createStaffWith, expectError, expectOk, invoke, ok, signIn, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { insertUser } from './helpers/users';

/**
 * 业务申请 (docs/marketplace.md › 业务申请): an agency asks in the apps to sell a business, filling 业务申请表; the request
 * walks 基础设置's flow through the approval engine; its last approval lets the agency sell the business, which staff
 * revoke with a reason.
 */
let t: TestApp;
let admin: string;
let approver: Awaited<ReturnType<typeof createStaffWith>>;
let flow: number;
let video: number;
let site: number;
let offSale: number;
const FORM = { sales_plan: '面向本地餐饮商户推广短视频代运营', expected_customers: 'some' };

const settings = (values: Partial<typeof agencyBasicSettings.defaults>) => ok(t, agencyBasicSettings.calls.edit, { ...agencyBasicSettings.defaults, ...values }, admin);
const decide = (id: number, decision: 'approve' | 'reject' = 'approve', comment = '', as = approver.token) =>
  invoke(t, decision === 'approve' ? approvalCalls.approve : approvalCalls.reject, { id, step: 0, comment }, as);
/** A new agency of this file, signed in to the apps. */
async function newAgency(name: string): Promise<{ id: number; token: string }> {
  const { id } = await insertUser(t, { name, typeUser: 1, mobile: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` });
  await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
  return { id, token: await signInAppUser(t, id) };
}
const apply = (token: string, business_id: number, values: Record<string, unknown> = FORM) => invoke(t, businessApplyCalls.businessApply, { business_id, values }, token);
const selling = async (agencyId: number) => (await ok(t, businessApplyCalls.agencyBusinesses, { agency_id: agencyId }, admin)).filter((b) => b.selling).map((b) => b.business_name);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  approver = await createStaffWith(t, []);
  flow = (await ok(t, approvalCalls.flowAdd, { name: '业务审核', kind: 'business_apply', steps: [{ approver: 'account', account_id: approver.staffId }] }, admin)).id;
  const add = async (name: string, sort: number, enabled = true) =>
    (await ok(t, businessResource.calls.add!, { name, summary: '', content: '', sort, enabled, industry_id: null }, admin)).id;
  video = await add('短视频代运营（业务申请）', 1);
  site = await add('企业建站（业务申请）', 2);
  offSale = await add('已下架业务（业务申请）', 3, false);
  for (const [name, price] of [['基础版', 99_900], ['专业版', 299_900]] as const)
    await ok(t, businessPackage.calls.add!, { business_id: video, name, price, duration_days: 30, quota: 10, description: '', sort: 0, enabled: true }, admin);
});
afterAll(() => t?.close());

describe('业务申请', () => {
  it('is refused until 基础设置 chooses a business-application flow (40000 naming flow); 基础设置 takes only such a flow', async () => {
    await settings({ business_apply_flow_id: null });
    const { token } = await newAgency('业务申请甲');
    expect(expectError(await apply(token, video), 40000)).toMatchObject({ field: 'flow' });
    const agencyFlow = (await ok(t, approvalCalls.flowAdd, { name: '代理审核（非业务）', kind: 'agency_apply', steps: [{ approver: 'account', account_id: approver.staffId }] }, admin)).id;
    expect(expectError(await invoke(t, agencyBasicSettings.calls.edit, { ...agencyBasicSettings.defaults, business_apply_flow_id: agencyFlow }, admin), 40000)).toMatchObject({ field: 'business_apply_flow_id' });
    await settings({ business_apply_flow_id: flow });
    expectError(await invoke(t, approvalCalls.flowDelete, { id: flow }, admin), 40900);
  });

  it('filed in the apps, approved: the agency sells the business and follows its application; staff list and open it with its form', async () => {
    await settings({ business_apply_flow_id: flow });
    const agent = await newAgency('业务申请乙');
    const { request_id: id } = expectOk(await apply(agent.token, video, { ...FORM, sales_plan: ' 计划 ' }))!;

    const todo = await ok(t, approvalCalls.todoList, { kind: 'business_apply', page: 1, limit: 20 }, approver.token);
    expect(todo.data.find((row) => row.id === id)).toMatchObject({ requester: { id: agent.id, name: '业务申请乙' }, requester_type: 'app_user', summary: '业务 短视频代运营（业务申请）' });
    expect(await ok(t, businessApplyCalls.businessApplyMine, undefined, agent.token)).toEqual([
      expect.objectContaining({ id, business_id: video, business_name: '短视频代运营（业务申请）', state: 'pending', selling: false, comment: '' }),
    ]);
    expect(await selling(agent.id)).toEqual([]);

    expectOk(await decide(id));
    expect(await selling(agent.id)).toEqual(['短视频代运营（业务申请）']);
    const [mine] = await ok(t, businessApplyCalls.businessApplyMine, undefined, agent.token);
    expect(mine).toMatchObject({ id, state: 'approved', selling: true });
    const [own] = await ok(t, businessApplyCalls.agencyBusinesses, { agency_id: agent.id }, admin);
    expect(own).toMatchObject({ business_id: video, business_enabled: true, packages_on_sale: 2, price_from: 99_900, price_to: 299_900, request_id: id });
    expect(own!.approved_at).toEqual(expect.any(String));

    const listed = await ok(t, businessApplyCalls.businessApplyList, { keyword: '业务申请乙', page: 1, limit: 20 }, admin);
    expect(listed.count).toBe(1);
    expect(listed.data[0]).toMatchObject({ id, agency_id: agent.id, agency_name: '业务申请乙', agency_level_name: '普通代理', business_name: '短视频代运营（业务申请）', state: 'approved', selling: true, flow_name: '业务审核' });
    const opened = await ok(t, businessApplyCalls.businessApplyDetails, { id }, admin);
    expect(opened.values).toMatchObject({ sales_plan: '计划', expected_customers: 'some' });
    expect(opened.form.map((field) => field.key)).toEqual(['sales_plan', 'expected_customers', 'experience', 'remark']);
    // Selling it already, the agency does not apply again.
    expectError(await apply(agent.token, video), 40900);
  });

  it('is refused at filing: a business off sale or unknown (40000 naming business_id), a form value refused (under values), one waiting (40900), a suspended agency (40900), a user who is no agency (40300)', async () => {
    await settings({ business_apply_flow_id: flow });
    const agent = await newAgency('业务申请丙');
    expect(expectError(await apply(agent.token, offSale), 40000)).toMatchObject({ field: 'business_id' });
    expect(expectError(await apply(agent.token, 999_999), 40000)).toMatchObject({ field: 'business_id' });
    expect(expectError(await apply(agent.token, site, { ...FORM, sales_plan: '' }), 40000)).toMatchObject({ field: 'values.sales_plan' });
    expect(expectError(await apply(agent.token, site, { ...FORM, expected_customers: 'all' }), 40000)).toMatchObject({ field: 'values.expected_customers' });
    expect(await ok(t, businessApplyCalls.businessApplyMine, undefined, agent.token)).toEqual([]);
    // A refused filing changes nothing: no record of the pair is left behind.
    expect(await t.database.db.select().from(agencyBusiness).where(eq(agencyBusiness.agencyId, agent.id))).toEqual([]);
    expectOk(await apply(agent.token, site));
    expectError(await apply(agent.token, site), 40900);
    // One waiting per business: another business may be applied for meanwhile.
    expectOk(await apply(agent.token, video));

    const paused = await newAgency('业务申请丁');
    await ok(t, agencyListCalls.agencySuspend, { id: paused.id, reason: '整改' }, admin);
    expectError(await apply(paused.token, site), 40900);
    const ordinary = await insertUser(t, { name: '业务申请普通用户', typeUser: 2 });
    expectError(await apply(await signInAppUser(t, ordinary.id), site), 40300);
  });

  it('approval checks again: an agency suspended or a business taken off sale meanwhile leaves the request waiting (40900 / 40000)', async () => {
    await settings({ business_apply_flow_id: flow });
    const agent = await newAgency('业务申请戊');
    const { request_id: id } = expectOk(await apply(agent.token, site))!;
    await ok(t, agencyListCalls.agencySuspend, { id: agent.id, reason: '暂停核查' }, admin);
    expectError(await decide(id), 40900);
    await ok(t, agencyListCalls.agencyResume, { id: agent.id }, admin);
    await t.database.db.update(business).set({ enabled: false }).where(eq(business.id, site));
    expect(expectError(await decide(id), 40000)).toMatchObject({ field: 'business_id' });
    await t.database.db.update(business).set({ enabled: true }).where(eq(business.id, site));
    expectOk(await decide(id));
    expect(await selling(agent.id)).toEqual(['企业建站（业务申请）']);
  });

  it('a rejection leaves the agency not selling, and the agency reads the comment and applies again; it withdraws only its own waiting one', async () => {
    await settings({ business_apply_flow_id: flow });
    const agent = await newAgency('业务申请己');
    const other = await newAgency('业务申请庚');
    const { request_id: id } = expectOk(await apply(agent.token, video))!;
    expectOk(await decide(id, 'reject', '请补充销售计划'));
    expect((await ok(t, businessApplyCalls.businessApplyMine, undefined, agent.token))[0]).toMatchObject({ id, state: 'rejected', comment: '请补充销售计划', selling: false });
    expect((await ok(t, businessApplyCalls.businessApplyDetails, { id }, admin)).comment).toBe('请补充销售计划');
    expect(await selling(agent.id)).toEqual([]);

    const { request_id: again } = expectOk(await apply(agent.token, video))!;
    expectError(await invoke(t, businessApplyCalls.businessApplyWithdraw, { id: again }, other.token), 40400);
    expectOk(await invoke(t, businessApplyCalls.businessApplyWithdraw, { id: again }, agent.token));
    expectError(await invoke(t, businessApplyCalls.businessApplyWithdraw, { id: again }, agent.token), 40900);
    expect((await ok(t, businessApplyCalls.businessApplyList, { keyword: '业务申请己', page: 1, limit: 20 }, admin)).data.map((r) => r.state)).toEqual(['withdrawn', 'rejected']);
    expect((await ok(t, businessApplyCalls.businessApplyList, { keyword: '业务申请己', state: 'rejected', page: 1, limit: 20 }, admin)).data.map((r) => r.id)).toEqual([id]);
    expect((await ok(t, businessApplyCalls.businessApplyList, { keyword: '业务申请己', business_id: site, page: 1, limit: 20 }, admin)).count).toBe(0);
    // The business filter offers the businesses applied for, none other.
    const { businesses } = await ok(t, businessApplyCalls.businessApplyOptions, undefined, admin);
    expect(businesses.map((b) => b.id)).toEqual(expect.arrayContaining([video, site]));
    expect(businesses.map((b) => b.id)).not.toContain(offSale);
  });

  it('is revoked by staff with a reason, shown in the agency’s history; the agency applies again to sell it', async () => {
    await settings({ business_apply_flow_id: flow });
    const agent = await newAgency('业务申请辛');
    expectOk(await decide(expectOk(await apply(agent.token, video))!.request_id));
    const revoke = { agency_id: agent.id, business_id: video, reason: '客户投诉' };
    expectError(await invoke(t, businessApplyCalls.agencyBusinessRevoke, { ...revoke, reason: '' }, admin), 40000);
    expectOk(await invoke(t, businessApplyCalls.agencyBusinessRevoke, revoke, admin));
    expectError(await invoke(t, businessApplyCalls.agencyBusinessRevoke, revoke, admin), 40900);
    expect(await selling(agent.id)).toEqual([]);
    const history = await ok(t, agencyListCalls.agencyHistory, { id: agent.id }, admin);
    expect(history.at(-1)).toMatchObject({ action: 'business_revoke', subject: '短视频代运营（业务申请）', reason: '客户投诉' });
    expectOk(await decide(expectOk(await apply(agent.token, video))!.request_id));
    expect(await selling(agent.id)).toEqual(['短视频代运营（业务申请）']);
  });

  it('asks its operations: the list agency.business_apply.view, a revocation agency.business.revoke, the apps’ calls an app token (50008)', async () => {
    const viewer = await signInWith(t, ['agency.view']);
    expectError(await invoke(t, businessApplyCalls.businessApplyList, { page: 1, limit: 20 }, viewer), 40300);
    expectOk(await invoke(t, businessApplyCalls.agencyBusinesses, { agency_id: 1 }, viewer));
    expectError(await invoke(t, businessApplyCalls.agencyBusinessRevoke, { agency_id: 1, business_id: video, reason: '无权' }, viewer), 40300);
    expectOk(await invoke(t, businessApplyCalls.businessApplyList, { page: 1, limit: 20 }, await signInWith(t, ['agency.business_apply.view'])));
    expectError(await invoke(t, businessApplyCalls.businessApply, { business_id: video, values: FORM }, admin), 50008);
  });

  it.runIf(testEngine === 'postgres')('two approvers approving at once take one decision: the agency sells the business once', async () => {
    await settings({ business_apply_flow_id: flow });
    const staffNum = `ba${Math.random().toString(36).slice(2, 10)}`;
    await ok(t, authCalls.staffAdd, { staff_num: staffNum, name: '业务审核员二', password: 'Staff-Pass-2026', role_ids: [approver.roleId] }, admin);
    const byRole = (await ok(t, approvalCalls.flowAdd, { name: '业务审核（角色）', kind: 'business_apply', steps: [{ approver: 'role', role_id: approver.roleId }] }, admin)).id;
    await settings({ business_apply_flow_id: byRole });
    const agent = await newAgency('业务申请壬');
    const { request_id: id } = expectOk(await apply(agent.token, site))!;
    const twin = await signIn(t, staffNum, 'Staff-Pass-2026');
    const answers = await Promise.all([decide(id, 'approve', '', approver.token), decide(id, 'approve', '', twin)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([20000, 40900]);
    expect((await t.database.db.select().from(approvalAction).where(eq(approvalAction.requestId, id))).filter((row) => row.action === 'approve')).toHaveLength(1);
    expect(await t.database.db.select({ requestId: agencyBusiness.requestId }).from(agencyBusiness).where(eq(agencyBusiness.agencyId, agent.id))).toEqual([{ requestId: id }]);
    expect(await t.database.db.select({ status: agency.status }).from(agency).where(eq(agency.userId, agent.id))).toEqual([{ status: 'active' }]);
  });
});
