import { createHash, randomBytes } from 'node:crypto';
import { FEED_ENTRIES, feedPath, PLATFORM, publishAccount as publishAccountResource, type AccountCheckResult, type AccountPlatform, type Texts } from '@juqi/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateAtomFeed } from 'feedsmith';
import { recordAudit } from '../../lib/audit/record';
import type { ResourceHooks } from '../../lib/crud/resource-routes';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { keptAddressAllowed } from '../../lib/http/outbound';
import type { SecretBox } from '../../lib/secrets';
import { PublishFailure, type AccountWithSecrets, type PublishAdapter } from './adapters';
import { publishAccount, publishFeedEntry } from './table';

const missingFor = (platform: Texts): Record<'url' | 'username' | 'credential', Texts> => ({
  url: { 'zh-CN': `${platform['zh-CN']}账号须填写地址`, 'en-US': `a ${platform['en-US']} account needs its address` },
  username: { 'zh-CN': `${platform['zh-CN']}账号须填写用户名`, 'en-US': `a ${platform['en-US']} account needs its user name` },
  credential: { 'zh-CN': `${platform['zh-CN']}账号须填写凭据`, 'en-US': `a ${platform['en-US']} account needs its credential` },
});

/** What each platform needs beside its name: WordPress a site, a user and an application password; a webhook an address and a secret. */
const NEEDS: Record<AccountPlatform, readonly ('url' | 'username' | 'credential')[]> = {
  [PLATFORM.wordpress]: ['url', 'username', 'credential'],
  [PLATFORM.webhook]: ['url', 'credential'],
  [PLATFORM.feed]: [],
};
const PLATFORM_NAMES: Record<AccountPlatform, Texts> = {
  [PLATFORM.wordpress]: { 'zh-CN': 'WordPress ', 'en-US': 'WordPress' },
  [PLATFORM.webhook]: { 'zh-CN': 'Webhook ', 'en-US': 'webhook' },
  [PLATFORM.feed]: { 'zh-CN': '订阅源', 'en-US': 'feed' },
};

/**
 * An account's own rules (docs/publishing.md › Accounts and adapters): what its platform needs is given (a credential
 * given now, or kept), and its address is https — plain http only where OUTBOUND_PRIVATE_HOSTS lets the server reach
 * local fakes.
 */
export function accountRules(privateHosts: boolean): ResourceHooks {
  return {
    async beforeWrite(values, { before }) {
      // An add leaving the platform out takes the declared default, as the insert will.
      const platform = (values.platform ?? before?.platform ?? publishAccountResource.fields.platform.default) as AccountPlatform;
      const now = (key: string) => (key in values ? values[key] : before?.[key]);
      const missing = missingFor(PLATFORM_NAMES[platform]);
      for (const key of NEEDS[platform]) if (!now(key)) throw AppError.invalid(key, missing[key]);
      const url = now('url');
      if (NEEDS[platform].includes('url') && typeof url === 'string' && !keptAddressAllowed(url, privateHosts))
        throw AppError.invalid('url', { 'zh-CN': '地址须为 https://', 'en-US': 'the address must be https://' });
    },
  };
}

/** The SHA-256 a feed token is kept as. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** A feed's file name: its token (24 random bytes, base64url) and `.atom`. */
export const FEED_FILE = /^([A-Za-z0-9_-]{32})\.atom$/;

const notFound = () => AppError.notFound({ 'zh-CN': '发布账号不存在', 'en-US': 'No such publishing account' });

export class AccountService {
  constructor(
    private readonly db: Executor,
    private readonly secrets: SecretBox,
    private readonly adapters: Record<AccountPlatform, PublishAdapter>,
  ) {}

  /** An account with its credential opened, for its adapter. */
  async withSecrets(id: number, tx: Executor = this.db): Promise<AccountWithSecrets> {
    const [row] = await tx.select().from(publishAccount).where(eq(publishAccount.id, id));
    if (!row) throw notFound();
    return {
      id: row.id,
      name: row.name,
      platform: row.platform as AccountPlatform,
      url: row.url,
      username: row.username,
      credential: row.credential ? this.secrets.openFor(row.credential, 'credential') : null,
      enabled: row.enabled,
    };
  }

