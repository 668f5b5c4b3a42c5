/**
 * Routes that exist only in benchmark processes, never in the shipped server:
 *
 *   GET /bench/bare                 a bare Fastify route: no contract, no schema, no guard, a constant answer
 *   GET /api/bench/staff-open       one handler (reads one staff row, answers it through the contract), registered
 *   GET /api/bench/staff-guarded    twice: once public, once behind the access guard (session + operation check)
 */
import { defineCall, operation } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { staff } from '../../apps/server/src/lib/db/schema.ts';
import { route } from '../../apps/server/src/lib/http/route.ts';
import { BENCH_OPERATION } from './server.mjs';


const staffRow = z.object({ id: z.number(), staff_num: z.string(), name: z.string() });
const twin = (path, permission) => defineCall({ method: 'GET', path, tag: 'bench', summary: 'bench', permission, data: staffRow });

/** The same function for both twins: one indexed read, as most calls make. */
async function readAdmin({ request }) {
  const [row] = await request.server.database.db
    .select({ id: staff.id, staff_num: staff.staffNum, name: staff.name })
    .from(staff)
    .where(eq(staff.staffNum, 'admin'));
  return row;
}

export function addBenchRoutes(app) {
  app.get('/bench/bare', () => ({ code: 20000, message: '成功', data: { ok: true } }));
  route(app, twin('/api/bench/staff-open', 'public'), readAdmin);
  route(app, twin('/api/bench/staff-guarded', operation(BENCH_OPERATION)), readAdmin);
}
