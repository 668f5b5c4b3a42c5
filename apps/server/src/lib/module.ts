import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Executor } from './db/client';

export interface SeedContext {
  db: Executor;
  log: Logger;
  /** Password for the super-admin on first start; a random one is generated and printed when absent. */
  adminPassword?: string;
  /** Whether to add the demo data (SEED_DEMO=1, the default). */
  demo: boolean;
  /** Data sizes asked for on the command line (`db:seed -- --users 1000000`), by name; a module grows its data to them. */
  sizes?: Record<string, number>;
}

/**
 * A business module as the server sees it: its routes, and its share of the seed. Every seed must be idempotent:
 * it runs at every start and adds only what is missing.
 */
export interface ServerModule {
  name: string;
  routes: FastifyPluginAsync;
  seed?: (ctx: SeedContext) => Promise<void>;
}