  /** 测试连接: asks the platform whether it takes the kept credential. A refusal is an answer, not an error. */
  async check(id: number): Promise<AccountCheckResult> {
    const account = await this.withSecrets(id);
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const who = await this.adapters[account.platform].check(account);
      return { ok: true, message: who, latency_ms: took() };
    } catch (error) {
      if (error instanceof PublishFailure) return { ok: false, message: error.message, latency_ms: took() };
      throw error;
    }
  }

  /** A feed account's new address, its token shown this once; the old one stops working. */
  async renewFeed(id: number, audit: { staffId: number; ip: string }): Promise<{ path: string }> {
    const token = randomBytes(24).toString('base64url');
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ platform: publishAccount.platform }).from(publishAccount).where(eq(publishAccount.id, id)).for('update');
      if (!row) throw notFound();
      if (row.platform !== PLATFORM.feed) throw AppError.conflict({ 'zh-CN': '只有订阅源账号有订阅地址', 'en-US': 'Only a feed account has a feed address' }, 'platform');
      await tx.update(publishAccount).set({ feedTokenHash: tokenHash(token) }).where(eq(publishAccount.id, id));
      await recordAudit(tx, { staffId: audit.staffId, action: 'publishing.account.feed', target: `publishing.account:${id}`, detail: {}, ip: audit.ip });
      return { path: feedPath(token) };
    });
  }

  /**
   * The Atom feed of the enabled feed account holding the token: its latest entries, newest first; null where no such
   * account is (a token renewed away, an account switched off).
   */
  async feed(token: string, selfUrl: string): Promise<string | null> {
    const [account] = await this.db
      .select({ id: publishAccount.id, name: publishAccount.name, updatedAt: publishAccount.updatedAt })
      .from(publishAccount)
      .where(and(eq(publishAccount.feedTokenHash, tokenHash(token)), eq(publishAccount.platform, PLATFORM.feed), eq(publishAccount.enabled, true)));
    if (!account) return null;
    const entries = await this.db.select().from(publishFeedEntry).where(eq(publishFeedEntry.accountId, account.id)).orderBy(desc(publishFeedEntry.publishedAt), desc(publishFeedEntry.id)).limit(FEED_ENTRIES);
    return generateAtomFeed({
      id: `urn:juqi:feed:${account.id}`,
      title: { value: account.name },
      updated: entries[0]?.publishedAt ?? account.updatedAt,
      links: [{ href: selfUrl, rel: 'self', type: 'application/atom+xml' }],
      generator: { text: 'juqi-publisher' },
      entries: entries.map((entry) => ({
        id: `urn:juqi:publication:${entry.key}`,
        title: { value: entry.title },
        updated: entry.publishedAt,
        published: entry.publishedAt,
        content: { value: entry.html, type: 'html' },
      })),
    });
  }
}

/** The feed's route: `GET /feeds/<token>.atom`, public (the token is the capability), a 404 envelope for any other name. */
export function feedRoute(app: FastifyInstance, accounts: AccountService): void {
  app.route({
    method: 'GET',
    url: '/feeds/:file',
    config: { permission: 'public' },
    schema: {
      summary: `A feed account's Atom feed: its latest ${FEED_ENTRIES} entries (docs/publishing.md › Accounts and adapters)`,
      description: 'Permission: public — the 24-byte random token in the address, shown once when made, is the capability',
      tags: ['publishing'],
    },
    handler: async (request, reply) => {
      const token = FEED_FILE.exec((request.params as { file: string }).file)?.[1];
      const xml = token && (await accounts.feed(token, `${request.protocol}://${request.host}${request.url}`));
      if (!xml) throw AppError.notFound();
      return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
    },
  });
}
