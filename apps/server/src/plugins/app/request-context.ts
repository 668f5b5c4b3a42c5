import { localeFromHeader, type Locale } from '@juqi/contract';
import fp from 'fastify-plugin';

/** Per-request facts every handler may use: the answer language and the signed-in staff. */
export default fp(async (app) => {
  app.decorateRequest('locale', {
    getter(): Locale {
      return localeFromHeader(this.headers['accept-language']);
    },
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('appUser', null);
});
