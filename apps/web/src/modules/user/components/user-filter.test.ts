import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../../../lib/url-state';
import { activeFilterCount, listQueryOf, USER_LIST_URL } from './user-filter';

const read = (search: string) => readUrlState(new URLSearchParams(search), USER_LIST_URL);
const write = (values: Parameters<typeof writeUrlState<typeof USER_LIST_URL>>[0]) => decodeURIComponent(writeUrlState(values, USER_LIST_URL).toString());

describe('the all-users filter in the URL', () => {
  it('reads every §3 field, the keyword, the account state and the order', () => {
    const state = read(
      'keyword=%E5%BC%A0&type_user=1&system_id=2&authentication_state=2&withdraw_state=0&withdraw_type=3&quantity=5&level=4' +
        '&agency_pw_id=12&pw_id=3&locked=true&time_quantum=2026-01-01&time_quantum=2026-01-31' +
        '&issue_time_quantum=2026-02-01&issue_time_quantum=2026-02-28&sort=order_count&order=asc',
    );
    expect(state).toEqual({
      keyword: '张',
      type_user: 1,
      system_id: 2,
      authentication_state: 2,
      withdraw_state: 0,
      withdraw_type: 3,
      quantity: 5,
      level: 4,
      agency_pw_id: 12,
      pw_id: 3,
      locked: true,
      time_quantum: ['2026-01-01', '2026-01-31'],
      issue_time_quantum: ['2026-02-01', '2026-02-28'],
      sort: 'order_count',
      order: 'asc',
    });
    expect(activeFilterCount(state)).toBe(13);
  });

  it('drops what the contract refuses, so a hand-edited link never sends bad input', () => {
    expect(
      read(
        'type_user=9&quantity=abc&level=-1&pw_id=0&locked=maybe&time_quantum=2026-01-31&time_quantum=2026-01-01' +
          '&issue_time_quantum=2026-02-30&issue_time_quantum=2026-03-01&sort=name&order=up&keyword=' +
          'x'.repeat(41),
      ),
    ).toEqual({});
    // One good field survives among bad ones; `false` is a value, not an absence.
    expect(read('withdraw_state=7&system_id=1&locked=false')).toEqual({ system_id: 1, locked: false });
  });

  it('writes only what is set, leaves the default order out, and repeats the key of a day range', () => {
    expect(write({})).toBe('');
    expect(write({ sort: 'registered_at', order: 'desc' })).toBe('');
    expect(write({ type_user: 2, keyword: '', locked: false, time_quantum: ['2026-03-01', '2026-03-31'], order: 'asc' })).toBe(
      'type_user=2&locked=false&time_quantum=2026-03-01&time_quantum=2026-03-31&order=asc',
    );
  });

  it('reads back what it wrote', () => {
    const state = { quantity: 3, pw_id: 8, issue_time_quantum: ['2026-04-01', '2026-04-02'] as [string, string], sort: 'id' as const };
    expect(read(writeUrlState(state, USER_LIST_URL).toString())).toEqual(state);
  });

  it('sends the default order when the URL names none', () => {
    expect(listQueryOf({ quantity: 1 })).toEqual({ quantity: 1, sort: 'registered_at', order: 'desc' });
  });
});
