import { appsCalls, LLM_TEST_PROMPT, llmProvider, SECRET_MASK } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { LlmPage } from './llm-page';

vi.setConfig({ testTimeout: 60_000 });

const deepseek = { id: 1, name: 'DeepSeek', base_url: 'https://api.deepseek.com/v1', model: 'deepseek-chat', api_key: SECRET_MASK, remark: '', enabled: true, updated_at: '2026-12-01T08:00:00.000Z' };

describe('大模型设置', () => {
  it('shows the key masked, and 测试 asks the model the prompt given: its answer, tokens and time, or why it failed', async () => {
    const answers = [
      { ok: true, message: '我是 DeepSeek，一个通用的对话模型。', model: 'deepseek-chat', prompt_tokens: 12, completion_tokens: 16, total_tokens: 28, latency_ms: 840 },
      { ok: false, message: 'HTTP 401: Invalid API key', model: null, prompt_tokens: null, completion_tokens: null, total_tokens: null, latency_ms: 95 },
    ];
    let asked = 0;
    const seen = fakeApi({
      [`POST ${llmProvider.calls.list.path}`]: () => answerOf(llmProvider.calls.list, { count: 1, data: [deepseek] }),
      [`POST ${appsCalls.llmTest.path}`]: () => answerOf(appsCalls.llmTest, answers[asked++]!),
    });
    renderInShell(<LlmPage />, { path: llmProvider.menu });
    const row = (await screen.findByText('DeepSeek')).closest('tr')!;
    expect(within(row).getByText(SECRET_MASK)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /测试/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('提问')).toHaveValue(LLM_TEST_PROMPT);
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    expect(await within(dialog).findByText('我是 DeepSeek，一个通用的对话模型。')).toBeInTheDocument();
    expect(within(dialog).getByText('模型 deepseek-chat · 输入 12 tokens · 输出 16 tokens · 共 28 tokens')).toBeInTheDocument();
    expect(within(dialog).getByText('用时 840 毫秒')).toBeInTheDocument();
    expect(seen.find((r) => r.url === appsCalls.llmTest.path)?.body).toEqual({ id: 1, prompt: LLM_TEST_PROMPT });

    await userEvent.clear(within(dialog).getByLabelText('提问'));
    await userEvent.type(within(dialog).getByLabelText('提问'), '写一个装修标题');
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    expect(await within(dialog).findByText('HTTP 401: Invalid API key')).toBeInTheDocument();
    expect(within(dialog).getByText('调用失败')).toBeInTheDocument();
    await waitFor(() => expect(seen.filter((r) => r.url === appsCalls.llmTest.path).at(-1)?.body).toEqual({ id: 1, prompt: '写一个装修标题' }));
  });
});
