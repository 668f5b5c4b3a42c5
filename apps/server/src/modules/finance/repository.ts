import type { AccountKind, Currency, StatementEntry, TransferKind, TransferState } from '@juqi/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../lib/ledger/table';

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

  async account(kind: AccountKind, ownerId: number, tx: Executor = this.db) {
    const [row] = await tx
      .select()
      .from(ledgerAccount)
      .where(and(eq(ledgerAccount.kind, kind), eq(ledgerAccount.ownerId, ownerId)));
    return row;
  }

  /** The entries of these transfers in the order they were written, each with its account and its transfer's state. */
  transferEntries(transferIds: number[], tx: Executor = this.db) {
    if (transferIds.length === 0) return Promise.resolve([]);
    return tx
      .select({
        account_kind: ledgerAccount.kind,
        owner_id: ledgerAccount.ownerId,
        currency: ledgerAccount.currency,
        amount: ledgerEntry.amount,
        pending: ledgerEntry.pending,
        balance_after: ledgerEntry.balanceAfter,
        transfer_state: ledgerTransfer.state,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .where(inArray(ledgerEntry.transferId, transferIds))
      .orderBy(ledgerEntry.id);
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
