import { calendarCalls, type WorkTime } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi, type SeenRequest } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { WorkTimePage } from './work-time-page';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const stored: WorkTime = { work_days: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '18:00', break_start: '12:00', break_end: '13:00' };

function api() {
  return fakeApi({
    'GET /api/calendar/work_time_details': () => answerOf(calendarCalls.workTimeDetails, stored),
    'POST /api/calendar/work_time_edit': ({ body }) => answerOf(calendarCalls.workTimeEdit, body as WorkTime),
  });
}
const saves = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/calendar/work_time_edit');

/** Types a time into an antd TimePicker and leaves it (Enter would also submit the form). */
async function setTime(label: string, time: string) {
  const input = screen.getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, time);
  await user.tab();
}

describe('WorkTimePage', () => {
  it('shows the working week and hours, and saves Saturday as a working day', async () => {
    const seen = api();
    renderInShell(<WorkTimePage />);
    expect(await screen.findByLabelText('周一')).toBeChecked();
    expect(screen.getByLabelText('周六')).not.toBeChecked();
    expect(screen.getByLabelText('上班时间')).toHaveValue('09:00');
    expect(screen.getByText('每周工作 5 天，每天工作 8 小时')).toBeInTheDocument();

    await user.click(screen.getByLabelText('周六'));
    expect(await screen.findByText('每周工作 6 天，每天工作 8 小时')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves(seen)).toHaveLength(1));
    expect(saves(seen)[0]!.body).toEqual({ ...stored, work_days: [1, 2, 3, 4, 5, 6] });
    expect(await screen.findByText('时间设置已保存')).toBeInTheDocument();
  });

  it('refuses hours that end before they start, or a week without working days, sending nothing', async () => {
    const seen = api();
    renderInShell(<WorkTimePage />);
    await screen.findByLabelText('下班时间');
    await setTime('下班时间', '08:00');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('下班时间须晚于上班时间')).toBeInTheDocument();

    await setTime('下班时间', '18:00');
    for (const day of ['周一', '周二', '周三', '周四', '周五']) await user.click(screen.getByLabelText(day));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请至少选择一个工作日')).toBeInTheDocument();
    expect(saves(seen).map((r) => r.body)).toEqual([]);
  });

  it('drops the lunch break when it is switched off', async () => {
    const seen = api();
    renderInShell(<WorkTimePage />);
    await user.click(await screen.findByRole('switch', { name: '午休' }));
    expect(screen.queryByLabelText('午休开始')).toBeNull();
    expect(await screen.findByText('每周工作 5 天，每天工作 9 小时')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves(seen)).toHaveLength(1));
    expect(saves(seen)[0]!.body).toEqual({ ...stored, break_start: null, break_end: null });
  });

  it('shows the settings read-only to a staff who may only view them', async () => {
    api();
    renderInShell(<WorkTimePage />, { profile: staffWith('calendar.time.view') });
    expect(await screen.findByLabelText('上班时间')).toBeDisabled();
    expect(screen.getByText('您没有修改权限，仅可查看')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('says so when the staff may not view the settings', async () => {
    fakeApi({ 'GET /api/calendar/work_time_details': () => fail(40300, '没有权限执行此操作') });
    renderInShell(<WorkTimePage />, { profile: staffWith() });
    expect(await screen.findByText('没有权限查看此页面')).toBeInTheDocument();
  });
});
