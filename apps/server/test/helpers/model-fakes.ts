import Fastify from 'fastify';

/** The key the fake provider takes. */
export const MODEL_KEY = 'sk-test-0123456789abcdef';

/** What the fake provider saw of each chat completion asked of it. */
export interface AskedCompletion {
  authorization: string | undefined;
  model: string;
  messages: { role: string; content: string }[];
  stream: boolean;
}

/**
 * A fake OpenAI-compatible provider (docs/publishing.md › The app centre): `POST /v1/chat/completions` behind a Bearer
 * key, answering the OpenAI shape with its `usage` counts — or, asked to, its errors (401 for a wrong key, 429, 500).
 */
export async function fakeModelProvider() {
  const asked: AskedCompletion[] = [];
  const state: { answer: string; failWith: number | null } = { answer: '你好，我是测试模型。', failWith: null };
  const server = Fastify();
  server.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as { model: string; messages: { role: string; content: string }[]; stream?: boolean };
    asked.push({ authorization: request.headers.authorization, model: body.model, messages: body.messages, stream: body.stream === true });
    if (request.headers.authorization !== `Bearer ${MODEL_KEY}`) return reply.code(401).send({ error: { message: 'Invalid API key', type: 'invalid_request_error', code: 'invalid_api_key' } });
    if (state.failWith) return reply.code(state.failWith).send({ error: { message: `failed with ${state.failWith}`, type: 'server_error' } });
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: `${body.model}-0601`,
      choices: [{ index: 0, message: { role: 'assistant', content: state.answer }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
    };
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as { port: number };
  return { server, asked, state, url: `http://127.0.0.1:${port}/v1` };
}
