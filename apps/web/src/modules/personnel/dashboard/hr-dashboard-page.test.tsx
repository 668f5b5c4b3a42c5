import { personnelCalls, type HrDashboard } from '@juqi/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { getInstanceByDom, type ECElementEvent } from 'echarts/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { currentUrl, renderInShell } from '../../../test/render-in-shell';
import { HrDashboardPage } from './hr-dashboard-page';

vi.setConfig({ testTimeout: 60_000 });

// jsdom lays nothing out and has no canvas: give the charts a box, and let ECharts estimate text widths itself.
const box = { clientWidth: 600, clientHeight: 300 };
beforeAll(() => {
  for (const [key, value] of Object.entries(box)) vi.spyOn(HTMLElement.prototype, key as keyof typeof box, 'get').mockReturnValue(value);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterAll(() => vi.restoreAllMocks());

const answer: HrDashboard = {
  today: '2026-04-16',
  statuses: { candidate: 2, probation: 5, regular: 30, resigning: 3, resigned: 9 },
  departments: [
    { id: 3, name: '研发部', probation: 3, regular: 20, resigning: 1 },
    { id: 8, name: '销售部', probation: 2, regular: 10, resigning: 2 },
  ],
  months: Array.from({ length: 12 }, (_, i) => ({ month: `${i < 9 ? 2025 : 2026}-${String(((i + 4) % 12) + 1).padStart(2, '0')}`, joiners: i, leavers: 0 })),
  probation_ending: {
    count: 12,
    items: [{ id: 41, name: '张一', department_id: 3, department_name: '研发部', probation_end: '2026-04-16' }],
    overdue: { count: 131, items: [{ id: 43, name: '孙三', department_id: 8, department_name: '销售部', probation_end: '2023-04-16' }] },
  },
  contracts_ending: { count: 1, items: [{ id: 42, name: '王二', department_id: null, department_name: null, contract_end: '2026-04-20' }], overdue: { count: 0, items: [] } },
  leaving_due: { count: 0, items: [], overdue: { count: 1, items: [{ id: 44, name: '赵四', department_id: 3, department_name: '研发部', leaving_date: '2026-04-01' }] } },
  pending_approvals: null,
};

/** Clicks an item of the chart named `label`, as ECharts reports a click on it. */
function clickChartItem(label: string, item: { seriesId: string; dataIndex: number }) {
  const chart = getInstanceByDom(screen.getByRole('img', { name: label }))!;
  // Only what the page reads of the event: which series, which of its data.
  act(() => void chart.trigger('click', { componentType: 'series', ...item } as Partial<ECElementEvent> as ECElementEvent));
}

/** The card of this title. */
const card = (title: string) => screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
/** The texts of a card's table, row by row. */
const rowsOf = (title: string) => within(card(title)).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('HrDashboardPage', () => {
  it('shows the figures and the lists, and a click on a department’s segment opens 员工管理 filtered by it', async () => {
    fakeApi({ 'POST /api/personnel/dashboard': () => answerOf(personnelCalls.dashboard, answer) });
    renderInShell(<HrDashboardPage />, { path: '/human/dashboard', routes: ['/man/employee'] });

    const inOffice = (await screen.findByText('在职')).closest('.ant-card') as HTMLElement;
    expect(within(inOffice).getByText('38')).toBeInTheDocument();
    expect(within(screen.getByText('本月入职').closest('.ant-card') as HTMLElement).getByText('11')).toBeInTheDocument();
    expect(within(screen.getByText('待审批').closest('.ant-card') as HTMLElement).getByText('暂无')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '张一' })).toHaveAttribute('href', '/man/employee?name=%E5%BC%A0%E4%B8%80&department=3&status=probation');
    expect(screen.getByText('今天')).toBeInTheDocument();
    expect(screen.getByText('未分配部门')).toBeInTheDocument();

    // ECharts drew the bars' axis with the departments' names.
    expect(screen.getByRole('img', { name: '各部门在职人数柱状图，按状态分段' }).querySelector('svg')?.textContent).toContain('研发部');
    clickChartItem('各部门在职人数柱状图，按状态分段', { seriesId: 'resigning', dataIndex: 1 });
    await waitFor(() => expect(currentUrl()).toBe('/man/employee?department=8&status=resigning'));
  });

  it('shows those overdue apart from those due within 30 days, first and marked, with how many of each', async () => {
    fakeApi({ 'POST /api/personnel/dashboard': () => answerOf(personnelCalls.dashboard, answer) });
    renderInShell(<HrDashboardPage />, { path: '/human/dashboard', routes: ['/man/employee'] });
    await screen.findByText('试用期到期');

    // 131 probations ended long ago are not "none within 30 days".
    expect(within(card('试用期到期')).getByText('已逾期 131 人')).toBeInTheDocument();
    expect(within(card('试用期到期')).getByText('30 天内 12 人')).toBeInTheDocument();
    expect(rowsOf('试用期到期')).toEqual([
      ['孙三', '销售部', '2023-04-16', '逾期 1096 天'],
      ['张一', '研发部', '2026-04-16', '今天'],
    ]);
    expect(within(card('试用期到期')).getByText('逾期与 30 天内到期的各列出日期最早的 10 人')).toBeInTheDocument();

    // A leaving date gone by while the record is still resigning.
    expect(within(card('离职日期')).getByText('已逾期 1 人')).toBeInTheDocument();
    expect(rowsOf('离职日期')).toEqual([['赵四', '研发部', '2026-04-01', '逾期 15 天']]);
    expect(within(card('离职日期')).getByRole('link', { name: '赵四' })).toHaveAttribute('href', '/man/employee?name=%E8%B5%B5%E5%9B%9B&department=3&status=resigning');

    // Nothing overdue: no mark, and the whole list shown.
    expect(within(card('合同到期')).queryByText(/已逾期/)).toBeNull();
    expect(rowsOf('合同到期')).toEqual([['王二', '未分配部门', '2026-04-20', '4 天后']]);
    expect(within(card('合同到期')).queryByText(/各列出/)).toBeNull();
  });

  it('a click on a month’s joiners opens who joined that month', async () => {
    fakeApi({ 'POST /api/personnel/dashboard': () => answerOf(personnelCalls.dashboard, answer) });
    renderInShell(<HrDashboardPage />, { path: '/human/dashboard', routes: ['/man/employee'] });
    await screen.findByText('在职');
    clickChartItem('近 12 个月每月入职与离职人数柱状图', { seriesId: 'joiners', dataIndex: 10 });
    await waitFor(() => expect(currentUrl()).toBe('/man/employee?reportFrom=2026-03-01&reportTo=2026-03-31&status=probation%2Cregular%2Cresigning%2Cresigned'));
  });

  it('leads nowhere for staff who may not open 员工管理', async () => {
    fakeApi({ 'POST /api/personnel/dashboard': () => answerOf(personnelCalls.dashboard, answer) });
    renderInShell(<HrDashboardPage />, { path: '/human/dashboard' });
    await screen.findByText('在职');
    expect(screen.queryByRole('link')).toBeNull();
    clickChartItem('各部门在职人数柱状图，按状态分段', { seriesId: 'regular', dataIndex: 0 });
    expect(currentUrl()).toBe('/human/dashboard');
  });
});
