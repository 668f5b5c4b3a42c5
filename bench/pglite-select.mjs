/**
 * What the app's Drizzle adds to a one-row select on PGlite (issue 30): the same statement — the staff row by id, all
 * its columns — through the app's `db.select()` and sent straight to the PGlite client, in one process on one in-memory
 * database opened as the app opens it (`openPglite`), blocks alternating, CPU time per query compared block by block.
 *
 *   node --import tsx bench/pglite-select.mjs [--blocks 20] [--per-block 2000]
 *
 * A third side runs the same select prepared once with a placeholder (Drizzle's `prepare`), which builds nothing per
 * call. The goal: Drizzle ÷ direct ≤ 1.2. Before the database was opened with Drizzle's parsers (apps/server/src/lib/db/
 * client.ts), PGlite copied its whole parser table for every answer Drizzle asked for, about 2×.
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { openPglite } from '../apps/server/src/lib/db/client.ts';
import { staff } from '../apps/server/src/modules/auth/table.ts';
import { runSeeds } from '../apps/server/src/seed/run.ts';
import { median, say } from './lib/server.mjs';

const { values: opts } = parseArgs({ options: { blocks: { type: 'string', default: '20' }, 'per-block': { type: 'string', default: '2000' } } });
const perBlock = Number(opts['per-block']);

const database = await openPglite();
await database.migrate();
await runSeeds({ db: database.db, log: pino({ level: 'silent' }), adminPassword: 'Bench-Pass-2026', demo: false });
const [admin] = await database.db.select({ id: staff.id }).from(staff).limit(1);
const query = () => database.db.select().from(staff).where(eq(staff.id, admin.id));
const { sql: text, params } = query().toSQL();

/** The same select built once with a placeholder (Drizzle's `prepare`): what is left when nothing is built per call. */
const prepared = database.db.select().from(staff).where(eq(staff.id, sql.placeholder('id'))).prepare('staff_by_id');

const sides = [
  { name: 'through Drizzle', run: () => query() },
  { name: 'straight to PGlite', run: () => database.client.query(text, params) },
  { name: 'through Drizzle, prepared once', run: () => prepared.execute({ id: admin.id }) },
];
// All answer the same row.
const [viaDrizzle, direct, viaPrepared] = [await sides[0].run(), await sides[1].run(), await sides[2].run()];
if (viaDrizzle.length !== 1 || direct.rows.length !== 1 || direct.rows[0].id !== viaDrizzle[0].id || viaPrepared[0]?.id !== viaDrizzle[0].id)
  throw new Error('the sides answer different rows');

/** CPU microseconds per query over one block. */
async function block(side) {
  const before = process.cpuUsage();
  for (let i = 0; i < perBlock; i++) await side.run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / perBlock;
}

for (const side of sides) await block(side); // warm-up
const ratios = [];
const preparedRatios = [];
const costs = sides.map(() => []);
for (let b = 0; b < Number(opts.blocks); b++) {
  // The order turns each block, so no side always follows the same one.
  const order = [0, 1, 2].map((k) => (k + b) % 3);
  const cost = [];
  for (const i of order) cost[i] = await block(sides[i]);
  cost.forEach((c, i) => costs[i].push(c));
  ratios.push(cost[0] / cost[1]);
  preparedRatios.push(cost[2] / cost[1]);
}
await database.close();

say(`One-row select of the staff table on PGlite, ${opts.blocks} blocks of ${perBlock} a side, alternating:`);
say('| side | CPU µs a query (median of blocks) |');
say('| --- | --- |');
sides.forEach((side, i) => say(`| ${side.name} | ${median(costs[i]).toFixed(1)} |`));
say(`Drizzle ÷ direct, median of the blocks' ratios: ${median(ratios).toFixed(2)} (goal ≤ 1.2)`);
say(`Drizzle prepared once ÷ direct: ${median(preparedRatios).toFixed(2)}`);
