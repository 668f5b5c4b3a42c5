import { createHmac } from 'node:crypto';
import { PLATFORM, type AccountPlatform } from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { OutboundFailure, sendOutbound, type OutboundAnswer, type OutboundOptions, type OutboundRequest } from '../../lib/http/outbound';
import { publishFeedEntry } from './table';

/**
 * The platforms' adapters (docs/publishing.md › Accounts and adapters): each checks an account's credential, publishes
 * one post under a key, and finds the post made under a key after an outcome was not known. The Chinese platforms
 * (抖音, 小红书, 微信公众号, 今日头条) need partner access and would implement the same interface.
 */

/** An account as an adapter needs it: its credential opened. */
export interface AccountWithSecrets {
  id: number;
  name: string;
  platform: AccountPlatform;
  url: string;
  username: string;
  credential: string | null;
  enabled: boolean;
}

/** One post: its key is the publication's, the same on every attempt, so the platform (or its search) knows a repeat. */
export interface Post {
  key: string;
  title: string;
  html: string;
  keyword: string;
  publishedAt: Date;
}

/** A post the platform holds. */
export interface PublishedPost {
  postId: string;
  url: string;
}

/**
 * Why a platform call failed: `refused` (the platform said no — a wrong credential, a bad request: repeating it changes
 * nothing), `retry` (nothing was made, or repeating is harmless: later, after `retryAfterSeconds` where the platform
 * said), `unknown` (the post may have been made: look for it before anything else).
 */
export class PublishFailure extends Error {
  constructor(
    readonly kind: 'refused' | 'retry' | 'unknown',
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'PublishFailure';
  }
}

export interface PublishAdapter {
  /** Whether the platform takes the credential (测试连接); throws a PublishFailure saying why not. */
  check(account: AccountWithSecrets): Promise<string>;
  publish(account: AccountWithSecrets, post: Post): Promise<PublishedPost>;
  /** After an unknown outcome: the post made under `post.key`, or null where none was. */
  find(account: AccountWithSecrets, post: Post): Promise<PublishedPost | null>;
}

/** The seconds a 429's Retry-After asks for (seconds or an HTTP date), within a minute and an hour; a minute if unsaid. */
export function retryAfterOf(answer: OutboundAnswer, now = Date.now()): number {
  const said = answer.headers['retry-after'];
  const seconds = said === undefined ? NaN : /^\d+$/.test(said.trim()) ? Number(said) : Math.ceil((Date.parse(said) - now) / 1000);
  return Number.isFinite(seconds) ? Math.min(3600, Math.max(1, seconds)) : 60;
}

/** The platform's own words for a refusal: a JSON `message` (WordPress's errors), else the status. */
function platformWords(answer: OutboundAnswer): string {
  try {
    const message = (JSON.parse(answer.text) as { message?: unknown }).message;
    if (typeof message === 'string' && message) return `HTTP ${answer.status}: ${message.slice(0, 200)}`;
  } catch {
    // Not JSON: the status alone.
  }
  return `HTTP ${answer.status}`;
}

/**
 * A failed answer as a PublishFailure: 429 waits its Retry-After; 5xx is `onServerError` (unknown where the request
 * may have made the post, retry where repeating is harmless); anything else not 2xx is refused.
 */
function failureOf(answer: OutboundAnswer, onServerError: 'retry' | 'unknown'): PublishFailure {
  if (answer.status === 429) return new PublishFailure('retry', platformWords(answer), retryAfterOf(answer));
  if (answer.status >= 500) return new PublishFailure(onServerError, platformWords(answer));
  return new PublishFailure('refused', platformWords(answer));
}

/** Sends a request; a failure without an answer becomes a PublishFailure by its stage. */
async function exchange(request: OutboundRequest, options: OutboundOptions, unsure: 'retry' | 'unknown'): Promise<OutboundAnswer> {
  try {
    return await sendOutbound(request, options);
  } catch (error) {
    if (error instanceof OutboundFailure) throw new PublishFailure(error.stage === 'unsent' ? 'retry' : unsure, error.message);
    throw error;
  }
}

function parsed<T>(answer: OutboundAnswer): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new PublishFailure('unknown', `HTTP ${answer.status}: the answer is not JSON`);
  }
}

const wordpressSlug = (key: string) => `juqi-${key}`;
/** A WordPress REST address of the account's site. */
const api = (account: AccountWithSecrets, path: string) => `${account.url.replace(/\/+$/, '')}/wp-json/wp/v2/${path}`;
/** HTTP Basic with the user and its application password. */
const auth = (account: AccountWithSecrets) => ({ authorization: `Basic ${Buffer.from(`${account.username}:${account.credential ?? ''}`).toString('base64')}` });
/** A WordPress post as the post it made. */
const asPost = (post: { id?: unknown; link?: unknown }): PublishedPost => ({ postId: String(post.id), url: typeof post.link === 'string' ? post.link : '' });

