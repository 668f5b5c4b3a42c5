import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** `log` writes codes to the log and the outbox; `http` posts them to SMS_HTTP_URL. */
  SMS_SENDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Set when the server sits behind a reverse proxy, so client IPs come from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  adminPassword?: string;
  seedDemo: boolean;
  sms: { sender: 'log' | 'http'; httpUrl?: string; httpToken?: string };
  trustProxy: boolean;
  /** Folder holding the built web app; served at `/`. */
  webRoot: string;
}

export const defaultWebRoot = path.resolve(import.meta.dirname, '../public');

/** A wrong environment: reported as a plain message, no stack. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as shells and .env files usually intend.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_SENDER === 'http' && !e.SMS_HTTP_URL) throw new ConfigError('Invalid environment:\n  SMS_HTTP_URL: required when SMS_SENDER=http');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    logLevel: e.LOG_LEVEL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === '1',
    sms: { sender: e.SMS_SENDER, httpUrl: e.SMS_HTTP_URL, httpToken: e.SMS_HTTP_TOKEN },
    trustProxy: e.TRUST_PROXY === '1',
    webRoot: defaultWebRoot,
  };
}
