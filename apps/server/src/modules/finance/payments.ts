import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FakePayNotification, PayChannel } from '@juqi/contract';

/** A top-up as a provider is asked to collect it. */
export interface PaymentRequest {
  orderNo: string;
  /** Fen. */
  amount: number;
  channel: PayChannel;
  description: string;
}

/** A provider's notification once its signature is verified: what the ledger may act on. */
export interface VerifiedPayment {
  orderNo: string;
  tradeNo: string;
  amount: number;
  status: 'paid' | 'closed';
  paidAt: Date;
}

/**
 * A payment provider (docs/finance.md › Payments), shaped for WeChat Pay (v3: prepay by order number, notifications
 * signed by the platform certificate, amounts in fen) and Alipay (trade.page.pay / wap.pay, notifications signed with
 * RSA2, amounts in yuan — converted at the adapter, never past it). The fake provider is the only one this product
 * ships, on only with FAKE_PAYMENTS=1 (tests, demonstrations); a real adapter implements the same three things.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Where the user pays this order (an H5 or QR-code URL from the provider). */
  checkoutUrl(request: PaymentRequest): Promise<string>;
  /** The notification's signature checked and its fields read; null when the signature is not the provider's. */
  verify(notification: FakePayNotification): VerifiedPayment | null;
}

/** The fields a fake notification signs, in a fixed order. */
const signedText = (n: Omit<FakePayNotification, 'sign'>) => [n.order_no, n.trade_no, n.amount, n.status, n.paid_at, n.nonce].join('|');

/**
 * The local fake provider: checkout is the product's own call `POST /api_user/finance/fake_pay {order_no}`, made by
 * the signed-in owner of the order (its pay URL names it), and its notifications are signed with HMAC-SHA256 under
 * FAKE_PAY_SECRET, or a secret made at start (only this process then pays and verifies).
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly name = 'fake';
  private readonly secret: Buffer;

  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  async checkoutUrl(request: PaymentRequest): Promise<string> {
    return `/api_user/finance/fake_pay?order_no=${encodeURIComponent(request.orderNo)}`;
  }

  /** The notification the fake provider sends once the user has paid (or the order closed). */
  notification(fields: Omit<FakePayNotification, 'sign' | 'nonce'>): FakePayNotification {
    const unsigned = { ...fields, nonce: randomBytes(8).toString('hex') };
    return { ...unsigned, sign: this.sign(unsigned) };
  }

  verify(n: FakePayNotification): VerifiedPayment | null {
    const expected = Buffer.from(this.sign(n), 'hex');
    const given = Buffer.from(n.sign, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { orderNo: n.order_no, tradeNo: n.trade_no, amount: n.amount, status: n.status === 'SUCCESS' ? 'paid' : 'closed', paidAt: new Date(n.paid_at) };
  }

  private sign(n: Omit<FakePayNotification, 'sign'>): string {
    return createHmac('sha256', this.secret).update(signedText(n)).digest('hex');
  }
}

/** A payout as a provider is asked to make it: the withdrawal number is its idempotency key at the provider. */
export interface PayoutRequest {
  withdrawNo: string;
  /** Fen. */
  amount: number;
  payoutType: number;
  accountName: string;
  accountNo: string;
}

export type PayoutResult = { paid: true; reference: string } | { paid: false; reason: string };

/**
 * A payout provider (docs/finance.md › Withdrawals), shaped for WeChat Pay's transfer to balance and Alipay's
 * fund transfer: both are idempotent by the merchant's number, so paying the same withdrawal again after a lost answer
 * pays once. The fake one pays every account but those whose number starts with `FAIL` (how tests see a refusal).
 */
export interface PayoutProvider {
  readonly name: string;
  pay(request: PayoutRequest): Promise<PayoutResult>;
}

export class FakePayoutProvider implements PayoutProvider {
  readonly name = 'fake';

  async pay(request: PayoutRequest): Promise<PayoutResult> {
    if (request.accountNo.startsWith('FAIL')) return { paid: false, reason: '收款账户不存在' };
    return { paid: true, reference: `FAKEPAY${request.withdrawNo.slice(2)}` };
  }
}
