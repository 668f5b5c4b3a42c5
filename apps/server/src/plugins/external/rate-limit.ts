import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Limits are opted into per use (`app.createRateLimit`), keyed on the route's normalised path, never the raw URL. */
export default fp(async (app) => {
  await app.register(rateLimit, { global: false });
});
