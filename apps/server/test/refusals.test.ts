import { authCalls, ErrorCode, informCalls, personnelCalls, type FieldRefusal } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, invokeUnchecked, signInAsAdmin } from './helpers/auth';

/**
 * Refusals (docs/api.md › Refusals): one 40000 names every bad input by its label, in the request's language, with the
 * keys kept in `data.fields` for API clients.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const english = { headers: { 'accept-language': 'en-US,en;q=0.9' } };
const threeBad = { name: '', mobile: '1371741', id_card: '110105199003071234' };

describe('a refused form', () => {
  it('names every bad field at once by its label, in Chinese by default', async () => {
    const answer = await invokeUnchecked(t, personnelCalls.add, threeBad, admin);
    const details = expectError(answer, ErrorCode.VALIDATION);
    expect(details.fields).toEqual<FieldRefusal[]>([
      { field: 'name', label: '姓名', message: '必填' },
      { field: 'id_card', label: '身份证号', message: '不是有效的身份证号（地区、出生日期或校验位不符）' },
      { field: 'mobile', label: '手机号', message: '不是有效的手机号码' },
    ]);
    expect(details.field).toBe('name');
    expect(answer.message).toBe('姓名：必填；身份证号：不是有效的身份证号（地区、出生日期或校验位不符）；手机号：不是有效的手机号码');
  });

  it('speaks English when the request asks for it, keeping the keys', async () => {
    const answer = await invokeUnchecked(t, personnelCalls.add, threeBad, admin, english);
    expect(expectError(answer, ErrorCode.VALIDATION).fields).toEqual<FieldRefusal[]>([
      { field: 'name', label: 'Name', message: 'is required' },
      { field: 'id_card', label: 'ID card number', message: 'not an identity card number (region, birth date, check character)' },
      { field: 'mobile', label: 'Mobile', message: 'not a mobile number' },
    ]);
    expect(answer.message).toBe('Name: is required; ID card number: not an identity card number (region, birth date, check character); Mobile: not a mobile number');
  });

  it("words zod's own issues from their bounds, and names a key the call does not take", async () => {
    const answer = await invokeUnchecked(t, personnelCalls.add, { name: 'x'.repeat(200), gender: 'other', nickname: 'x' }, admin);
    const fields = expectError(answer, ErrorCode.VALIDATION).fields!;
    expect(fields.find((f) => f.field === 'name')).toMatchObject({ label: '姓名', message: expect.stringMatching(/^最多 \d+ 个字符$/) });
    expect(fields.find((f) => f.field === 'gender')).toEqual({ field: 'gender', label: '性别', message: '不是可选的值' });
    expect(fields.find((f) => f.field === 'nickname')).toEqual({ field: 'nickname', label: 'nickname', message: '不接受此字段' });
  });

  it('quotes what was typed in both languages', async () => {
    const event = { code: 'user.verification.approved', enabled: true, channels: ['site'], type: 1, title: '认证通过', content: '{user}，你的{level}已通过' } as const;
    const answer = await invokeUnchecked(t, informCalls.systemEventEdit, event, admin);
    expect(expectError(answer, ErrorCode.VALIDATION).fields).toEqual([{ field: 'content', label: expect.any(String), message: '{level} 不是该事件的参数' }]);
    const inEnglish = await invokeUnchecked(t, informCalls.systemEventEdit, { ...event, content: '{user}: your {grade} passed' }, admin, english);
    expect(expectError(inEnglish, ErrorCode.VALIDATION).fields![0]!.message).toBe('{grade} is not a parameter of this event');
  });

  it("a service's refusal is worded in the request's language too", async () => {
    const answer = await invokeUnchecked(t, authCalls.changeOwnPassword, { old_pwd: 'Not-The-Password-1', new_pwd: 'Brand-New-Pass-2026' }, admin);
    expect(expectError(answer, ErrorCode.VALIDATION).fields).toEqual([{ field: 'old_pwd', label: '原密码', message: '密码不正确' }]);
    const inEnglish = await invokeUnchecked(t, authCalls.changeOwnPassword, { old_pwd: 'Not-The-Password-1', new_pwd: 'Brand-New-Pass-2026' }, admin, english);
    expect(inEnglish.message).toBe('Current password: wrong password');
  });
});
