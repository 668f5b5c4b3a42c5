import { agencyApplicationCalls, agencyBasicSettings, approvalCalls, appUserAuthCalls, authCalls, regionResource, relevanceCalls } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agency, approvalAction, approvalRequest, users } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { createStaffWith, expectError, expectOk, invoke, ok, signIn, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { insertUser } from './helpers/users';

/**
 * 代理申请 (docs/marketplace.md › Applications): an application filed in the apps or by staff walks 基础设置's flow
 * through the approval engine; its last approval makes the user an agency in the same transaction.
 */
let t: TestApp;
let admin: string;
/** The one approver of the flow, and a second for the two-step flow. */
let first: Awaited<ReturnType<typeof createStaffWith>>;
let second: Awaited<ReturnType<typeof createStaffWith>>;
let oneStep: number;
let twoSteps: number;
const HANGZHOU = '330100';
const FORM = { real_name: '张三', mobile: '13800001111', company_name: '杭州星火传媒', team_size: 'small' };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  first = await createStaffWith(t, []);
  second = await createStaffWith(t, []);
  const flow = async (name: string, accounts: number[]) =>
    (await ok(t, approvalCalls.flowAdd, { name, kind: 'agency_apply', steps: accounts.map((account_id) => ({ approver: 'account' as const, account_id })) }, admin)).id;
  oneStep = await flow('代理审核', [first.staffId]);
  twoSteps = await flow('代理两级审核', [first.staffId, second.staffId]);
  const east = (await ok(t, regionResource.calls.add!, { name: '华东大区（代理）' }, admin)).id;
  await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [HANGZHOU] }, admin);
});
afterAll(() => t?.close());

const settings = (values: Partial<typeof agencyBasicSettings.defaults>) => ok(t, agencyBasicSettings.calls.edit, { ...agencyBasicSettings.defaults, ...values }, admin);
const applicant = (values: Parameters<typeof insertUser>[1] = {}) => insertUser(t, { typeUser: 2, authenticationState: 2, name: '张三', ...values });
const details = (id: number, token: string) => ok(t, approvalCalls.requestDetails, { id }, token);
const decide = async (id: number, step: number, as: { token: string }, decision: 'approve' | 'reject' = 'approve', comment = '') =>
  invoke(t, decision === 'approve' ? approvalCalls.approve : approvalCalls.reject, { id, step, comment }, as.token);

