import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the contract's schemas: UI at /api/docs, document at /api/docs/openapi.json. */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '聚企中台 API',
        description:
          'Every JSON answer is the envelope {code, message, data}; code 20000 is success. ' +
          'Send the session token as the X-Token header. Each operation states its permission.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation routes are public by declaration, like every other /api route.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, permission: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    docs.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });
});
