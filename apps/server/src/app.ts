import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './lib/db/client';
import './lib/http/types';
import { systemClock, type Clock } from './lib/clock';
import { answerWriter } from './lib/http/answer-writer';
import { JobQueue, type JobQueueOptions } from './lib/jobs/queue';
import type { ServerModule } from './lib/module';
import { embeddedKey, SecretBox } from './lib/secrets';
import { secretRotation } from './lib/secret-rotation';
import { serverModules } from './modules';
import access from './plugins/app/access';
import envelope, { clientErrorHandler, frameworkErrors } from './plugins/app/envelope';
import requestContext from './plugins/app/request-context';
import web from './plugins/app/web';
import bodyParsers from './plugins/external/body-parsers';
import cookie from './plugins/external/cookie';
import multipart from './plugins/external/multipart';
import openapi from './plugins/external/openapi';
import rateLimit from './plugins/external/rate-limit';
import securityHeaders from './plugins/external/security-headers';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  logger: FastifyBaseLogger;
  /** The business modules to load; all of them unless a test narrows it. */
  modules?: ServerModule[];
  /** The services' time; tests move it forward. */
  clock?: Clock;
  /** The job queue; this process works it unless a test says otherwise. */
  jobs?: JobQueueOptions;
  /** Also check every answer against its contract with zod (lib/http/answer-writer.ts): the tests do. */
  checkAnswers?: boolean;
}

/**
 * Fastify 5.12 ignores a bare hop count (it then trusts nobody, since a count cannot tell a proxy from a client that
 * connects directly), so a count becomes a trust function: the peer and the last n-1 X-Forwarded-For entries are
 * proxies. That holds only where clients reach the server through the proxies alone (README › TRUST_PROXY).
 */
function proxyTrust(trust: AppConfig['trustProxy']) {
  if (Array.isArray(trust)) return trust;
  return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
}

/** Builds the app without listening. Plugins load in the order external → app → modules. */
export async function buildApp({
  config,
  database,
  logger,
  modules = serverModules,
  clock = systemClock,
  jobs = { work: true },
  checkAnswers = false,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Route limits key on the route, not the raw URL; trailing slashes and doubled slashes are one route.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Refusals Fastify makes before any hook runs still answer the envelope with the security headers.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerWriter(checkAnswers));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', clock);
  const { current, previous, keyFile } = config.secrets;
  app.decorate('secrets', new SecretBox({ current: current ?? (keyFile ? embeddedKey(keyFile) : undefined), previous }));
  // Modules declare their jobs' handlers while they register; the queue is worked once they all have.
  const jobQueue = new JobQueue(database, logger, jobs);
  app.decorate('jobs', jobQueue);
  app.addHook('onReady', () => jobQueue.start());
  app.addHook('onClose', () => jobQueue.stop());

  await app.register(securityHeaders);
  await app.register(bodyParsers);
  await app.register(cookie);
  await app.register(multipart);
  await app.register(openapi);
  await app.register(rateLimit);

  await app.register(requestContext);
  await app.register(envelope);
  await app.register(access);
  await app.register(web);

  for (const module of modules) await app.register(module.routes);
  secretRotation(app);
  return app;
}