describe('代理申请', () => {
  it('is refused until 基础设置 chooses a flow serving it (40000 naming flow), and 基础设置 takes only such a flow', async () => {
    await settings({ apply_flow_id: null });
    const user = await applicant();
    expect(expectError(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: user.id, city_code: HANGZHOU, values: FORM }, admin), 40000)).toMatchObject({ field: 'flow' });
    const transferFlow = (await ok(t, approvalCalls.flowAdd, { name: '调岗（非代理）', kind: 'transfer', steps: [{ approver: 'account', account_id: first.staffId }] }, admin)).id;
    expect(expectError(await invoke(t, agencyBasicSettings.calls.edit, { ...agencyBasicSettings.defaults, apply_flow_id: transferFlow }, admin), 40000)).toMatchObject({ field: 'apply_flow_id' });
    await settings({ apply_flow_id: oneStep });
    // A flow chosen is in use: it cannot be deleted.
    expectError(await invoke(t, approvalCalls.flowDelete, { id: oneStep }, admin), 40900);
  });

  it('from the apps: the applicant follows it, the approver’s approval makes them an agency of its city’s region at the entry level', async () => {
    await settings({ apply_flow_id: oneStep });
    const user = await applicant({ level: 3 });
    const token = await signInAppUser(t, user.id);
    expect(await ok(t, agencyApplicationCalls.applyStatus, undefined, token)).toEqual({ is_agency: false, application: null });
    const { request_id: id } = await ok(t, agencyApplicationCalls.apply, { city_code: HANGZHOU, values: { ...FORM, real_name: ' 张三 ' } }, token);

    // The to-do and the request name the applicant as an app user; nobody is told in the staff's notices but the approver.
    const todo = await ok(t, approvalCalls.todoList, { kind: 'agency_apply', page: 1, limit: 20 }, first.token);
    expect(todo.data.find((row) => row.id === id)).toMatchObject({ requester: { id: user.id, name: '张三' }, requester_type: 'app_user', summary: '城市 杭州市 · 张三 · 杭州星火传媒' });
    const shown = await details(id, first.token);
    expect(shown.actions.map((action) => [action.action, action.actor_type, action.actor.id])).toEqual([['submit', 'app_user', user.id]]);
    expect(shown.payload).toEqual({ city_code: HANGZHOU, values: { ...FORM, experience: null, customer_resources: null, remark: null } });
    expect(await ok(t, agencyApplicationCalls.applyStatus, undefined, token)).toMatchObject({ is_agency: false, application: { id, state: 'pending' } });

    expectOk(await decide(id, 0, first));
    const [after] = await t.database.db.select({ typeUser: users.typeUser, level: users.level }).from(users).where(eq(users.id, user.id));
    expect(after).toEqual({ typeUser: 1, level: 0 });
    const [row] = await t.database.db.select().from(agency).where(eq(agency.userId, user.id));
    expect(row).toMatchObject({ status: 'active', cityCode: HANGZHOU, applicationId: id, extra: { real_name: '张三', company_name: '杭州星火传媒' } });
    expect(row!.regionId).toEqual(expect.any(Number));
    expect(await ok(t, agencyApplicationCalls.applyStatus, undefined, token)).toMatchObject({ is_agency: true, application: { id, state: 'approved', comment: '' } });
    // An agency does not apply again.
    expectError(await invoke(t, agencyApplicationCalls.apply, { city_code: HANGZHOU, values: FORM }, token), 40900);
  });

  it('is refused at filing: not verified (40900), one waiting already (40900), a city not enabled, a form value the form refuses (40000 under values)', async () => {
    await settings({ apply_flow_id: oneStep });
    const unverified = await applicant({ authenticationState: 0 });
    expectError(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: unverified.id, city_code: HANGZHOU, values: FORM }, admin), 40900);
    await settings({ apply_flow_id: oneStep, require_verified: false });
    expectOk(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: unverified.id, city_code: HANGZHOU, values: FORM }, admin));
    expectError(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: unverified.id, city_code: HANGZHOU, values: FORM }, admin), 40900);
    await settings({ apply_flow_id: oneStep });

    const user = await applicant();
    expect(expectError(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: user.id, city_code: '999999', values: FORM }, admin), 40000)).toMatchObject({ field: 'city_code' });
    expect(expectError(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: user.id, city_code: HANGZHOU, values: { ...FORM, real_name: '' } }, admin), 40000)).toMatchObject({ field: 'values.real_name' });
    expect(expectError(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: user.id, city_code: HANGZHOU, values: { ...FORM, team_size: 'huge' } }, admin), 40000)).toMatchObject({ field: 'values.team_size' });
    expect(await t.database.db.select().from(approvalRequest).where(eq(approvalRequest.subjectId, user.id))).toEqual([]);
  });

  it('walks a two-step flow; a rejection keeps the user ordinary, and the applicant reads its comment', async () => {
    await settings({ apply_flow_id: twoSteps });
    const user = await applicant();
    const { request_id: id } = await ok(t, agencyApplicationCalls.applicationAdd, { user_id: user.id, city_code: HANGZHOU, values: FORM }, admin);
    expect((await details(id, first.token)).requester_type).toBe('staff');
    expectOk(await decide(id, 0, first));
    expectOk(await decide(id, 1, second, 'reject', '资料不全，请补充客户资源'));
    const token = await signInAppUser(t, user.id);
    expect(await ok(t, agencyApplicationCalls.applyStatus, undefined, token)).toMatchObject({ is_agency: false, application: { id, state: 'rejected', comment: '资料不全，请补充客户资源' } });
    const [after] = await t.database.db.select({ typeUser: users.typeUser }).from(users).where(eq(users.id, user.id));
    expect(after!.typeUser).toBe(2);
    // Filed again, from the apps this time.
    expectOk(await invoke(t, agencyApplicationCalls.apply, { city_code: HANGZHOU, values: FORM }, token));
  });

  it('is withdrawn by its applicant only while it waits: another’s is 40400, a decided one 40900', async () => {
    await settings({ apply_flow_id: oneStep });
    const [mine, other] = [await applicant(), await applicant()];
    const [myToken, otherToken] = [await signInAppUser(t, mine.id), await signInAppUser(t, other.id)];
    const { request_id: id } = await ok(t, agencyApplicationCalls.apply, { city_code: HANGZHOU, values: FORM }, myToken);
    expectError(await invoke(t, agencyApplicationCalls.applyWithdraw, { id }, otherToken), 40400);
    expectOk(await invoke(t, agencyApplicationCalls.applyWithdraw, { id }, myToken));
    expectError(await invoke(t, agencyApplicationCalls.applyWithdraw, { id }, myToken), 40900);
    expectError(await decide(id, 0, first), 40900);
    expect(await ok(t, agencyApplicationCalls.applyStatus, undefined, myToken)).toMatchObject({ application: { id, state: 'withdrawn' } });
    // Staff do not withdraw an applicant's request for them.
    const { request_id: again } = await ok(t, agencyApplicationCalls.apply, { city_code: HANGZHOU, values: FORM }, myToken);
    expectError(await invoke(t, approvalCalls.withdraw, { id: again, comment: '' }, admin), 40300);
  });

  it('offers staff filing one 代理申请表’s fields, the enabled cities, and ordinary users by name or mobile', async () => {
    const { form, cities } = await ok(t, agencyApplicationCalls.applicationOptions, undefined, admin);
    expect(form.slice(0, 2).map((field) => field.key)).toEqual(['real_name', 'mobile']);
    expect(cities.map((city) => city.code)).toContain(HANGZHOU);
    const user = await applicant({ name: '候选人甲', mobile: '13911112222', authenticationState: 0 });
    await insertUser(t, { name: '候选人代理', typeUser: 1, mobile: '13911113333' });
    const found = await ok(t, agencyApplicationCalls.applicationCandidates, { keyword: '候选人' }, admin);
    expect(found).toEqual([{ id: user.id, name: '候选人甲', mobile: '13911112222', verified: false }]);
    expect(await ok(t, agencyApplicationCalls.applicationCandidates, { keyword: '1391111222' }, admin)).toEqual(found);
    expect(await ok(t, agencyApplicationCalls.applicationCandidates, { ids: [user.id] }, admin)).toEqual(found);
    const viewer = await signInWith(t, ['agency.view']);
    expectError(await invoke(t, agencyApplicationCalls.applicationOptions, undefined, viewer), 40300);
    expectError(await invoke(t, agencyApplicationCalls.applicationCandidates, {}, viewer), 40300);
  });

  it('is filed by staff only with agency.add (40300), and the apps’ calls only with an app token (50008)', async () => {
    const user = await applicant();
    expectError(await invoke(t, agencyApplicationCalls.applicationAdd, { user_id: user.id, city_code: HANGZHOU, values: FORM }, await signInWith(t, ['agency.basic.view'])), 40300);
    expectError(await invoke(t, agencyApplicationCalls.apply, { city_code: HANGZHOU, values: FORM }, admin), 50008);
    expectError(await invoke(t, appUserAuthCalls.info, {}, admin), 50008);
  });

  it.runIf(testEngine === 'postgres')('takes one decision when two approvers of its step approve at once: the user made an agency once', async () => {
    // A role step held by two accounts: the first approver's role, given to a second account too.
    const staffNum = `ag${Math.random().toString(36).slice(2, 10)}`;
    const { id: twinId } = await ok(t, authCalls.staffAdd, { staff_num: staffNum, name: '代理审核员二', password: 'Staff-Pass-2026', role_ids: [first.roleId] }, admin);
    const twin = { token: await signIn(t, staffNum, 'Staff-Pass-2026'), staffId: twinId };
    const byRole = (await ok(t, approvalCalls.flowAdd, { name: '代理审核（角色）', kind: 'agency_apply', steps: [{ approver: 'role', role_id: first.roleId }] }, admin)).id;
    await settings({ apply_flow_id: byRole });
    const user = await applicant();
    const { request_id: id } = await ok(t, agencyApplicationCalls.applicationAdd, { user_id: user.id, city_code: HANGZHOU, values: FORM }, admin);
    const answers = await Promise.all([decide(id, 0, first), decide(id, 0, twin)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([20000, 40900]);
    const decisions = await t.database.db.select().from(approvalAction).where(eq(approvalAction.requestId, id));
    expect(decisions.filter((row) => row.action === 'approve')).toHaveLength(1);
    expect(await t.database.db.select({ applicationId: agency.applicationId }).from(agency).where(eq(agency.userId, user.id))).toEqual([{ applicationId: id }]);
  });
});
