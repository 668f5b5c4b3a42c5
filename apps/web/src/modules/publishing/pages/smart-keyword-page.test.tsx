import { fieldLookupCalls, publishingCalls, type SuggestedKeyword } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { SmartKeywordPage } from './smart-keyword-page';

vi.setConfig({ testTimeout: 60_000 });

const candidate = (id: number, word: string, rest: Partial<SuggestedKeyword> = {}): SuggestedKeyword => ({
  id,
  word,
  type_id: 1,
  type_name: '行业词',
  industry_id: null,
  industry_name: null,
  index_value: null,
  index_period: null,
  index_start: null,
  kept: false,
  ...rest,
});

describe('智能关键词', () => {
  it('lists the library’s related keywords with their latest index, those kept not offered, and adds the chosen with a tag', async () => {
    const seen = fakeApi({
      [`POST ${publishingCalls.keywordSuggest.path}`]: () =>
        answerOf(publishingCalls.keywordSuggest, {
          source: 'library',
          seed: '装修公司',
          seed_known: true,
          keywords: [candidate(3, '杭州装修公司', { type_name: '地域词', index_value: 12500, index_period: 1, index_start: '2026-12-01' }), candidate(4, '装修报价', { kept: true }), candidate(5, '装修公司排名')],
        }),
      [`POST ${publishingCalls.keywordKeep.path}`]: () => answerOf(publishingCalls.keywordKeep, { added: 2, unchanged: 0 }),
      [`POST ${fieldLookupCalls.lookup.path}`]: () => answerOf(fieldLookupCalls.lookup, { available: true, items: [{ id: 9, name: '地域拓展' }] }),
    });
    renderInShell(<SmartKeywordPage />, { path: '/automatic_publishing_tool/material/smart_keyword' });
    expect(await screen.findByText(/尚未配置大模型/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('种子词'), '装修公司');
    await userEvent.click(screen.getByRole('button', { name: /查\s*找/ }));

    expect(await screen.findByText(/总关键词库中有“装修公司”/)).toBeInTheDocument();
    const first = screen.getByText('杭州装修公司').closest('tr')!;
    expect(within(first).getByText('12,500')).toBeInTheDocument();
    expect(within(first).getByText('日·2026-12-01')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '装修报价' })).toBeDisabled();
    expect(within(screen.getByText('装修报价').closest('tr')!).getByText('已在关键词中')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: '杭州装修公司' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '装修公司排名' }));
    await userEvent.click(screen.getByLabelText('拓展词标签'));
    await userEvent.click(await screen.findByText('地域拓展', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(screen.getByRole('button', { name: '添加到关键词（2）' }));
    expect(await screen.findByText('已添加 2 个关键词')).toBeInTheDocument();
    await waitFor(() => expect(seen.find((r) => r.url === publishingCalls.keywordKeep.path)?.body).toEqual({ library_ids: [3, 5], label_id: 9 }));
    expect(seen.find((r) => r.url === publishingCalls.keywordSuggest.path)?.body).toEqual({ seed: '装修公司' });
    // Added, they are kept now: no longer offered.
    expect(screen.getByRole('checkbox', { name: '杭州装修公司' })).toBeDisabled();
  });
});
