import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and index.html for every
 * unknown non-API GET so the client's history-mode routes survive a reload.
 */
export default fp(async (app) => {
  const root = app.config.webRoot;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('sendWebApp', (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root));
  app.get('/', { config: { permission: 'public' } }, (_request, reply) => app.sendWebApp(reply));
});
