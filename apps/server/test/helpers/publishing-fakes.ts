import { createHmac } from 'node:crypto';
import Fastify from 'fastify';

/**
 * Local fakes of the platforms the publishing adapters reach (docs/publishing.md › Accounts and adapters): a WordPress
 * answering its REST shape and its errors, and a customer's webhook receiver checking the signature.
 */

export const WP_USER = 'editor';
export const WP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
export const HOOK_SECRET = 'whsec-0123456789abcdef';

/** What the fake WordPress does with the next post: make it, refuse it for a while, fail, or make it and hang up. */
export type WordPressMode = { kind: 'ok' } | { kind: 'limited'; retryAfter: string } | { kind: 'broken' } | { kind: 'made-then-cut' };

/** A fake WordPress: `/wp-json/wp/v2/users/me` and `/wp-json/wp/v2/posts` (create, and search by slug), behind Basic auth. */
export async function fakeWordPress() {
  const posts: { id: number; slug: string; title: string; link: string; at: number }[] = [];
  const state: { mode: WordPressMode } = { mode: { kind: 'ok' } };
  const server = Fastify();
  server.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Basic ${Buffer.from(`${WP_USER}:${WP_PASSWORD}`).toString('base64')}`)
      return reply.code(401).send({ code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } });
  });
  server.get('/wp-json/wp/v2/users/me', async () => ({ id: 1, name: 'Site Editor' }));
  server.get('/wp-json/wp/v2/posts', async (request) => posts.filter((post) => post.slug === (request.query as { slug?: string }).slug));
  server.post('/wp-json/wp/v2/posts', async (request, reply) => {
    const { mode } = state;
    if (mode.kind === 'limited') return reply.code(429).header('retry-after', mode.retryAfter).send({ code: 'too_many', message: 'Slow down' });
    if (mode.kind === 'broken') return reply.code(503).send({ code: 'down', message: 'Database error' });
    const body = request.body as { title: string; slug: string; status: string };
    const post = { id: 100 + posts.length, slug: body.slug, title: body.title, link: `https://blog.example.com/?p=${100 + posts.length}`, at: Date.now() };
    posts.push(post);
    if (mode.kind === 'made-then-cut') {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    return reply.code(201).send({ id: post.id, link: post.link, status: body.status });
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, posts, state, url: `http://127.0.0.1:${(server.server.address() as { port: number }).port}` };
}

/** A customer's webhook receiver: checks the signature and the timestamp's age, keeps one post per key. */
export async function fakeReceiver() {
  const made = new Map<string, { title: string }>();
  const deliveries: string[] = [];
  const server = Fastify();
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  server.post('/hook', async (request, reply) => {
    const body = request.body as string;
    const timestamp = Number(request.headers['x-juqi-timestamp']);
    const expected = `sha256=${createHmac('sha256', HOOK_SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
    if (request.headers['x-juqi-signature'] !== expected || Math.abs(Date.now() / 1000 - timestamp) > 300) return reply.code(401).send({ message: 'bad signature' });
    const payload = JSON.parse(body) as { event: string; key?: string; title?: string };
    deliveries.push(payload.event);
    if (payload.event === 'check') return { ok: true };
    if (!made.has(payload.key!)) made.set(payload.key!, { title: payload.title! });
    return { post_id: `hook-${payload.key}`, url: `https://shop.example.com/news/${payload.key}` };
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, made, deliveries, url: `http://127.0.0.1:${(server.server.address() as { port: number }).port}/hook` };
}
