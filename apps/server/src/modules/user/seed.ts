import { asc, count, eq } from 'drizzle-orm';
import { agencyLevel, generalIndustry } from '../../lib/db/schema';
import type { SeedContext } from '../../lib/module';
import { keepDemoDocuments } from './demo-documents';
import { generateUsers } from './generator';
import { userPost, users } from './table';

/** Posts users hold in their work (pw_id) and in their agency (agency_pw_id); one dictionary, `pw_list`. */
export const SERVICE_POSTS = ['内容运营', '短视频编辑', '文案策划', '摄影摄像', '平面设计', '直播运营', 'SEO 优化', '新媒体推广', '客户经理', '商务拓展'];
export const AGENCY_POSTS = ['城市合伙人', '区域代理', '渠道经理', '团队长', '门店店长'];

/** Users a demo install starts with. */
export const DEMO_USERS = 3000;

/**
 * The post dictionary always (the levels are the agency module's); generated users up to DEMO_USERS on a demo start, or up to the size asked
 * with `db:seed -- --users N`. Adds only what is missing, so it runs at every start.
 */
export async function seedUsers({ db, log, demo, sizes, files }: SeedContext): Promise<void> {
  await db
    .insert(userPost)
    .values([...SERVICE_POSTS, ...AGENCY_POSTS].map((name, i) => ({ name, sort: (i + 1) * 10 })))
    .onConflictDoNothing();

  const wanted = sizes?.users ?? (demo ? DEMO_USERS : 0);
  if (wanted <= 0) return;
  const [row] = await db.select({ n: count() }).from(users);
  const missing = wanted - (row?.n ?? 0);
  if (missing <= 0) return;
  // The generated submissions name the demo documents: real pictures, readable only through the review's checked call.
  if (files) await keepDemoDocuments(files);
  const posts = await db.select().from(userPost);
  const idsOf = (names: string[]) => posts.filter((p) => names.includes(p.name)).map((p) => p.id);
  const levels = await db.select({ level: agencyLevel.level }).from(agencyLevel).orderBy(asc(agencyLevel.level));
  const industries = await db.select({ id: generalIndustry.id }).from(generalIndustry).where(eq(generalIndustry.enabled, true));
  await generateUsers(
    db,
    missing,
    {
      servicePostIds: idsOf(SERVICE_POSTS),
      agencyPostIds: idsOf(AGENCY_POSTS),
      industryIds: industries.map((i) => i.id),
      levels: levels.map((l) => l.level),
    },
    log,
  );
  log.info({ users: missing }, 'generated marketplace users');
}
