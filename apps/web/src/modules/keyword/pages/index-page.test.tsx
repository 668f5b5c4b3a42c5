import { fieldLookupCalls, keywordCalls, keywordIndex } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getInstanceByDom } from 'echarts/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { currentUrl, renderInShell } from '../../../test/render-in-shell';
import { IndexPage } from './index-page';

vi.setConfig({ testTimeout: 60_000 });

// jsdom lays nothing out and has no canvas: give the chart a box, and let ECharts estimate text widths itself.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(240);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterAll(() => vi.restoreAllMocks());

const row = { id: 9, keyword_id: 5, period: 2, period_start: '2026-11-30', value: 120, source: '', updated_at: '2026-12-01T08:00:00.000Z' };

function serve() {
  return fakeApi({
    [`POST ${keywordIndex.calls.list.path}`]: () => answerOf(keywordIndex.calls.list, { count: 1, data: [row] }),
    [`POST ${fieldLookupCalls.lookup.path}`]: () => answerOf(fieldLookupCalls.lookup, { available: true, items: [{ id: 5, name: '装修公司' }] }),
    [`POST ${keywordCalls.indexTrend.path}`]: () =>
      answerOf(keywordCalls.indexTrend, [
        { period_start: '2026-11-23', value: 90 },
        { period_start: '2026-11-30', value: 120 },
      ]),
  });
}

describe('指数管理', () => {
  it('asks for a keyword before drawing a trend, and 查看趋势 filters the list by the row’s keyword and period', async () => {
    const seen = serve();
    renderInShell(<IndexPage />, { path: keywordIndex.menu });
    expect(await screen.findByText(/按关键词筛选后/)).toBeInTheDocument();
    expect(seen.some((r) => r.url === keywordCalls.indexTrend.path)).toBe(false);

    await userEvent.click(await screen.findByRole('button', { name: /更\s*多/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /查看趋势/ }));
    await waitFor(() => expect(currentUrl()).toBe(`${keywordIndex.menu}?keyword_id=5&period=2`));
    const chart = await screen.findByRole('img', { name: '指数趋势（周）' });
    expect(seen.find((r) => r.url === keywordCalls.indexTrend.path)?.body).toEqual({ keyword_id: 5, period: 2 });
    const option = getInstanceByDom(chart)!.getOption() as { xAxis: { data: string[] }[]; series: { data: number[] }[] };
    expect(option.xAxis[0]!.data).toEqual(['2026-11-23', '2026-11-30']);
    expect(option.series[0]!.data).toEqual([90, 120]);
  });
});