/**
 * WordPress's REST API with an application password (HTTP Basic): `POST /wp-json/wp/v2/posts`, the publication's key
 * in the post's slug, which `find` searches. A repeated POST would make a second post, so a 5xx or a lost answer after
 * sending is `unknown`.
 */
function wordpressAdapter(options: OutboundOptions): PublishAdapter {
  return {
    async check(account) {
      const answer = await exchange({ method: 'GET', url: api(account, 'users/me?context=edit'), headers: auth(account) }, options, 'retry');
      if (answer.status !== 200) throw failureOf(answer, 'retry');
      const me = parsed<{ name?: unknown }>(answer);
      return typeof me.name === 'string' ? me.name : account.username;
    },
    async publish(account, post) {
      const body = JSON.stringify({ title: post.title, content: post.html, status: 'publish', slug: wordpressSlug(post.key) });
      const answer = await exchange({ method: 'POST', url: api(account, 'posts'), headers: { ...auth(account), 'content-type': 'application/json' }, body }, options, 'unknown');
      if (answer.status !== 201 && answer.status !== 200) throw failureOf(answer, 'unknown');
      return asPost(parsed(answer));
    },
    async find(account, post) {
      const answer = await exchange({ method: 'GET', url: api(account, `posts?slug=${encodeURIComponent(wordpressSlug(post.key))}&status=any&context=edit`), headers: auth(account) }, options, 'retry');
      if (answer.status !== 200) throw failureOf(answer, 'retry');
      const found = parsed<{ id?: unknown; link?: unknown }[]>(answer);
      return Array.isArray(found) && found[0] ? asPost(found[0]) : null;
    },
  };
}

/** The headers signing a webhook's body: `X-Juqi-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. */
export function webhookSignature(secret: string, timestamp: number, body: string): Record<string, string> {
  return { 'x-juqi-timestamp': String(timestamp), 'x-juqi-signature': `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}` };
}

/**
 * A signed JSON POST to the owner's own site. The receiver treats `key` as idempotent (docs/publishing.md), so a
 * repeat is harmless: `find` sends the post again, and the receiver answers the one it made.
 */
function webhookAdapter(options: OutboundOptions): PublishAdapter {
  const deliver = async (account: AccountWithSecrets, payload: object): Promise<OutboundAnswer> => {
    const body = JSON.stringify(payload);
    const headers = { 'content-type': 'application/json', ...webhookSignature(account.credential ?? '', Math.floor(Date.now() / 1000), body) };
    const answer = await exchange({ method: 'POST', url: account.url, headers, body }, options, 'retry');
    if (answer.status < 200 || answer.status > 299) throw failureOf(answer, 'retry');
    return answer;
  };
  const publish = async (account: AccountWithSecrets, post: Post): Promise<PublishedPost> => {
    const answer = await deliver(account, { event: 'publish', key: post.key, title: post.title, html: post.html, keyword: post.keyword, published_at: post.publishedAt.toISOString() });
    let made: { post_id?: unknown; url?: unknown } = {};
    try {
      made = JSON.parse(answer.text) as typeof made;
    } catch {
      // A receiver may answer 2xx with no body: the key names the post.
    }
    return { postId: made.post_id === undefined || made.post_id === null ? post.key : String(made.post_id), url: typeof made.url === 'string' ? made.url : '' };
  };
  return {
    async check(account) {
      await deliver(account, { event: 'check' });
      return account.url;
    },
    publish,
    find: publish,
  };
}

/** The product's own Atom feed: publishing adds the account's entry under the key (once). */
function feedAdapter(db: Executor): PublishAdapter {
  const entryOf = async (account: AccountWithSecrets, key: string) => {
    const [entry] = await db
      .select({ id: publishFeedEntry.id })
      .from(publishFeedEntry)
      .where(and(eq(publishFeedEntry.accountId, account.id), eq(publishFeedEntry.key, key)));
    return entry ? { postId: String(entry.id), url: '' } : null;
  };
  return {
    check: async (account) => account.name,
    async publish(account, post) {
      await db.insert(publishFeedEntry).values({ accountId: account.id, key: post.key, title: post.title, html: post.html, publishedAt: post.publishedAt }).onConflictDoNothing();
      return (await entryOf(account, post.key))!;
    },
    find: (account, post) => entryOf(account, post.key),
  };
}

/** Each platform's adapter. */
export function publishAdapters(db: Executor, options: OutboundOptions): Record<AccountPlatform, PublishAdapter> {
  return { [PLATFORM.wordpress]: wordpressAdapter(options), [PLATFORM.webhook]: webhookAdapter(options), [PLATFORM.feed]: feedAdapter(db) };
}
