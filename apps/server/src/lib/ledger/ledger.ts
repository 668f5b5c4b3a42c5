import { ACCOUNT_KINDS, incomeSignOf, type AccountKind, type TransferKind, type TransferState } from '@juqi/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { AppError } from '../errors';
import { keyReused, requestFingerprint } from '../idempotency';
import { insertTransfer, lockById, lockByKey, writeSumsAndEntries, type AccountSums, type NewEntry, type NewTransfer } from './statements';
import { ledgerAccount, ledgerEntry, ledgerTransfer, type LedgerAccountRow } from './table';

/** An account by what it is: a kind and, for a user's or an agency's, its owner. Accounts are opened on first use. */
export interface AccountRef {
  kind: AccountKind;
  /** The user or agency id; omitted (0) for the platform's accounts. */
  ownerId?: number;
}

/** One movement of `amount` from the debit account to the credit account, both of the same currency. */
export interface Leg {
  debit: AccountRef;
  credit: AccountRef;
  amount: number;
}

export interface TransferInput {
  kind: TransferKind;
  legs: Leg[];
  memo?: string;
  reference?: Record<string, string | number>;
  staffId?: number | null;
  userId?: number | null;
  /**
   * One transfer per key, ever: the same transfer asked for again under it answers the first one (`replayed`); another
   * transfer under it is refused with 40900 naming `idempotency_key`. Callers scope keys (`topup:<order no>`).
   */
  idempotencyKey?: string;
}

export interface TransferResult {
  id: number;
  kind: TransferKind;
  state: TransferState;
  createdAt: Date;
  /** The key had been used for this very transfer: nothing moved this time. */
  replayed: boolean;
}

/** Who resolves a pending transfer or reverses one, and why. */
export interface ResolveInput {
  memo?: string;
  staffId?: number | null;
  reference?: Record<string, string | number>;
}

const INSUFFICIENT = { 'zh-CN': '余额不足', 'en-US': 'Insufficient balance' } as const;

const keyOf = (ref: AccountRef) => `${ref.kind}:${ref.ownerId ?? 0}`;

/** The posted balance of an account row: credits − debits. */
export const postedBalance = (a: Pick<LedgerAccountRow, 'creditsPosted' | 'debitsPosted'>) => a.creditsPosted - a.debitsPosted;

/** What an account row can still spend or withdraw: the posted balance less what its holds keep (frozen). */
export const availableBalance = (a: Pick<LedgerAccountRow, 'creditsPosted' | 'debitsPosted' | 'debitsPending'>) => postedBalance(a) - a.debitsPending;

function checkLegs(legs: Leg[]): void {
  if (legs.length === 0) throw new Error('a transfer needs at least one leg');
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) throw AppError.invalid('amount', { 'zh-CN': '须为正整数', 'en-US': 'must be a positive whole number' });
    for (const ref of [leg.debit, leg.credit]) {
      const owned = ACCOUNT_KINDS[ref.kind].owner !== 'platform';
      if (owned !== (ref.ownerId !== undefined && ref.ownerId > 0)) throw new Error(`account ${keyOf(ref)}: an owner is needed exactly for user and agency accounts`);
    }
    if (ACCOUNT_KINDS[leg.debit.kind].currency !== ACCOUNT_KINDS[leg.credit.kind].currency) throw new Error(`leg ${keyOf(leg.debit)} → ${keyOf(leg.credit)} mixes currencies`);
    if (keyOf(leg.debit) === keyOf(leg.credit)) throw new Error(`leg moves ${keyOf(leg.debit)} to itself`);
  }
}

/** What tells a replay from another transfer under the same key: the kind, the legs and whether it is a hold. */
function fingerprintOf(input: TransferInput, state: TransferState): string {
  const legs = input.legs.map((l) => [keyOf(l.debit), keyOf(l.credit), l.amount]);
  return requestFingerprint([input.kind, state, legs]);
}

/** An account's four sums and income as they change while a transfer's entries are applied, in memory. */
interface Working {
  row: AccountSums;
  changed: boolean;
}

