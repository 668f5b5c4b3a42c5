import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The browser-side rules, on every answer (the web app, the API, errors and 404s alike). Why each CSP source is there
 * is written in docs/security.md › Headers; in short:
 * - scripts only from this origin, never inline (the built web app has none; a test checks the build);
 * - styles from this origin plus inline: antd 6 writes its CSS-in-JS into `<style>` elements at run time and React sets
 *   `style` attributes; a nonce would need index.html rendered per request and still not cover the attributes;
 * - pictures also from any https host (user avatars and pictures inside rich text live on the marketplace's hosts),
 *   `data:` (inline icons) and `blob:` (previews of files being uploaded);
 * - no framing at all, no plugins, forms and `<base>` only to this origin.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  // No `upgrade-insecure-requests` (helmet's default has it): the server is often reached over plain HTTP inside an
  // office network, where upgrading every subresource to https would break the page. Behind TLS, HSTS does that job.
};

const helmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Uploaded files are shown by this app only; other sites may not embed them.
  crossOriginResourcePolicy: { policy: 'same-origin' },
} as const;

/**
 * The headers helmet sets for these options. They are the same on every answer, so helmet works them out once, at
 * boot, and each answer only copies them (helmet's Fastify plugin rebuilt the middleware on every request).
 */
function securityHeaderValues(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Worked out once, as they are the same on every answer; envelope.ts also sets them where no hook runs. */
export const securityHeaderEntries: readonly (readonly [string, string])[] = Object.entries(securityHeaderValues());

export default fp(async (app) => {
  // On the raw answer, as helmet does: hijacked answers (the notification stream) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaderEntries) reply.raw.setHeader(name, value);
    done();
  });
});
