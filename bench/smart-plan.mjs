/**
 * 智能发布's planner at scale (issue 31): 10,000 approved materials over 500 accounts, each with its posting windows,
 * daily quota, least gap, publications it holds and texts it must not repeat — the server's own `planSmartPublish`,
 * in this process, on random input from a fixed seed. Beside it, in the same run, a bare baseline: the same materials
 * dealt round-robin to the accounts a minute apart, keeping no rule (the cost of making the entries at all). Every
 * plan is checked with `checkPlan` — no window, quota, gap or repeat broken — and each material placed once or
 * reported; a broken rule fails the bench.
 *
 *   node --import tsx bench/smart-plan.mjs [--materials 10000] [--accounts 500] [--days 14] [--rounds 5]
 */
import { parseArgs } from 'node:util';
import { checkPlan, planSmartPublish, textKeys } from '../apps/server/src/modules/publishing/planner.ts';
import { median, say } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    materials: { type: 'string', default: '10000' },
    accounts: { type: 'string', default: '500' },
    days: { type: 'string', default: '14' },
    rounds: { type: 'string', default: '5' },
  },
});
const [materialCount, accountCount, days, rounds] = [opts.materials, opts.accounts, opts.days, opts.rounds].map(Number);

/** mulberry32: the same input on every run. */
function seeded(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(31);
const pick = (list) => list[Math.floor(random() * list.length)];
const time = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const from = Date.parse('2026-12-07T00:00:00+08:00');
const materials = Array.from({ length: materialCount }, (_, i) => ({ id: i + 1, titleHash: `t${i + 1}`, bodyHash: `b${i + 1}` }));
const accounts = Array.from({ length: accountCount }, (_, i) => {
  // One to three windows, a morning, an afternoon or an evening; a tenth of the accounts keep the default.
  const windows =
    random() < 0.1
      ? []
      : Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
          const start = pick([7, 9, 12, 14, 18, 20]) * 60 + pick([0, 30]);
          return { days: pick([1, 1, 2, 3, 11, 15]), start: time(start), end: time(Math.min(1440, start + 60 * (1 + Math.floor(random() * 4)))) };
        });
  // What it already holds: a few publications in the span, and a few of the materials' texts.
  const held = Array.from({ length: Math.floor(random() * 6) }, () => from + Math.floor(random() * days * 86_400) * 1000);
  const texts = new Set(Array.from({ length: Math.floor(random() * 4) }, () => textKeys(pick(materials))[Math.floor(random() * 3)]));
  return { id: i + 1, dailyQuota: 1 + Math.floor(random() * 5), minGap: pick([0, 10, 30, 60, 120]), windows, held, texts };
});
const input = { from, days, zone: 'Asia/Shanghai', accounts, materials };

/** The baseline: each material to the next account, a minute after the last, no rule kept. */
function bare() {
  const entries = [];
  for (let i = 0; i < materials.length; i++) entries.push({ materialId: materials[i].id, accountId: accounts[i % accounts.length].id, at: from + Math.floor(i / accounts.length) * 60_000 });
  return { entries, unplaced: [] };
}

const sides = [
  { name: 'bare baseline (round-robin, no rules)', run: bare, times: [] },
  { name: 'planSmartPublish', run: () => planSmartPublish(input), times: [] },
];
let plan;
const heapBefore = process.memoryUsage().heapUsed;
for (let round = 0; round < rounds; round++) {
  for (const side of sides) {
    const started = performance.now();
    const made = side.run();
    side.times.push(performance.now() - started);
    if (side.name === 'planSmartPublish') plan = made;
  }
}
const heapAfter = process.memoryUsage().heapUsed;

const checkStarted = performance.now();
const violations = checkPlan(plan.entries, input);
const checkMs = performance.now() - checkStarted;
const placed = new Set(plan.entries.map((entry) => entry.materialId));
const accounted = placed.size + plan.unplaced.length;
const usedAccounts = new Set(plan.entries.map((entry) => entry.accountId)).size;
const last = Math.max(...plan.entries.map((entry) => entry.at));

say(`smart plan: ${materialCount} materials × ${accountCount} accounts over ${days} days (Asia/Shanghai), ${rounds} rounds, median`);
const [baseline, planner] = sides.map((side) => median(side.times));
for (const side of sides) say(`  ${side.name.padEnd(40)} ${median(side.times).toFixed(1).padStart(8)} ms`);
say(`  planner ÷ baseline: ${(planner / baseline).toFixed(1)}×; checkPlan over the plan: ${checkMs.toFixed(1)} ms`);
say(`  placed ${placed.size}, unplaced ${plan.unplaced.length} (${plan.unplaced.filter((one) => one.reason === 'repeated').length} repeated, ${plan.unplaced.filter((one) => one.reason === 'no_slot').length} without a slot), on ${usedAccounts} accounts, the last at ${new Date(last).toISOString()}`);
say(`  heap grown over the rounds: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB`);
say(`  rules broken: ${violations.length}`);
if (violations.length || accounted !== materialCount || placed.size !== plan.entries.length) {
  say(`FAILED: ${violations.length} broken (${violations.slice(0, 5).map((one) => `${one.rule}:${one.entry.materialId}`).join(', ')}), ${accounted} of ${materialCount} materials accounted for`);
  process.exit(1);
}
