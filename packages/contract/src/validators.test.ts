import { describe, expect, it } from 'vitest';
import { checkExtendQuantity, checkQuantity, isEmail, isIdCardNumber, isPhone, maskIdCardNumber, splitMultiValue } from './validators';

describe('isPhone (§5)', () => {
  it.each([
    '13800138000',
    '+8613800138000',
    '08613800138000',
    '+08613800138000',
    '010-12345678',
    '0755-1234567',
    '+86-13800138000',
    '21-123456',
    ' 13800138000 ',
  ])('accepts %s', (value) => expect(isPhone(value)).toBe(true));

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['null', null],
    ['undefined', undefined],
    ['seven digits: too short', '1234567'],
    ['two digits and five: too short', '12-12345'],
    ['sixteen digits: too long', '1234567890123456'],
    ['a second plus', '++8613800138000'],
    ['plus not leading', '86+13800138000'],
    ['two hyphens', '010-1234-5678'],
    ['hyphen first', '-13800138000'],
    ['letters', '1380013800a'],
    ['spaces inside', '138 0013 8000'],
    ['one-digit area code before the hyphen', '1-12345678'],
  ])('refuses %s', (_label, value) => expect(isPhone(value)).toBe(false));

  it('allows the optional 0 on top of the longest number, and nothing beyond', () => {
    expect(isPhone('0123456789012345')).toBe(true); // 0 + 4 + 11
    expect(isPhone('+0123456789012345')).toBe(true);
    expect(isPhone('1123456789012345')).toBe(false); // 16 digits without the 0
    expect(isPhone('00123456789012345')).toBe(false);
  });
});

describe('isEmail (§5)', () => {
  it.each(['a@b.cn', 'first.last@example.com', 'x_y-z@mail.example.info', 'A.B@Sub-Domain.Example.ORG', ' me@qq.com '])(
    'accepts %s',
    (value) => expect(isEmail(value)).toBe(true),
  );

  it.each([
    ['empty', ''],
    ['null', null],
    ['no at-sign', 'example.com'],
    ['two at-signs', 'a@@b.com'],
    ['no local part', '@example.com'],
    ['no domain', 'a@.com'],
    ['no top-level domain', 'a@example'],
    ['one-letter top-level domain', 'a@example.c'],
    ['five-letter top-level domain', 'a@example.comms'],
    ['digits in the top-level domain', 'a@example.c0m'],
    ['plus in the local part', 'a+tag@example.com'],
    ['space inside', 'a b@example.com'],
    ['trailing dot', 'a@example.com.'],
    ['empty domain label', 'a@example..com'],
  ])('refuses %s', (_label, value) => expect(isEmail(value)).toBe(false));
});

describe('multi-value extension counts (§5)', () => {
  it('splits on ASCII and full-width commas, trimming and dropping empty entries', () => {
    expect(splitMultiValue('a, b,,c ，d,')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitMultiValue('')).toEqual([]);
    expect(splitMultiValue(' , ')).toEqual([]);
    expect(splitMultiValue(null)).toEqual([]);
    expect(splitMultiValue(['x', ' ', 'y'])).toEqual(['x', 'y']);
  });

  const limits = { extend_quantity_min: 2, extend_quantity_max: 3 };

  it('passes from min to max entries inclusive', () => {
    expect(checkExtendQuantity('a,b', limits)).toEqual({ count: 2, min: 2, max: 3, problem: null });
    expect(checkExtendQuantity('a,b,c', limits).problem).toBeNull();
  });

  it('refuses one fewer than min and one more than max', () => {
    expect(checkExtendQuantity('a', limits).problem).toBe('too-few');
    expect(checkExtendQuantity('', limits)).toMatchObject({ count: 0, problem: 'too-few' });
    expect(checkExtendQuantity('a,b,c,d', limits)).toMatchObject({ count: 4, problem: 'too-many' });
  });

  it('checks only the bounds that are set (0, empty and null are no limit); form strings count as numbers', () => {
    expect(checkExtendQuantity('a,b,c,d,e', {}).problem).toBeNull();
    expect(checkExtendQuantity('', { extend_quantity_min: 0, extend_quantity_max: 0 }).problem).toBeNull();
    expect(checkExtendQuantity('a,b,c', { extend_quantity_max: '2' }).problem).toBe('too-many');
    expect(checkExtendQuantity('a', { extend_quantity_min: '2', extend_quantity_max: null }).problem).toBe('too-few');
    expect(checkExtendQuantity('a,b,c', { extend_quantity_min: '', extend_quantity_max: 'x' })).toMatchObject({ min: null, max: null, problem: null });
  });

  it('does not count blank entries towards the minimum', () => {
    expect(checkExtendQuantity('a, ,', { extend_quantity_min: 2 }).problem).toBe('too-few');
  });

  it('applies the same bounds to a count of list items', () => {
    expect(checkQuantity(1, limits).problem).toBe('too-few');
    expect(checkQuantity(3, limits)).toEqual({ count: 3, min: 2, max: 3, problem: null });
    expect(checkQuantity(4, limits).problem).toBe('too-many');
    expect(checkQuantity(99, {}).problem).toBeNull();
  });
});

describe('isIdCardNumber (GB 11643)', () => {
  const today = new Date('2026-11-26T00:00:00Z');
  // GB 11643's own example, in lower case, with spaces, a leap day, and a birth this year.
  it.each(['11010519491231002X', '11010519491231002x', ' 31010419900307123X ', '440300200002290051', '110105202601010035'])('accepts %s', (value) =>
    expect(isIdCardNumber(value, today)).toBe(true),
  );

  it.each([
    ['a wrong check character', '110105194912310021'],
    ['one digit changed', '11010519491231012X'],
    ['17 characters', '11010519491231002'],
    ['a letter inside', '1101051949123A002X'],
    ['a leading 0', '01010519491231002X'],
    ['30 February', '110105200002300012'],
    ['a birth after today', '110105202712010012'],
    ['a birth before 1900', '110105189912310012'],
    ['empty', ''],
    ['null', null],
  ])('refuses %s', (_why, value) => expect(isIdCardNumber(value, today)).toBe(false));

  it('refuses every other check character of a valid number', () => {
    const body = '11010519491231002';
    for (const check of '0123456789') expect(isIdCardNumber(`${body}${check}`, today)).toBe(false);
  });
});

describe('maskIdCardNumber', () => {
  it('hides the birth date, and everything of a value that is not 18 characters', () => {
    expect(maskIdCardNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCardNumber('12345')).toBe('*****');
  });
});
