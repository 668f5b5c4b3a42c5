import { LEAD_SOURCES, LEAD_STAGES, departmentCalls, personnelCalls, recruitmentCalls, recruitmentLead } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { testEngine } from './helpers/database';
import { expectError, expectOk, expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { JOURNAL_TABLES, ACTIVITY_COLUMNS, changedTables, snapshotDatabase } from './helpers/snapshot';

/**
 * 招聘线索 beyond what the generated resource tests cover: 转为员工 makes a candidate's staff record and marks the lead,
 * once; the converted stage is the conversion's alone.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

let mobiles = 0;
const nextMobile = () => `137${String(20_000_000 + (mobiles += 1))}`;
const leads = recruitmentLead.calls;
// A resource's calls take its declared fields (docs/resources.md), checked at run time.
const lead = (call: keyof typeof leads, body: Record<string, unknown>) => invokeUnchecked(t, leads[call]!, body, admin);
const addLead = async (values: Record<string, unknown> = {}) =>
  (expectOk(await lead('add', { name: '韩梅梅', mobile: nextMobile(), post: '内容运营', source: LEAD_SOURCES.referral, ...values })) as { id: number }).id;
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });

describe('转为员工 (lead_convert)', () => {
  it('makes a candidate record from the lead, placed where asked, and marks the lead converted', async () => {
    const department = (await ok(t, departmentCalls.add, { name: '内容部', parent_id: 0 }, admin)).id;
    const [company] = await ok(t, personnelCalls.companies, {}, admin);
    const id = await addLead({ name: '李雷', post: '剪辑师' });

    const { staff_id } = await ok(t, recruitmentCalls.convert, { id, company_id: company!.id, department_id: department }, admin);
    const record = await ok(t, personnelCalls.details, { id: staff_id }, admin);
    expect(record).toMatchObject({ name: '李雷', post: '剪辑师', status: 'candidate', company_name: company!.name, department_name: '内容部' });
    expect(expectOk(await lead('details', { id }))).toMatchObject({ stage: LEAD_STAGES.converted });
    const history = await ok(t, personnelCalls.history, { id: staff_id }, admin);
    expect(history.map((entry) => entry.action)).toEqual(['add']);

    // Converted once: a second conversion is refused and makes nothing.
    const before = await snapshot();
    expect(expectError(await invoke(t, recruitmentCalls.convert, { id }, admin), 40900)).toBeDefined();
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('refuses, keeping the lead as it was, when a live staff record holds the mobile or the department does not exist', async () => {
    const mobile = nextMobile();
    await ok(t, personnelCalls.add, { name: '已在职', mobile }, admin);
    const taken = await addLead({ mobile });
    const unplaced = await addLead();
    const before = await snapshot();
    expect(expectError(await invoke(t, recruitmentCalls.convert, { id: taken }, admin), 40900)).toEqual({ field: 'mobile' });
    expectRefused(await invoke(t, recruitmentCalls.convert, { id: unplaced, department_id: 999_999 }, admin), 'department_id', recruitmentCalls.convert);
    expect(expectError(await invoke(t, recruitmentCalls.convert, { id: 999_999 }, admin), 40400)).toBeDefined();
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('leaves 已转员工 to the conversion: no form or action sets it, and a converted lead keeps it, the step in its history', async () => {
    expectRefused(await lead('add', { name: '王五', mobile: nextMobile(), source: LEAD_SOURCES.other, stage: LEAD_STAGES.converted }), 'stage');
    const id = await addLead();
    expectRefused(await lead('edit', { id, stage: LEAD_STAGES.converted }), 'stage');
    await ok(t, recruitmentCalls.convert, { id }, admin);
    expectRefused(await lead('edit', { id, stage: LEAD_STAGES.interviewing }), 'stage');
    for (const [name, call] of Object.entries(recruitmentLead.actionCalls)) {
      const body = recruitmentLead.states!.actions[name]!.bulk ? { ids: [id], reason: '不合适' } : { id };
      expect(expectError(await invokeUnchecked(t, call, body, admin), 40900), name).toMatchObject({ field: 'stage' });
    }
    const history = await ok(t, leads.history!, { id }, admin);
    expect(history.at(-1)).toMatchObject({ action: 'convert', from: LEAD_STAGES.new, to: LEAD_STAGES.converted, staff_name: expect.any(String) });
    // Its other properties stay editable.
    expectOk(await lead('edit', { id, remark: '已入职' }));
  });

  it('is recruitment.lead.convert’s: an editor of leads without it is refused', async () => {
    const id = await addLead();
    const editor = await signInWith(t, ['recruitment.lead.view', 'recruitment.lead.edit']);
    expect((await invoke(t, recruitmentCalls.convert, { id }, editor)).code).toBe(40300);
    const converter = await signInWith(t, ['recruitment.lead.convert']);
    await ok(t, recruitmentCalls.convert, { id }, converter);
  });

  it.runIf(testEngine === 'postgres')('makes one record when the same lead is converted twice at once', async () => {
    const id = await addLead();
    const answers = await Promise.all([0, 1, 2].map(() => invoke(t, recruitmentCalls.convert, { id }, admin)));
    expect(answers.map((answer) => answer.code).sort()).toEqual([20000, 40900, 40900]);
  });
});
