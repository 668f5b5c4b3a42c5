import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SECRET_KEY_BYTES } from './lib/secrets';

const TRUST_PROXY_RULE =
  'must be 0 (no proxy), a hop count such as 1 (the address the nearest proxy saw is the client), ' +
  'or a comma-separated list of proxy addresses or CIDRs such as 10.0.0.5,172.16.0.0/12; ' +
  'trusting every hop would let clients choose their IP';

/** An IPv4 or IPv6 address, optionally with a prefix length (CIDR). */
function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** Whom to believe in X-Forwarded-For: a hop count (0: nobody) or the proxies' addresses; never `true` (every hop). */
const trustProxy = z.string().transform((value, ctx): number | string[] => {
  if (/^\d+$/.test(value)) return Number(value);
  const proxies = value.split(',').map((p) => p.trim());
  if (proxies.every(isAddressOrCidr)) return proxies;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
  return z.NEVER;
});

/** A credentials key: 32 bytes, written in base64. */
const secretsKey = z.string().transform((value, ctx) => {
  const key = Buffer.from(value, 'base64');
  if (key.length === SECRET_KEY_BYTES && key.toString('base64') === value.replace(/\s/g, '')) return key;
  ctx.addIssue({ code: 'custom', message: `must be ${SECRET_KEY_BYTES} bytes in base64, e.g. the output of openssl rand -base64 32` });
  return z.NEVER;
});

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
  /** Set when the server sits behind reverse proxies, so client IPs come from X-Forwarded-For. */
  TRUST_PROXY: trustProxy.default(0),
  /** Sign-in requests an address may make a minute; raised only where one address signs in for many (browser tests). */
  SIGN_IN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Folder of the built web app, when not the one `npm run build` writes (a second build tested beside the first). */
  WEB_ROOT: z.string().optional(),
  /**
   * `1` turns on the fake payment and payout providers (docs/finance.md › Payments): top-ups are paid through
   * `/api_user/finance/fake_pay` and withdrawals paid out without any money moving. For tests and a demo only.
   */
  FAKE_PAYMENTS: z.enum(['0', '1']).default('0'),
  /**
   * `1` answers, in the process, the large-model provider whose address is https://fake-model.invalid/v1 (the demo's
   * 演示模型): titles and keywords without a real model or key. For tests and a demo only.
   */
  FAKE_MODEL: z.enum(['0', '1']).default('0'),
  /** The fake payment provider's signing secret (docs/finance.md › Payments); a random one per process when unset. */
  FAKE_PAY_SECRET: z.string().min(16).optional(),
  /**
   * `1` lets publishing reach loopback and private addresses over plain http (docs/security.md › Outbound requests):
   * tests and demonstrations against local fakes only.
   */
  OUTBOUND_PRIVATE_HOSTS: z.enum(['0', '1']).default('0'),
  /** The key credentials are sealed under (docs/security.md › Secrets): 32 bytes in base64 (`openssl rand -base64 32`). */
  SECRETS_KEY: secretsKey.optional(),
  /** The key before the last rotation: still opens what it sealed, until the rotation job has re-sealed it all. */
  SECRETS_KEY_PREVIOUS: secretsKey.optional(),
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
  /** Whom to believe in X-Forwarded-For: how many proxies are in front (0: none), or their addresses and CIDRs. */
  trustProxy: number | string[];
  /** Sign-in requests one address may make a minute, over the password, SMS-code and SMS sign-in routes. */
  signInRequestsPerMinute: number;
  /** Folder holding the built web app; served at `/`. */
  webRoot: string;
  /** Whether the fake payment and payout providers are on; off, top-ups and payouts wait for a real provider. */
  fakePayments: boolean;
  /** The fake payment provider's signing secret; random per process when absent. */
  fakePaySecret?: string;
  /** Whether the fake large-model provider answers (FAKE_MODEL=1). */
  fakeModel: boolean;
  /**
   * The credentials keys (SecretBox): the current one seals, both open. Without SECRETS_KEY, the embedded default keeps
   * one in `keyFile` (the data folder's secrets.key); on PostgreSQL there is none and credentials cannot be saved.
   */
  secrets: { current?: Buffer; previous?: Buffer; keyFile?: string };
  /** Whether requests to addresses users give may reach internal hosts over plain http (local fakes). */
  outboundPrivateHosts: boolean;
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
    trustProxy: e.TRUST_PROXY,
    signInRequestsPerMinute: e.SIGN_IN_REQUESTS_PER_MINUTE,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : defaultWebRoot,
    fakePayments: e.FAKE_PAYMENTS === '1',
    fakePaySecret: e.FAKE_PAY_SECRET,
    fakeModel: e.FAKE_MODEL === '1',
    outboundPrivateHosts: e.OUTBOUND_PRIVATE_HOSTS === '1',
    secrets: {
      current: e.SECRETS_KEY,
      previous: e.SECRETS_KEY_PREVIOUS,
      keyFile: e.SECRETS_KEY || e.DATABASE_URL ? undefined : path.join(path.resolve(e.DATA_DIR), 'secrets.key'),
    },
  };
}
