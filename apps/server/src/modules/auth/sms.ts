import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** A sign-in code message; `code` is kept apart from the text only for the development outbox. */
export interface SmsMessage {
  phone: string;
  text: string;
  code: string;
}

/** Where SMS go: the log in development, a provider's HTTP API in production. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development sender: logs that a code was sent and appends the message to DATA_DIR/sms-outbox.jsonl, where developers
 * and browser tests read it. It also keeps the messages in memory for server tests.
 */
export class LogSmsSender implements SmsSender {
  readonly sent: SmsMessage[] = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outboxFile?: string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
    if (this.outboxFile) {
      await fs.promises.mkdir(path.dirname(this.outboxFile), { recursive: true });
      await fs.promises.appendFile(this.outboxFile, `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`);
    }
    this.log.info({ phone: message.phone, outbox: this.outboxFile }, 'SMS sign-in code written to the development outbox');
  }
}

/** Posts `{phone, content}` as JSON to the provider with a bearer token; any non-2xx answer is a failure. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 5000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ phone: message.phone, content: message.text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}
