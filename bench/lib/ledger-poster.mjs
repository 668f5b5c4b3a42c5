/**
 * The child of bench/ledger-durability.mjs, run with the server's Node options (apps/server/node-args.mjs) so the
 * ledger's TypeScript loads. It opens the database (PGlite on a data folder, or PostgreSQL) and posts transfers through
 * the engine until it is killed: top-ups, spends, and withdrawals held (`reserve`) then posted or voided. It prints one
 * line per acknowledged transfer, written as soon as its commit returned:
 *
 *   ack <id> <state> <id of the hold it resolves, or -> <its entries, as ledger-workload.mjs's entriesText>
 *
 *   node <server node args> bench/lib/ledger-poster.mjs '{"engine":"pglite","dataDir":…,"writers":2,"users":100,"seed":1}'
 */
import { randomUUID } from 'node:crypto';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { openPglite, openPostgres } from '../../apps/server/src/lib/db/client.ts';
import { Ledger } from '../../apps/server/src/lib/ledger/ledger.ts';
import { amountBetween, entriesText, seededRandom } from './ledger-workload.mjs';

const { engine, url, dataDir, writers, users, seed } = JSON.parse(process.argv[2]);
const database = engine === 'postgres' ? await openPostgres(url, writers) : await openPglite({ dataDir });
await database.migrate();
const ledger = new Ledger(database.db, systemClock);

// What each user can spend and the holds on it, as the previous children left them.
const available = Array.from({ length: users + 1 }, () => 0);
const holds = Array.from({ length: users + 1 }, () => []);
for (const row of (await database.client.query(`select owner_id, (credits_posted - debits_posted - debits_pending)::text as available from ledger_account where kind = 'user_cash'`)).rows)
  available[row.owner_id] = Number(row.available);
const held = await database.client.query(`
  select t.id::text, a.owner_id, (-e.amount)::text as amount from ledger_transfer t
  join ledger_entry e on e.transfer_id = t.id join ledger_account a on a.id = e.account_id
  where t.state = 'pending' and a.kind = 'user_cash' order by t.id`);
for (const row of held.rows) holds[row.owner_id].push({ id: Number(row.id), amount: Number(row.amount) });

const clearing = { kind: 'payment_clearing' };
const revenue = { kind: 'revenue' };
const withdrawals = { kind: 'withdrawal_clearing' };
const cash = (user) => ({ kind: 'user_cash', ownerId: user });

/** Written synchronously (stdout is a pipe): once the call returns, the line outlives a kill. */
const acknowledge = (result, pendingId, entries) => process.stdout.write(`ack ${result.id} ${result.state} ${pendingId ?? '-'} ${entriesText(entries)}\n`);

/** One step for one of the writer's users; each user belongs to one writer, so its figures here stay exact. */
async function step(random, user) {
  const choice = random();
  if (holds[user].length && choice < 0.3) {
    const hold = holds[user].shift();
    if (random() < 0.7) {
      const result = await ledger.postPending(hold.id);
      acknowledge(result, hold.id, [['user_cash', user, -hold.amount, false], ['withdrawal_clearing', 0, hold.amount, false]]);
    } else {
      const result = await ledger.voidPending(hold.id);
      available[user] += hold.amount;
      acknowledge(result, hold.id, []);
    }
  } else if (available[user] >= 100 && choice < 0.6) {
    const amount = amountBetween(random, 100, Math.min(3_000, available[user]), 1);
    const result = await ledger.post({ kind: 'spend', legs: [{ debit: cash(user), credit: revenue, amount }] });
    available[user] -= amount;
    acknowledge(result, null, [['user_cash', user, -amount, false], ['revenue', 0, amount, false]]);
  } else if (available[user] >= 1_000 && choice < 0.7) {
    const amount = amountBetween(random, 1_000, available[user], 1);
    const result = await ledger.reserve({ kind: 'withdrawal', legs: [{ debit: cash(user), credit: withdrawals, amount }] });
    available[user] -= amount;
    holds[user].push({ id: result.id, amount });
    acknowledge(result, null, [['user_cash', user, -amount, true], ['withdrawal_clearing', 0, amount, true]]);
  } else {
    const amount = amountBetween(random, 1_000, 20_000, 100);
    const result = await ledger.post({ kind: 'top_up', legs: [{ debit: clearing, credit: cash(user), amount }], idempotencyKey: `topup:${randomUUID()}` });
    available[user] += amount;
    acknowledge(result, null, [['payment_clearing', 0, -amount, false], ['user_cash', user, amount, false]]);
  }
}

async function writer(index) {
  const random = seededRandom(seed + index);
  const own = Array.from({ length: users }, (_, i) => i + 1).filter((user) => user % writers === index);
  for (;;) await step(random, own[Math.floor(random() * own.length)]);
}

await Promise.all(Array.from({ length: writers }, (_, i) => writer(i))).catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
