import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-errors';
import { showOnField } from './form-errors';

const formSpy = () => {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
};

describe('showOnField', () => {
  it('puts a 40000 on the field data.field names, without the "field: " prefix', () => {
    const { form, setFields } = formSpy();
    expect(showOnField(form, new ApiError(40000, 'title: at most 100 characters', { field: 'title' }), ['title'])).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: ['title'], errors: ['at most 100 characters'] }]);
  });

  it('a listed dotted name is a nested field; an unlisted one lands on its first part', () => {
    const { form, setFields } = formSpy();
    showOnField(form, new ApiError(40000, 'params.task: required by the template', { field: 'params.task' }), ['params.task', 'staff_ids']);
    showOnField(form, new ApiError(40000, 'staff_ids.0: not active staff: 9', null), ['params.task', 'staff_ids']);
    expect(setFields.mock.calls).toEqual([
      [[{ name: ['params', 'task'], errors: ['required by the template'] }]],
      [[{ name: ['staff_ids'], errors: ['not active staff: 9'] }]],
    ]);
  });

  it('a 40900 takes the local text given for its field; other errors and unknown fields are left to the toast', () => {
    const { form, setFields } = formSpy();
    expect(showOnField(form, new ApiError(40900, 'name: a pop-up template of this name exists', { field: 'name' }), ['name'], { name: '已有同名的弹窗模板' })).toBe(true);
    expect(showOnField(form, new ApiError(40000, 'other: bad', { field: 'other' }), ['name'])).toBe(false);
    expect(showOnField(form, new ApiError(40300, 'forbidden', null), ['name'])).toBe(false);
    expect(setFields.mock.calls).toEqual([[[{ name: ['name'], errors: ['已有同名的弹窗模板'] }]]]);
  });
});
