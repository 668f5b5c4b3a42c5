import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-errors';
import { showOnField } from './form-errors';

const formSpy = () => {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
};

/** A 40000 as the server answers it: every bad field, labelled, and a message joining them. */
const refused = (...fields: [field: string, label: string, message: string][]) =>
  new ApiError(
    40000,
    fields.map(([, label, message]) => `${label}：${message}`).join('；'),
    { field: fields[0]![0], fields: fields.map(([field, label, message]) => ({ field, label, message })) },
  );

describe('showOnField', () => {
  it('puts every field of a 40000 beside its input, each with its own reason and no label', () => {
    const { form, setFields } = formSpy();
    expect(showOnField(form, refused(['name', '姓名', '必填'], ['mobile', '手机号', '不是有效的手机号码']), ['name', 'mobile'])).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['name'], errors: ['必填'] },
      { name: ['mobile'], errors: ['不是有效的手机号码'] },
    ]);
  });

  it('a listed dotted name is a nested field; an unlisted one lands on its first part', () => {
    const { form, setFields } = formSpy();
    showOnField(form, refused(['params.task', '参数 · 任务', '模板需要此参数']), ['params.task', 'staff_ids']);
    showOnField(form, refused(['staff_ids.0', '员工 1', '不是在职员工']), ['params.task', 'staff_ids']);
    expect(setFields.mock.calls).toEqual([
      [[{ name: ['params', 'task'], errors: ['模板需要此参数'] }]],
      [[{ name: ['staff_ids'], errors: ['不是在职员工'] }]],
    ]);
  });

  it('a 40900 takes the local text given for its field; other errors and unknown fields are left to the toast', () => {
    const { form, setFields } = formSpy();
    expect(showOnField(form, new ApiError(40900, 'a pop-up template of this name exists', { field: 'name' }), ['name'], { name: '已有同名的弹窗模板' })).toBe(true);
    expect(showOnField(form, refused(['other', 'other', '格式不正确']), ['name'])).toBe(false);
    expect(showOnField(form, new ApiError(40300, 'forbidden', null), ['name'])).toBe(false);
    expect(setFields.mock.calls).toEqual([[[{ name: ['name'], errors: ['已有同名的弹窗模板'] }]]]);
  });
});
