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
  probation_ending: { count: 12, items: [{ id: 41, name: '张一', department_id: 3, department_name: '研发部', probation_end: '2026-04-16' }] },
  contracts_ending: { count: 1, items: [{ id: 42, name: '王二', department_id: null, department_name: null, contract_end: '2026-04-20' }] },
  pending_approvals: null,
};

/** Clicks an item of the chart named `label`, as ECharts reports a click on it. */
function clickChartItem(label: string, item: { seriesId: string; dataIndex: number }) {
  const chart = getInstanceByDom(screen.getByRole('img', { name: label }))!;
  // Only what the page reads of the event: which series, which of its data.
  act(() => void chart.trigger('click', { componentType: 'series', ...item } as Partial<ECElementEvent> as ECElementEvent));
}

describe('HrDashboardPage', () => {
  it('shows the figures and the lists, and a click on a department’s segment opens 员工管理 filtered by it', async () => {
    fakeApi({ 'POST /api/personnel/dashboard': () => answerOf(personnelCalls.dashboard, answer) });
    renderInShell(<HrDashboardPage />, { path: '/human/dashboard', routes: ['/man/employee'] });

    const inOffice = (await screen.findByText('在职')).closest('.ant-card') as HTMLElement;
    expect(within(inOffice).getByText('38')).toBeInTheDocument();
    expect(within(screen.getByText('本月入职').closest('.ant-card') as HTMLElement).getByText('11')).toBeInTheDocument();
    expect(within(screen.getByText('待审批').closest('.ant-card') as HTMLElement).getByText('暂无')).toBeInTheDocument();
    expect(screen.getByText('共 12 人，列出最近 1 人')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '张一' })).toHaveAttribute('href', '/man/employee?name=%E5%BC%A0%E4%B8%80&department=3&status=probation');
    expect(screen.getByText('今天')).toBeInTheDocument();
    expect(screen.getByText('未分配部门')).toBeInTheDocument();

    // ECharts drew the bars' axis with the departments' names.
    expect(screen.getByRole('img', { name: '各部门在职人数柱状图，按状态分段' }).querySelector('svg')?.textContent).toContain('研发部');
    clickChartItem('各部门在职人数柱状图，按状态分段', { seriesId: 'resigning', dataIndex: 1 });
    await waitFor(() => expect(currentUrl()).toBe('/man/employee?department=8&status=resigning'));
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
