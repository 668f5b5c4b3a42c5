import { LLM_TEST_PROMPT, type LlmTestResult } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { outboundFetch } from '../../lib/http/outbound';
import type { SecretBox } from '../../lib/secrets';
import { llmProvider } from './table';

/**
 * The host of the fake provider FAKE_MODEL=1 answers in the process (docs/publishing.md › The app centre): `.invalid`
 * never resolves, so without FAKE_MODEL a provider pointing there fails as an unknown host would.
 */
export const FAKE_MODEL_HOST = 'fake-model.invalid';
/** A model's whole answer, streamed or not. */
const MODEL_TIMEOUT_MS = 60_000;

export interface ProviderWithKey {
  id: number;
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string;
  enabled: boolean;
}

export interface Completion {
  text: string;
  model: string | null;
  usage: { prompt: number; completion: number; total: number } | null;
  latencyMs: number;
}

/** A model's refusal or an unreachable provider, in the words 测试 and the callers show. */
export class ModelFailure extends Error {
  override name = 'ModelFailure';
}

/** The fake provider's token count of a text: its characters over two. */
const fakeTokens = (text: string) => Math.max(1, Math.ceil(text.length / 2));

/**
 * The fake provider: an OpenAI-shaped chat completion made here, its tokens counted as characters over two — enough for
 * a demonstration and for the metering to have something to count, with no network and no key.
 */
const fakeModelFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const body = (await request.json()) as { model: string; messages: { role: string; content: string }[] };
  const asked = body.messages.map((one) => one.content).join('\n');
  const answer = `这是演示模型（FAKE_MODEL）的回答，没有调用真实的大模型。你问的是：${asked.slice(0, 40)}`;
  return Response.json({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
    usage: { prompt_tokens: fakeTokens(asked), completion_tokens: fakeTokens(answer), total_tokens: fakeTokens(asked) + fakeTokens(answer) },
  });
};

/**
 * The large models (docs/publishing.md › The app centre): any OpenAI-compatible chat-completions API, asked through the
 * `openai` package over the outbound rules (https, no internal address; docs/security.md › Outbound requests), its key
 * opened only for the request. No retries here: a caller that meters tokens decides.
 */
export class ModelService {
  constructor(
    private readonly db: Executor,
    private readonly secrets: SecretBox,
    private readonly options: { privateHosts: boolean; fakeModel: boolean },
  ) {}

  async provider(id: number): Promise<ProviderWithKey> {
    const [row] = await this.db.select().from(llmProvider).where(eq(llmProvider.id, id));
    if (!row) throw AppError.notFound({ 'zh-CN': '大模型不存在', 'en-US': 'No such large language model' });
    return { id: row.id, name: row.name, baseUrl: row.baseUrl, model: row.model, apiKey: row.apiKey ? this.secrets.openFor(row.apiKey, 'api_key') : '', enabled: row.enabled };
  }

  /** One chat completion, whole; a refusal or a failure to reach the provider is a ModelFailure saying which. */
  async complete(provider: ProviderWithKey, messages: { role: 'system' | 'user'; content: string }[], maxTokens = 512): Promise<Completion> {
    const started = performance.now();
    try {
      const answer = await this.client(provider).chat.completions.create({ model: provider.model, messages, max_tokens: maxTokens });
      const usage = answer.usage;
      return {
        text: answer.choices[0]?.message.content ?? '',
        model: answer.model ?? null,
        usage: usage ? { prompt: usage.prompt_tokens, completion: usage.completion_tokens, total: usage.total_tokens } : null,
        latencyMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      throw new ModelFailure(failureText(error));
    }
  }

  /** 测试: one question with the kept key; what the provider said, or why it did not answer. */
  async test(id: number, prompt = LLM_TEST_PROMPT): Promise<LlmTestResult> {
    const provider = await this.provider(id);
    const started = performance.now();
    try {
      const answer = await this.complete(provider, [{ role: 'user', content: prompt }], 200);
      return { ok: true, message: answer.text, model: answer.model, prompt_tokens: answer.usage?.prompt ?? null, completion_tokens: answer.usage?.completion ?? null, total_tokens: answer.usage?.total ?? null, latency_ms: answer.latencyMs };
    } catch (error) {
      if (!(error instanceof ModelFailure)) throw error;
      return { ok: false, message: error.message, model: null, prompt_tokens: null, completion_tokens: null, total_tokens: null, latency_ms: Math.round(performance.now() - started) };
    }
  }

  private client(provider: ProviderWithKey): OpenAI {
    const fake = this.options.fakeModel && new URL(provider.baseUrl).hostname === FAKE_MODEL_HOST;
    return new OpenAI({
      // The client asks for a key; a provider kept without one (the demo's fake) sends a placeholder the fake ignores.
      apiKey: provider.apiKey || 'none',
      baseURL: provider.baseUrl,
      fetch: fake ? fakeModelFetch : outboundFetch({ privateHosts: this.options.privateHosts }, MODEL_TIMEOUT_MS),
      maxRetries: 0,
      timeout: MODEL_TIMEOUT_MS,
    });
  }
}

/** `HTTP 401: Invalid API key`, or what kept the request from an answer. */
function failureText(error: unknown): string {
  if (error instanceof OpenAI.APIError && error.status) {
    const said = (error.error as { message?: string } | undefined)?.message ?? error.message;
    return `HTTP ${error.status}: ${said}`.slice(0, 500);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    return `连接失败：${cause}`.slice(0, 500);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
