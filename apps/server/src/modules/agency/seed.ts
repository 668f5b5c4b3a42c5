import { sql } from 'drizzle-orm';
import { relevanceRegionCity, users } from '../../lib/db/schema';
import type { SeedContext } from '../../lib/module';
import { AGENT } from './applications';
import { agency } from './table';

/**
 * Every user of type 1 is an agency with a row in `agency`. An approved 代理申请 writes the row; a user made type 1
 * another way — before applications existed, or by the data generator (`db:seed -- --users N`) — gets one here, at every
 * start: active, joined when registered, in the user's city and that city's region, with no application. One set-based
 * statement, which adds nothing once every agent has its row.
 */
export async function seedAgencies({ db, log }: SeedContext): Promise<void> {
  const result = (await db.execute(sql`
    with added as (
    insert into ${agency} (user_id, city_code, region_id, joined_at)
    select u.id, u.city_code, (select rc.region_id from ${relevanceRegionCity} rc where rc.city_code = u.city_code), u.registered_at
    from ${users} u
    where u.type_user = ${AGENT} and not exists (select 1 from ${agency} a where a.user_id = u.id)
    on conflict (user_id) do nothing
    returning 1)
    select count(*)::int as n from added`)) as unknown as { rows: { n: number }[] };
  const count = result.rows[0]?.n ?? 0;
  if (count > 0) log.info({ agencies: count }, 'agency rows added for users of type 1 without one');
}
