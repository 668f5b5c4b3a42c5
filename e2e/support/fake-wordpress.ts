import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A WordPress site's REST API as the publishing adapter uses it (docs/publishing.md › Accounts and adapters): the user
 * behind an application password, and posts made and searched by slug, on 127.0.0.1 (the browser journeys' server
 * reaches it with OUTBOUND_PRIVATE_HOSTS=1).
 */
export async function startFakeWordPress(user: string, password: string) {
  const posts: { id: number; slug: string; title: string; link: string }[] = [];
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`) return answer(401, { code: 'rest_not_logged_in', message: 'You are not currently logged in.' });
    const url = new URL(request.url ?? '/', 'http://wordpress');
    if (request.method === 'GET' && url.pathname === '/wp-json/wp/v2/users/me') return answer(200, { id: 1, name: 'Site Editor' });
    if (request.method === 'GET' && url.pathname === '/wp-json/wp/v2/posts') return answer(200, posts.filter((post) => post.slug === url.searchParams.get('slug')));
    if (request.method === 'POST' && url.pathname === '/wp-json/wp/v2/posts') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const { title, slug } = JSON.parse(body) as { title: string; slug: string };
        const post = { id: 200 + posts.length, slug, title, link: `https://blog.example.com/?p=${200 + posts.length}` };
        posts.push(post);
        answer(201, { id: post.id, link: post.link });
      });
      return undefined;
    }
    return answer(404, { code: 'rest_no_route', message: 'No route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { posts, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
