import type { AccountKind, BookRecord, TransferKind } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import type { Ledger, TransferResult } from '../../lib/ledger/ledger';
import { bookRecordOfTransfer } from './books';

/** An earning to post: who earns how much (fen, or beans), why, and the key that makes posting it twice post it once. */
export interface Earning {
  userId: number;
  amount: number;
  memo: string;
  reference?: Record<string, string | number>;
  idempotencyKey: string;
  staffId?: number | null;
}

export interface ManualCredit {
  user_id: number;
  amount: number;
  reason: string;
  idempotency_key: string;
}

/**
 * Earnings (收益, docs/finance.md › Books): money the platform owes a user for their work — commissions from the
 * marketplace's orders, posted from the commission payable account — and bean earnings, given from the promotions
 * account. Both count in the user's 累计收益 (cash) or beans. Staff credit either by hand, with a reason, under the
 * book's own operation; each credit is audited.
 */
export class EarningService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
  ) {}

  /** A cash earning (`earning`): commission payable → the user's cash. */
  post(earning: Earning, tx?: Executor): Promise<TransferResult> {
    return this.postFrom('earning', 'commission_payable', 'user_cash', earning, tx);
  }

  /** A bean earning (`bean_earning`): promotions → the user's beans. */
  postBeans(earning: Earning, tx?: Executor): Promise<TransferResult> {
    return this.postFrom('bean_earning', 'promotions', 'user_beans', earning, tx);
  }

  private postFrom(kind: TransferKind, from: AccountKind, to: AccountKind, earning: Earning, tx?: Executor): Promise<TransferResult> {
    return this.ledger.post(
      {
        kind,
        legs: [{ debit: { kind: from }, credit: { kind: to, ownerId: earning.userId }, amount: earning.amount }],
        memo: earning.memo,
        reference: earning.reference,
        idempotencyKey: earning.idempotencyKey,
        staffId: earning.staffId,
        userId: earning.userId,
      },
      tx,
    );
  }

  /** 手动入账: a staff's credit to a user's earnings (`cash`) or bean earnings, with the reason in its memo. */
  async credit(currency: 'cash' | 'beans', body: ManualCredit, by: { staffId: number; ip: string }): Promise<BookRecord> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
    if (!user) throw AppError.invalid('user_id', { 'zh-CN': '用户不存在', 'en-US': 'no such user' });
    const book = currency === 'cash' ? 'user_earnings' : 'bean_earnings';
    const transfer = await this.db.transaction(async (tx) => {
      const earning: Earning = {
        userId: body.user_id,
        amount: body.amount,
        memo: `手动入账：${body.reason}`,
        reference: { reason: body.reason },
        // Scoped to the staff: two staff's keys never meet.
        idempotencyKey: `credit:${book}:${by.staffId}:${body.idempotency_key}`,
        staffId: by.staffId,
      };
      const posted = currency === 'cash' ? await this.post(earning, tx) : await this.postBeans(earning, tx);
      if (!posted.replayed)
        await recordAudit(tx, {
          staffId: by.staffId,
          action: currency === 'cash' ? 'finance.earnings.credit' : 'finance.bean_earnings.credit',
          target: `user:${body.user_id}`,
          detail: { amount: body.amount, reason: body.reason, transfer_id: posted.id },
          ip: by.ip,
        });
      return posted;
    });
    return bookRecordOfTransfer(this.db, book, transfer.id);
  }
}