/**
 * The posting engine (docs/finance.md › Ledger). Every movement is one transfer of balanced legs in one transaction;
 * the touched accounts are locked in id order, so concurrent transfers queue instead of deadlocking, and an account
 * that may not go negative is checked after the whole transfer, pending debits included (余额不足 otherwise).
 * Methods take the caller's transaction, so a flow's own rows and its postings commit together (a refused transfer
 * leaves nothing, in a savepoint of its own); without one they open their own.
 */
export class Ledger {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
  ) {}

  /** Posts a transfer: the money moves now. */
  post(input: TransferInput, tx?: Executor): Promise<TransferResult> {
    return this.inTransaction(tx, (t) => this.write(input, 'posted', t));
  }

  /** Reserves a transfer (two-phase, as a withdrawal): debits are held against the balance until posted or voided. */
  reserve(input: TransferInput, tx?: Executor): Promise<TransferResult> {
    return this.inTransaction(tx, (t) => this.write(input, 'pending', t));
  }

  /** Posts a pending transfer in full: the held debits move. A transfer no longer pending is 40900. */
  postPending(pendingId: number, resolve: ResolveInput = {}, tx?: Executor): Promise<TransferResult> {
    return this.inTransaction(tx, (t) => this.resolve(pendingId, 'posted', resolve, t));
  }

  /** Voids a pending transfer: the hold is released and nothing moves. A transfer no longer pending is 40900. */
  voidPending(pendingId: number, resolve: ResolveInput = {}, tx?: Executor): Promise<TransferResult> {
    return this.inTransaction(tx, (t) => this.resolve(pendingId, 'voided', resolve, t));
  }

  /**
   * Reverses a posted transfer with a new one moving every leg back (a correction never edits an entry). Once only:
   * a second reversal, or reversing a hold, is 40900; reversing money already spent is 余额不足.
   */
  reverse(transferId: number, resolve: ResolveInput = {}, tx?: Executor): Promise<TransferResult> {
    return this.inTransaction(tx, async (t) => {
      const [original] = await t.select().from(ledgerTransfer).where(eq(ledgerTransfer.id, transferId)).for('update');
      if (!original) throw AppError.notFound();
      // Only what moved money: a hold is voided or posted, and its posting is what a correction reverses.
      const entries = await t.select().from(ledgerEntry).where(and(eq(ledgerEntry.transferId, transferId), eq(ledgerEntry.pending, false)));
      if (original.state !== 'posted' || original.kind === 'reversal' || entries.length === 0)
        throw AppError.conflict({ 'zh-CN': '该流水不可冲正', 'en-US': 'This transfer cannot be reversed' });
      const [already] = await t.select({ id: ledgerTransfer.id }).from(ledgerTransfer).where(eq(ledgerTransfer.reversesId, transferId));
      if (already) throw AppError.conflict({ 'zh-CN': '该流水已冲正', 'en-US': 'This transfer is reversed already' });
      const moves = entries.map((e) => ({ accountId: e.accountId, amount: -e.amount }));
      const createdAt = this.clock.now();
      const id = await this.insertResolving(t, {
        kind: 'reversal',
        state: 'posted',
        reversesId: transferId,
        memo: resolve.memo ?? '',
        reference: resolve.reference ?? {},
        staffId: resolve.staffId ?? null,
        userId: null,
        createdAt,
      });
      // Income counted by the original is taken back with it.
      await this.apply(t, id, moves, { pending: false, incomeSign: -incomeSignOf(original.kind) });
      return { id, kind: 'reversal', state: 'posted', createdAt, replayed: false };
    });
  }

  private async write(input: TransferInput, state: 'posted' | 'pending', tx: Executor): Promise<TransferResult> {
    checkLegs(input.legs);
    const fingerprint = fingerprintOf(input, state);
    const createdAt = this.clock.now();
    // The key's row first, before any account lock: a concurrent request under the same key waits here for the first
    // to commit, then finds its transfer.
    const id = await insertTransfer(tx, {
      kind: input.kind,
      state,
      idempotencyKey: input.idempotencyKey ?? null,
      fingerprint,
      memo: input.memo ?? '',
      reference: input.reference ?? {},
      staffId: input.staffId ?? null,
      userId: input.userId ?? null,
      createdAt,
    });
    if (id === undefined) {
      const [first] = await tx.select().from(ledgerTransfer).where(eq(ledgerTransfer.idempotencyKey, input.idempotencyKey!));
      if (!first || first.fingerprint !== fingerprint)
        throw keyReused();
      return { id: first.id, kind: first.kind, state: first.state, createdAt: first.createdAt, replayed: true };
    }
    const accounts = await this.lockAccounts(
      input.legs.flatMap((l) => [l.debit, l.credit]),
      tx,
    );
    const moves = input.legs.flatMap((l) => [
      { accountId: accounts.get(keyOf(l.debit))!.id, amount: -l.amount },
      { accountId: accounts.get(keyOf(l.credit))!.id, amount: l.amount },
    ]);
    await this.apply(tx, id, moves, { pending: state === 'pending', incomeSign: incomeSignOf(input.kind) }, [...accounts.values()]);
    return { id, kind: input.kind, state, createdAt, replayed: false };
  }

  private async resolve(pendingId: number, to: 'posted' | 'voided', resolve: ResolveInput, tx: Executor): Promise<TransferResult> {
    const [pending] = await tx.select().from(ledgerTransfer).where(eq(ledgerTransfer.id, pendingId)).for('update');
    if (!pending) throw AppError.notFound();
    if (pending.state !== 'pending')
      throw AppError.conflict({ 'zh-CN': `该笔已${pending.state === 'posted' ? '入账' : '撤销'}`, 'en-US': `This transfer is ${pending.state} already` });
    const now = this.clock.now();
    await tx.update(ledgerTransfer).set({ state: to, resolvedAt: now }).where(eq(ledgerTransfer.id, pendingId));
    const id = await this.insertResolving(tx, {
      kind: pending.kind,
      state: to,
      pendingId,
      memo: resolve.memo ?? '',
      reference: { ...pending.reference, ...resolve.reference },
      staffId: resolve.staffId ?? null,
      userId: pending.userId,
      createdAt: now,
    });
    const holds = await tx.select().from(ledgerEntry).where(eq(ledgerEntry.transferId, pendingId));
    await this.apply(
      tx,
      id,
      holds.map((e) => ({ accountId: e.accountId, amount: e.amount })),
      { pending: false, release: true, post: to === 'posted', incomeSign: incomeSignOf(pending.kind) },
    );
    return { id, kind: pending.kind, state: to, createdAt: now, replayed: false };
  }

  /** A posting, voiding or reversal of another transfer: no key of its own, so it always goes in. */
  private async insertResolving(tx: Executor, transfer: Omit<NewTransfer, 'idempotencyKey' | 'fingerprint'>): Promise<number> {
    return (await insertTransfer(tx, { ...transfer, idempotencyKey: null, fingerprint: '' }))!;
  }

  /**
   * Locks the refs' accounts in id order, opening those not opened yet, and answers them by ref: one statement when
   * all are open (the lookup by kind and owner is the lock), as they are for all but a user's first transfer.
   */
  private async lockAccounts(refs: AccountRef[], tx: Executor): Promise<Map<string, AccountSums>> {
    const unique = [...new Map(refs.map((r) => [keyOf(r), { kind: r.kind, ownerId: r.ownerId ?? 0 }])).values()];
    let rows = await lockByKey(tx, unique);
    if (rows.length < unique.length) {
      const known = new Set(rows.map((r) => `${r.kind}:${r.ownerId}`));
      await tx
        .insert(ledgerAccount)
        .values(
          unique
            .filter((r) => !known.has(keyOf(r)))
            .map((r) => ({ kind: r.kind, ownerId: r.ownerId, currency: ACCOUNT_KINDS[r.kind].currency, mayGoNegative: ACCOUNT_KINDS[r.kind].mayGoNegative, createdAt: this.clock.now() })),
        )
        .onConflictDoNothing();
      rows = await lockByKey(tx, unique);
    }
    return new Map(rows.map((r) => [`${r.kind}:${r.ownerId}`, r]));
  }

  /**
   * Locks the accounts in id order (unless the caller has: `locked`), applies the moves to their sums in memory,
   * refuses an overdraft, then writes the sums and the entries (each with the posted balance after it) in one
   * statement.
   * - a hold (`pending`): the moves go to the pending sums;
   * - a release: the moves leave the pending sums, and with `post` go to the posted ones;
   * - otherwise the moves are posted.
   */
  private async apply(
    tx: Executor,
    transferId: number,
    moves: { accountId: number; amount: number }[],
    how: { pending: boolean; release?: boolean; post?: boolean; incomeSign: number },
    locked?: AccountSums[],
  ): Promise<void> {
    const rows = locked ?? (await lockById(tx, [...new Set(moves.map((m) => m.accountId))]));
    const accounts = new Map<number, Working>(rows.map((row) => [row.id, { row: { ...row }, changed: false }]));
    const entries: NewEntry[] = [];
    for (const move of moves) {
      const a = accounts.get(move.accountId)!;
      const r = a.row;
      const debit = move.amount < 0 ? -move.amount : 0;
      const credit = move.amount > 0 ? move.amount : 0;
      if (how.release) {
        r.debitsPending -= debit;
        r.creditsPending -= credit;
      }
      const posting = how.release ? how.post === true : !how.pending;
      if (how.pending) {
        r.debitsPending += debit;
        r.creditsPending += credit;
      } else if (posting) {
        r.debitsPosted += debit;
        r.creditsPosted += credit;
        if (credit > 0 && how.incomeSign > 0 && ACCOUNT_KINDS[r.kind].owner !== 'platform') r.incomePosted += credit;
        if (debit > 0 && how.incomeSign < 0 && ACCOUNT_KINDS[r.kind].owner !== 'platform') r.incomePosted -= debit;
      }
      a.changed = true;
      // A release that voids moves nothing: the hold's own entry stays, its transfer now says voided.
      if (how.pending || posting) entries.push({ accountId: r.id, amount: move.amount, pending: how.pending, balanceAfter: postedBalance(r) });
    }
    for (const { row } of accounts.values())
      if (!row.mayGoNegative && availableBalance(row) < 0) throw new AppError(40900, INSUFFICIENT, { field: 'amount' });
    const changed = [...accounts.values()].filter((a) => a.changed).map((a) => a.row);
    await writeSumsAndEntries(tx, changed, transferId, entries, this.clock.now());
  }

  /**
   * In the caller's transaction the work runs in a savepoint: a refusal (余额不足) rolls back the transfer's own rows
   * — its key, the accounts it opened — even when the caller catches it and commits the rest.
   */
  private inTransaction<T>(tx: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
    return (tx ?? this.db).transaction((t) => work(t));
  }
}

