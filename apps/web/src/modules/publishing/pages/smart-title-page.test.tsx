import { publishingCalls, titleTemplate } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { SmartTitlePage } from './smart-title-page';

vi.setConfig({ testTimeout: 60_000 });

describe('智能标题生成', () => {
  it('makes titles from the templates, says no model is configured, and keeps the chosen ones but one too long', async () => {
    const seen = fakeApi({
      [`POST ${titleTemplate.calls.list.path}`]: () => answerOf(titleTemplate.calls.list, { count: 0, data: [] }),
      [`POST ${publishingCalls.titleGenerate.path}`]: () =>
        answerOf(publishingCalls.titleGenerate, {
          source: 'template',
          titles: [
            { template_id: 1, template_name: '城市推荐', title: '杭州装修公司哪家好？', too_long: false },
            { template_id: 2, template_name: '避坑指南', title: '选装修公司前必看的5个避坑要点', too_long: false },
            { template_id: 3, template_name: '很长', title: '长'.repeat(101), too_long: true },
          ],
        }),
      [`POST ${publishingCalls.titleSave.path}`]: () => answerOf(publishingCalls.titleSave, { ids: [8] }),
    });
    renderInShell(<SmartTitlePage />, { path: '/automatic_publishing_tool/material/smart_title' });
    expect(screen.getByText(/尚未配置大模型/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('关键词'), '装修公司');
    await userEvent.type(screen.getByLabelText('城市'), '杭州');
    await userEvent.click(screen.getByRole('button', { name: /生成标题/ }));
    expect(await screen.findByText('生成了 3 个标题')).toBeInTheDocument();
    expect(seen.find((r) => r.url === publishingCalls.titleGenerate.path)?.body).toEqual({ keyword: '装修公司', city: '杭州' });
    expect(screen.getByRole('checkbox', { name: /杭州装修公司哪家好/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /超过 100 字/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: /避坑要点/ }));
    await userEvent.click(screen.getByRole('button', { name: /保存为素材（1）/ }));
    expect(await screen.findByText(/已保存 1 条素材/)).toBeInTheDocument();
    await waitFor(() => expect(seen.find((r) => r.url === publishingCalls.titleSave.path)?.body).toEqual({ keyword: '装修公司', titles: ['杭州装修公司哪家好？'] }));
  });
});
