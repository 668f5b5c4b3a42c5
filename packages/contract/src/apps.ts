import { z } from 'zod';
import { defineCall, fields, operation } from './call';
import { defineContractModule } from './contract-module';
import { WEB_ADDRESS } from './publishing';
import { defineResource } from './resource';

/** The shortest provider key kept: real ones are far longer; shorter is a typo. */
export const LLM_KEY_MIN = 8;
/** What 测试 asks a model when no prompt is given. */
export const LLM_TEST_PROMPT = '用一句话介绍你自己。';

/**
 * 大模型设置: the large-model providers — any OpenAI-compatible chat-completions API (DeepSeek, Qwen through DashScope's
 * compatible mode, Moonshot, a local vLLM…) by its base URL, the model to ask, and its key (a `secret`: sealed at rest,
 * never answered). The apps that write titles and keywords ask the provider 应用设置 names (docs/publishing.md › The
 * app centre).
 */
export const llmProvider = defineResource({
  module: 'apps',
  thing: 'llm_provider',
  menu: '/permission/application/llm',
  label: { 'zh-CN': '大模型', 'en-US': 'Large language model' },
  operations: { view: 'apps.llm.view', add: 'apps.llm.edit', edit: 'apps.llm.edit', delete: 'apps.llm.edit', export: 'apps.llm.export' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    base_url: {
      kind: 'text',
      label: { 'zh-CN': '接口地址', 'en-US': 'Base URL' },
      max: 255,
      required: true,
      pattern: WEB_ADDRESS,
      hint: {
        'zh-CN': 'OpenAI 兼容接口的地址（到 /v1 为止），如 https://api.deepseek.com/v1；须为 https',
        'en-US': 'The OpenAI-compatible API’s address (up to /v1), e.g. https://api.deepseek.com/v1; https only',
      },
    },
    model: { kind: 'text', label: { 'zh-CN': '模型', 'en-US': 'Model' }, max: 60, required: true, hint: { 'zh-CN': '如 deepseek-chat、qwen-plus', 'en-US': 'e.g. deepseek-chat, qwen-plus' } },
    api_key: {
      kind: 'secret',
      label: { 'zh-CN': '密钥', 'en-US': 'API key' },
      min: LLM_KEY_MIN,
      max: 200,
      required: true,
      hint: { 'zh-CN': '服务商控制台中的 API Key；加密保存，不再显示', 'en-US': 'The API key from the provider’s console; kept encrypted, never shown again' },
    },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'base_url', 'model', 'api_key', 'enabled', 'updated_at'],
  keyword: ['name', 'model'],
  filters: { enabled: 'equals' },
  order: { by: 'id', direction: 'asc' },
  names: 'llm_provider',
});

/** What 测试 found: the model's answer, its token counts and the time taken; a refusal is an answer too (ok false). */
export const llmTestResult = z.object({
  ok: z.boolean(),
  /** The model's words, or the provider's refusal (`HTTP 401: …`). */
  message: z.string(),
  /** The model that answered, as the provider names it. */
  model: z.string().nullable(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  total_tokens: z.number().int().nullable(),
  latency_ms: z.number().int(),
});
export type LlmTestResult = z.output<typeof llmTestResult>;

export const appsCalls = {
  llmTest: defineCall({
    method: 'POST',
    path: '/api/apps/llm_test',
    tag: 'apps',
    summary: 'Asks a provider’s model one question with the kept key (测试): its answer, the tokens it counted and the time taken; a refusal or an unreachable provider is an answer saying so',
    permission: operation('apps.llm.edit'),
    labels: { prompt: { 'zh-CN': '提问', 'en-US': 'Prompt' } },
    body: z.object({ id: fields.id, prompt: fields.text(500).min(1).optional() }).strict(),
    data: llmTestResult,
  }),
};

/** The apps' share of the contract (`contractModules`): so far the large-model providers. */
export const appsContract = defineContractModule({ name: 'apps', calls: appsCalls, resources: [llmProvider] });
