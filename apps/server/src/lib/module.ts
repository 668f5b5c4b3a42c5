import type { UploadScope } from '@juqi/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Executor } from './db/client';

/** A file the server makes itself (the demo's documents), kept as an upload at a fixed path. */
export interface ServerMadeFile {
  /** A path of the upload form `{module}/{yyyy}/{mm}/{32 hex}.{ext}`. */
  path: string;
  /** The name it is downloaded under. */
  name: string;
  scope: UploadScope;
  bytes: Buffer;
}

/** Stores server-made files as uploads (the file module's `serverFileStore`). */
export interface ServerFileStore {
  /** Stores and records the file unless an upload is already recorded at its path: safe to repeat. */
  keep(file: ServerMadeFile): Promise<void>;
}

export interface SeedContext {
  db: Executor;
  log: Logger;
  /** Password for the super-admin on first start; a random one is generated and printed when absent. */
  adminPassword?: string;
  /** Whether to add the demo data (SEED_DEMO=1, the default). */
  demo: boolean;
  /** Data sizes asked for on the command line (`db:seed -- --users 1000000`), by name; a module grows its data to them. */
  sizes?: Record<string, number>;
  /** Where seeds keep the files they ship; without it (benchmarks) they store none. */
  files?: ServerFileStore;
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
