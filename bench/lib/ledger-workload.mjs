/**
 * What the ledger benchmarks share (bench/ledger.mjs, bench/ledger-durability.mjs and their workers): seeded
 * randomness, the stream of transfers they post, and the checks of the ledger's invariants, in plain SQL that runs on
 * PGlite and on PostgreSQL alike (`client.query(text, params)` answering `{ rows }`).
 */

/** A small seeded generator (mulberry32), so a run's choices can be replayed with --seed. */
export function seededRandom(seed) {
  let state = Number(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number of fen from `low` to `high`, in steps of `step`. */
export const amountBetween = (random, low, high, step) => low + step * Math.floor(random() * ((high - low) / step + 1));

/**
 * `count` two-entry transfers over users 1..`users`: top-ups (payment clearing → the user's cash) and spends (the
 * user's cash → revenue), so one of the platform's two accounts takes every transfer, as in life. A spend is only
 * drawn when the user's balance, followed as the list is made, covers it: the list posts without 余额不足 as long as
 * each user's transfers are posted in their order.
 */
export function transferList({ count, users, seed }) {
  const random = seededRandom(seed);
  const balances = Array.from({ length: users + 1 }, () => 0);
  const list = [];
  for (let n = 1; n <= count; n++) {
    const user = 1 + Math.floor(random() * users);
    const spend = amountBetween(random, 100, 3_000, 10);
    if (balances[user] >= spend && random() < 0.6) {
      balances[user] -= spend;
      list.push({ kind: 'spend', user, amount: spend, key: `order:${n}` });
    } else {
      const topUp = amountBetween(random, 1_000, 20_000, 100);
      balances[user] += topUp;
      list.push({ kind: 'top_up', user, amount: topUp, key: `topup:${n}` });
    }
  }
  return list;
}

/**
 * A transfer's entries as the checks compare them: `kind:owner:amount:pending` each, sorted by amount (a transfer's
 * entries here are one debit and one credit), space-separated. `entries` are `[kind, owner, amount, pending]`.
 */
export const entriesText = (entries) =>
  entries
    .toSorted((a, b) => a[2] - b[2])
    .map((e) => e.join(':'))
    .join(' ');

/** Every transfer with its state, what it resolves and its entries in `entriesText` form: id → row. */
export async function transfersWithEntries(client) {
  const { rows } = await client.query(`
    select t.id::text as id, t.kind, t.state, t.pending_id::text as pending_id,
      coalesce(string_agg(a.kind || ':' || a.owner_id || ':' || e.amount || ':' || e.pending, ' ' order by e.amount), '') as entries
    from ledger_transfer t
    left join ledger_entry e on e.transfer_id = t.id
    left join ledger_account a on a.id = e.account_id
    group by t.id`);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/**
 * The ledger's invariants, each as a query answering the rows that break it; answers one line per broken row (none
 * when the ledger is whole).
 */
const INVARIANTS = [
  {
    name: 'trial balance: credits − debits over all accounts is 0 per currency, posted and pending',
    sql: `select currency, sum(credits_posted - debits_posted)::text as posted, sum(credits_pending - debits_pending)::text as pending
          from ledger_account group by currency
          having sum(credits_posted - debits_posted) <> 0 or sum(credits_pending - debits_pending) <> 0`,
  },
  {
    name: "an account's four sums equal its entries' (posted: the entries that moved money; pending: the holds still held)",
    sql: `with sums as (
            select e.account_id,
              sum(case when not e.pending and e.amount < 0 then -e.amount else 0 end) as debits_posted,
              sum(case when not e.pending and e.amount > 0 then e.amount else 0 end) as credits_posted,
              sum(case when e.pending and t.state = 'pending' and e.amount < 0 then -e.amount else 0 end) as debits_pending,
              sum(case when e.pending and t.state = 'pending' and e.amount > 0 then e.amount else 0 end) as credits_pending
            from ledger_entry e join ledger_transfer t on t.id = e.transfer_id group by e.account_id)
          select a.id::text, a.kind, a.owner_id,
            a.debits_posted::text || '/' || coalesce(s.debits_posted, 0)::text as debits_posted,
            a.credits_posted::text || '/' || coalesce(s.credits_posted, 0)::text as credits_posted,
            a.debits_pending::text || '/' || coalesce(s.debits_pending, 0)::text as debits_pending,
            a.credits_pending::text || '/' || coalesce(s.credits_pending, 0)::text as credits_pending
          from ledger_account a left join sums s on s.account_id = a.id
          where (a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending)
            is distinct from (coalesce(s.debits_posted, 0), coalesce(s.credits_posted, 0), coalesce(s.debits_pending, 0), coalesce(s.credits_pending, 0))`,
  },
  {
    name: "an account's newest entry carries its posted balance",
    sql: `select a.id::text, a.kind, a.owner_id, (a.credits_posted - a.debits_posted)::text as balance, last.balance_after::text
          from ledger_account a
          join lateral (select balance_after from ledger_entry where account_id = a.id order by id desc limit 1) last on true
          where last.balance_after <> a.credits_posted - a.debits_posted`,
  },
  {
    name: "a transfer's entries sum to 0",
    sql: 'select transfer_id::text, sum(amount)::text as sum from ledger_entry group by transfer_id having sum(amount) <> 0',
  },
  {
    name: 'a transfer that moved or holds money has its entries (only a voiding one has none)',
    sql: `select t.id::text, t.kind, t.state from ledger_transfer t
          where t.state <> 'voided' and not exists (select 1 from ledger_entry e where e.transfer_id = t.id)`,
  },
  {
    name: 'a transfer whose entries moved money is posted',
    sql: `select t.id::text, t.state from ledger_transfer t
          where t.state <> 'posted' and exists (select 1 from ledger_entry e where e.transfer_id = t.id and not e.pending)`,
  },
  {
    name: 'a hold no longer pending was posted or voided by a transfer naming it, in the same state',
    sql: `select h.id::text, h.state from ledger_transfer h
          where h.state <> 'pending' and exists (select 1 from ledger_entry e where e.transfer_id = h.id and e.pending)
            and not exists (select 1 from ledger_transfer r where r.pending_id = h.id and r.state = h.state)`,
  },
];

export async function brokenInvariants(client) {
  const broken = [];
  for (const { name, sql } of INVARIANTS) {
    const { rows } = await client.query(sql);
    for (const row of rows) broken.push(`${name}: ${JSON.stringify(row)}`);
  }
  return broken;
}
