import { calendarCalls, SPECIAL_DAY_KINDS, type DayStatus } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, ok, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { CalendarPage } from './calendar-page';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const PATH = '/permission/calendar/calendar';
const { holiday, workday } = SPECIAL_DAY_KINDS;
type Special = NonNullable<DayStatus['special']> & { day: string };

/** What the server would answer for `[from, to]`: the work week, and the special days among them. */
function statusOf(from: string, to: string, specials: Special[], workDays = [1, 2, 3, 4, 5]) {
  const days: DayStatus[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); at.toISOString().slice(0, 10) <= to; at.setUTCDate(at.getUTCDate() + 1)) {
    const day = at.toISOString().slice(0, 10);
    const weekday = ((at.getUTCDay() + 6) % 7) + 1;
    const found = specials.find((s) => s.day === day);
    const special = found ? { id: found.id, kind: found.kind, name: found.name } : null;
    days.push({ day, weekday, working: special ? special.kind === workday : workDays.includes(weekday), special });
  }
  return answerOf(calendarCalls.dayStatus, { work_days: workDays, days });
}

/** A calendar over `specials`, which the fake server's writes change as the real one would. */
function api(specials: Special[]) {
  let nextId = 100;
  return fakeApi({
    'POST /api/calendar/day_status': ({ body }) => {
      const { from, to } = body as { from: string; to: string };
      return statusOf(from, to, specials);
    },
    'POST /api/calendar/day_list': () => ok({ count: specials.length, data: specials.map((s) => ({ ...s, updated_at: '2026-11-01T00:00:00.000Z' })) }),
    'POST /api/calendar/day_add': ({ body }) => {
      const added = { id: nextId++, ...(body as Omit<Special, 'id'>) };
      specials.push(added);
      return ok({ id: added.id });
    },
    'POST /api/calendar/day_edit': ({ body }) => {
      const { id, ...changes } = body as Partial<Special> & { id: number };
      Object.assign(specials.find((s) => s.id === id)!, changes);
      return ok(null);
    },
    'POST /api/calendar/day_del': ({ body }) => {
      specials.splice(
        specials.findIndex((s) => s.id === (body as { id: number }).id),
        1,
      );
      return ok(null);
    },
  });
}

const dayButton = (day: string) => screen.findByRole('button', { name: new RegExp(`^${day} `) });
const requests = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url);

describe('CalendarPage', () => {
  it('shows each day of the month as working or rest, with the special days’ names', async () => {
    const seen = api([
      { id: 1, day: '2026-10-01', kind: holiday, name: '国庆节' },
      { id: 2, day: '2026-10-10', kind: workday, name: '国庆节调休' },
    ]);
    renderInShell(<CalendarPage />, { path: `${PATH}?month=2026-10` });

    expect(await screen.findByText('2026年10月')).toBeInTheDocument();
    expect(await dayButton('2026-10-01')).toHaveAccessibleName('2026-10-01 周四，休息日，节假日：国庆节');
    expect(await dayButton('2026-10-10')).toHaveAccessibleName('2026-10-10 周六，工作日，调休上班：国庆节调休');
    expect(await dayButton('2026-10-17')).toHaveAccessibleName('2026-10-17 周六，休息日');
    expect(await dayButton('2026-10-16')).toHaveAccessibleName('2026-10-16 周五，工作日');
    // The grid's six weeks, whatever day they start on: a week either side of the month.
    expect(requests(seen, '/api/calendar/day_status')[0]!.body).toEqual({ from: '2026-09-24', to: '2026-11-12' });
    // The year's list, a page of the declared size.
    expect(requests(seen, '/api/calendar/day_list')[0]!.body).toEqual({ day: ['2026-01-01', '2026-12-31'], page: 1, limit: 50 });
    const list = screen.getByText('2026 年节假日与调休').closest('.ant-card') as HTMLElement;
    expect(within(list).getByText('国庆节调休')).toBeInTheDocument();
  });

  it('marks a working day as a holiday with a name, shows it as rest, and sets it back to the working week', async () => {
    const seen = api([]);
    renderInShell(<CalendarPage />, { path: `${PATH}?month=2026-11` });
    await user.click(await dayButton('2026-11-11'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2026-11-11 周三')).toBeInTheDocument();
    expect(within(dialog).getByText('按工作周为工作日')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('节假日'));
    // A holiday takes a name: its field shows once the choice is made.
    const name = await within(dialog).findByRole('textbox', { name: '名称' });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入名称')).toBeInTheDocument();
    expect(requests(seen, '/api/calendar/day_add')).toHaveLength(0);

    fireEvent.change(name, { target: { value: ' 公司年会 ' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(seen, '/api/calendar/day_add')[0]!.body).toEqual({ day: '2026-11-11', kind: holiday, name: '公司年会' });
    await waitFor(async () => expect(await dayButton('2026-11-11')).toHaveAccessibleName('2026-11-11 周三，休息日，节假日：公司年会'));

    await user.click(await dayButton('2026-11-11'));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByLabelText('名称')).toHaveValue('公司年会');
    await user.click(within(again).getByLabelText('按工作周（工作日）'));
    await user.click(within(again).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(seen, '/api/calendar/day_del')[0]!.body).toEqual({ id: 100 });
    await waitFor(async () => expect(await dayButton('2026-11-11')).toHaveAccessibleName('2026-11-11 周三，工作日'));
  });

  it('turns the month, keeping it in the URL', async () => {
    const seen = api([]);
    renderInShell(<CalendarPage />, { path: `${PATH}?month=2026-12` });
    expect(await screen.findByText('2026年12月')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下个月' }));
    expect(await screen.findByText('2027年1月')).toBeInTheDocument();
    expect(currentUrl()).toBe(`${PATH}?month=2027-01`);
    await waitFor(() => expect(requests(seen, '/api/calendar/day_status').at(-1)!.body).toEqual({ from: '2026-12-25', to: '2027-02-12' }));
    // A new year, a new list.
    await waitFor(() => expect(requests(seen, '/api/calendar/day_list').at(-1)!.body).toMatchObject({ day: ['2027-01-01', '2027-12-31'] }));
  });

  it('shows a day without letting a staff who may only view the calendar change it', async () => {
    api([{ id: 1, day: '2026-10-01', kind: holiday, name: '国庆节' }]);
    renderInShell(<CalendarPage />, { path: `${PATH}?month=2026-10`, profile: staffWith('calendar.day.view') });
    await user.click(await dayButton('2026-10-01'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('节假日')).toBeChecked();
    expect(within(dialog).getByLabelText('节假日')).toBeDisabled();
    expect(within(dialog).getByLabelText('名称')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
