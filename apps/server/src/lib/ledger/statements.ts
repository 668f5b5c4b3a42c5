import type { AccountKind, TransferKind, TransferState } from '@juqi/contract';
import type { Executor } from '../db/client';
import { NamedStatements } from '../db/named-statements';

/**
 * The posting's statements (docs/finance.md › Locking), written once as text: a transfer's accounts and entries travel
 * as arrays, so each statement is one text whatever the transfer's size. On PostgreSQL they are named, so a connection
 * parses and plans each once; on both engines nothing is built per transfer (Drizzle's building was most of the
 * engine's own CPU: bench/README.md › Ledger). Amounts come back as float8 — exact for whole numbers up to 2^53 —
 * so both drivers give numbers.
 */
const statements = new NamedStatements('ledger', 10);

/** An account's row as the posting reads it: what it is, and its four sums and income. */
export interface AccountSums {
  id: number;
  kind: AccountKind;
  ownerId: number;
  mayGoNegative: boolean;
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
  incomePosted: number;
}

const SUMS = `a.id::float8 as id, a.kind, a.owner_id as "ownerId", a.may_go_negative as "mayGoNegative",
  a.debits_posted::float8 as "debitsPosted", a.credits_posted::float8 as "creditsPosted",
  a.debits_pending::float8 as "debitsPending", a.credits_pending::float8 as "creditsPending",
  a.income_posted::float8 as "incomePosted"`;

const INSERT_TRANSFER = `insert into ledger_transfer
    (kind, state, idempotency_key, fingerprint, memo, reference, staff_id, user_id, created_at, pending_id, reverses_id)
  values ($1::text, $2::text, $3::text, $4::text, $5::text, $6::text::jsonb, $7::int, $8::int, $9::timestamptz, $10::bigint, $11::bigint)
  on conflict (idempotency_key) do nothing
  returning id::float8 as id`;

/** The accounts by kind and owner, locked in id order: the lookup is the lock. */
const LOCK_BY_KEY = `select ${SUMS} from ledger_account a
  join unnest($1::text[], $2::int[]) as k(kind, owner_id) on a.kind = k.kind and a.owner_id = k.owner_id
  order by a.id for update of a`;

/** The accounts by id, locked in id order. */
const LOCK_BY_ID = `select ${SUMS} from ledger_account a where a.id = any($1::bigint[]) order by a.id for update`;

/**
 * The changed accounts' new sums and the transfer's entries, in one statement: the update in a data-modifying `with`,
 * which runs whether or not the insert reads it; the entries inserted in their order (their ids are the ledger's
 * order of entries).
 */
const WRITE = `with sums as (
    update ledger_account a set debits_posted = v.debits_posted, credits_posted = v.credits_posted,
      debits_pending = v.debits_pending, credits_pending = v.credits_pending, income_posted = v.income_posted
    from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
      as v(id, debits_posted, credits_posted, debits_pending, credits_pending, income_posted)
    where a.id = v.id)
  insert into ledger_entry (transfer_id, account_id, amount, pending, balance_after, created_at)
  select $7::bigint, e.account_id, e.amount, e.pending, e.balance_after, $8::timestamptz
  from unnest($9::bigint[], $10::bigint[], $11::boolean[], $12::bigint[]) with ordinality as e(account_id, amount, pending, balance_after, ord)
  order by e.ord`;

export interface NewTransfer {
  kind: TransferKind;
  state: TransferState;
  idempotencyKey: string | null;
  fingerprint: string;
  memo: string;
  reference: Record<string, string | number>;
  staffId: number | null;
  userId: number | null;
  createdAt: Date;
  /** The pending transfer this one posts or voids. */
  pendingId?: number;
  /** The transfer this one reverses. */
  reversesId?: number;
}

/** Inserts a transfer; its id, or none when its idempotency key is taken (a transfer without a key always goes in). */
export async function insertTransfer(tx: Executor, t: NewTransfer): Promise<number | undefined> {
  const params = [
    t.kind,
    t.state,
    t.idempotencyKey,
    t.fingerprint,
    t.memo,
    JSON.stringify(t.reference),
    t.staffId,
    t.userId,
    t.createdAt.toISOString(),
    t.pendingId ?? null,
    t.reversesId ?? null,
  ];
  const [row] = await statements.text<{ id: number }>(tx, INSERT_TRANSFER, params);
  return row?.id;
}

export function lockByKey(tx: Executor, keys: readonly { kind: AccountKind; ownerId: number }[]): Promise<AccountSums[]> {
  return statements.text<AccountSums>(tx, LOCK_BY_KEY, [keys.map((k) => k.kind), keys.map((k) => k.ownerId)]);
}

export function lockById(tx: Executor, ids: readonly number[]): Promise<AccountSums[]> {
  return statements.text<AccountSums>(tx, LOCK_BY_ID, [ids]);
}

export interface NewEntry {
  accountId: number;
  amount: number;
  pending: boolean;
  balanceAfter: number;
}

export async function writeSumsAndEntries(tx: Executor, accounts: readonly AccountSums[], transferId: number, entries: readonly NewEntry[], at: Date): Promise<void> {
  await statements.text(tx, WRITE, [
    accounts.map((a) => a.id),
    accounts.map((a) => a.debitsPosted),
    accounts.map((a) => a.creditsPosted),
    accounts.map((a) => a.debitsPending),
    accounts.map((a) => a.creditsPending),
    accounts.map((a) => a.incomePosted),
    transferId,
    at.toISOString(),
    entries.map((e) => e.accountId),
    entries.map((e) => e.amount),
    entries.map((e) => e.pending),
    entries.map((e) => e.balanceAfter),
  ]);
}