/** The account of a ref, if opened. */
export async function findAccount(db: Executor, ref: AccountRef): Promise<LedgerAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.kind, ref.kind), eq(ledgerAccount.ownerId, ref.ownerId ?? 0)));
  return row;
}

/** The entries of these transfers in the order they were written, each with its account and its transfer's kind and state. */
export function transferEntries(db: Executor, transferIds: readonly number[]) {
  if (transferIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      transfer_id: ledgerTransfer.id,
      transfer_kind: ledgerTransfer.kind,
      transfer_state: ledgerTransfer.state,
      account_kind: ledgerAccount.kind,
      owner_id: ledgerAccount.ownerId,
      currency: ledgerAccount.currency,
      amount: ledgerEntry.amount,
      pending: ledgerEntry.pending,
      balance_after: ledgerEntry.balanceAfter,
      created_at: ledgerEntry.createdAt,
    })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
    .where(inArray(ledgerEntry.transferId, [...transferIds]))
    .orderBy(asc(ledgerEntry.id));
}

/** Every currency's posted and pending sums: equal debits and credits is the ledger's invariant. */
export const ledgerSums = sql`select currency, sum(debits_posted)::float8 as debits, sum(credits_posted)::float8 as credits,
  sum(debits_pending)::float8 as pending_debits, sum(credits_pending)::float8 as pending_credits from ledger_account group by currency`;
