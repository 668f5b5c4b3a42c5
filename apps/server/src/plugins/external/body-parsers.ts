import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';

/** JSON is built in; staff tools and older clients also post form-urlencoded bodies. */
export default fp(async (app) => {
  await app.register(formbody);
});
