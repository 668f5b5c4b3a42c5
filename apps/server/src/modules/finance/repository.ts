import type { AccountKind, Currency, StatementEntry, TransferKind, TransferState } from '@juqi/contract';
import { and, asc, count, desc, eq, like, or, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db/client';
import { containing, escapeLike } from '../../lib/db/like';
import { users } from '../../lib/db/schema';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../lib/ledger/table';

/** What an account can spend now (posted balance less pending debits), 0 for an account not opened (a left join's nulls). */
const available = (account: Record<'creditsPosted' | 'debitsPosted' | 'debitsPending', AnyColumn>) =>
  sql<number>`coalesce(${account.creditsPosted} - ${account.debitsPosted} - ${account.debitsPending}, 0)`.mapWith(Number);

export interface KindSums {
  currency: Currency;
  kind: AccountKind;
  accounts: number;
  debits: number;
  credits: number;
  pendingDebits: number;
  pendingCredits: number;
}

/** Reads of the ledger for the finance screens; writes go through the posting engine (lib/ledger). */
export class FinanceRepository {
  constructor(private readonly db: Executor) {}

  /** Every kind of account's sums, in one pass over the accounts. */
  kindSums(tx: Executor = this.db): Promise<KindSums[]> {
    return tx
      .select({
        currency: ledgerAccount.currency,
        kind: ledgerAccount.kind,
        accounts: count(),
        debits: sql<number>`sum(${ledgerAccount.debitsPosted})::float8`,
        credits: sql<number>`sum(${ledgerAccount.creditsPosted})::float8`,
        pendingDebits: sql<number>`sum(${ledgerAccount.debitsPending})::float8`,
        pendingCredits: sql<number>`sum(${ledgerAccount.creditsPending})::float8`,
      })
      .from(ledgerAccount)
      .groupBy(ledgerAccount.currency, ledgerAccount.kind)
      .orderBy(ledgerAccount.currency, ledgerAccount.kind);
  }

  platformAccounts(tx: Executor = this.db) {
    return tx.select().from(ledgerAccount).where(eq(ledgerAccount.ownerId, 0)).orderBy(ledgerAccount.id);
  }

  /**
   * Users a money form may pick by `keyword`: digits are an ID (exactly) or a mobile's start, anything else part of a
   * name; the exact ID first, then by ID. Each with the available balances of its cash and bean accounts.
   */
  pickableUsers(keyword: string, limit: number, tx: Executor = this.db) {
    const digits = /^\d+$/.test(keyword);
    const id = digits && keyword.length <= 9 ? Number(keyword) : null;
    const matches = digits
      ? or(like(users.mobile, `${escapeLike(keyword)}%`), ...(id === null ? [] : [eq(users.id, id)]))
      : like(users.name, containing(keyword));
    const cash = alias(ledgerAccount, 'cash');
    const beans = alias(ledgerAccount, 'beans');
    return tx
      .select({ id: users.id, name: users.name, mobile: users.mobile, cash_available: available(cash), beans_available: available(beans) })
      .from(users)
      .leftJoin(cash, and(eq(cash.kind, 'user_cash'), eq(cash.ownerId, users.id)))
      .leftJoin(beans, and(eq(beans.kind, 'user_beans'), eq(beans.ownerId, users.id)))
      .where(matches)
      .orderBy(...(id === null ? [] : [desc(sql`${users.id} = ${id}`)]), asc(users.id))
      .limit(limit);
  }

  async account(kind: AccountKind, ownerId: number, tx: Executor = this.db) {
    const [row] = await tx
      .select()
      .from(ledgerAccount)
      .where(and(eq(ledgerAccount.kind, kind), eq(ledgerAccount.ownerId, ownerId)));
    return row;
  }

  /** An account's entries, newest first, with their transfers' kind, state and memo. */
  async statement(accountId: number, page: number, limit: number, tx: Executor = this.db): Promise<{ count: number; data: StatementEntry[] }> {
    const [total] = await tx.select({ n: count() }).from(ledgerEntry).where(eq(ledgerEntry.accountId, accountId));
    const rows = await tx
      .select({
        id: ledgerEntry.id,
        transferId: ledgerEntry.transferId,
        kind: ledgerTransfer.kind,
        state: ledgerTransfer.state,
        amount: ledgerEntry.amount,
        pending: ledgerEntry.pending,
        balanceAfter: ledgerEntry.balanceAfter,
        memo: ledgerTransfer.memo,
        createdAt: ledgerEntry.createdAt,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .where(eq(ledgerEntry.accountId, accountId))
      .orderBy(desc(ledgerEntry.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return {
      count: total?.n ?? 0,
      data: rows.map((r) => ({
        id: r.id,
        transfer_id: r.transferId,
        transfer_kind: r.kind as TransferKind,
        transfer_state: r.state as TransferState,
        amount: r.amount,
        pending: r.pending,
        balance_after: r.balanceAfter,
        memo: r.memo,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }
}
