import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../src/lib/db/client';

/** The rows a raw query answers, on either driver. */
export async function rowsOf<R>(db: Executor, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/**
 * The ledger's standing invariants (docs/finance.md), read from the database: every currency balances, posted and
 * pending; no account that may not go negative is below zero with its holds; every account's four sums are its
 * entries' (pending sums: the holds whose transfer still holds); with `balancesAfter`, every entry's balance_after is
 * the running sum of its account's posted entries (entries are written under their account's lock, in that order).
 */
export async function expectLedgerInvariants(db: Executor, { balancesAfter = false } = {}): Promise<void> {
  const unbalanced = await rowsOf(db, sql`select currency from ledger_account group by currency
    having sum(credits_posted) <> sum(debits_posted) or sum(credits_pending) <> sum(debits_pending)`);
  expect(unbalanced, 'trial balance').toEqual([]);

  const overdrawn = await rowsOf(db, sql`select id, kind, owner_id from ledger_account where not may_go_negative and credits_posted - debits_posted - debits_pending < 0`);
  expect(overdrawn, 'overdrawn accounts').toEqual([]);

  const mismatched = await rowsOf(db, sql`with sums as (
      select e.account_id,
        coalesce(sum(-e.amount) filter (where not e.pending and e.amount < 0), 0) as debits_posted,
        coalesce(sum(e.amount) filter (where not e.pending and e.amount > 0), 0) as credits_posted,
        coalesce(sum(-e.amount) filter (where e.pending and e.amount < 0 and t.state = 'pending'), 0) as debits_pending,
        coalesce(sum(e.amount) filter (where e.pending and e.amount > 0 and t.state = 'pending'), 0) as credits_pending
      from ledger_entry e join ledger_transfer t on t.id = e.transfer_id group by e.account_id)
    select a.id, a.kind, a.owner_id from ledger_account a left join sums s on s.account_id = a.id
    where (a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending)
      is distinct from (coalesce(s.debits_posted, 0), coalesce(s.credits_posted, 0), coalesce(s.debits_pending, 0), coalesce(s.credits_pending, 0))`);
  expect(mismatched, 'accounts whose sums are not their entries').toEqual([]);

  if (!balancesAfter) return;
  // A hold's entry moves nothing posted, so it carries the posted balance of its moment.
  const wrongBalances = await rowsOf(db, sql`select id, account_id, balance_after::float8, running::float8 from (
      select e.id, e.account_id, e.balance_after,
        sum(case when e.pending then 0 else e.amount end) over (partition by e.account_id order by e.id) as running
      from ledger_entry e) x
    where balance_after <> running`);
  expect(wrongBalances, 'entries whose balance_after is not the running sum').toEqual([]);
}
