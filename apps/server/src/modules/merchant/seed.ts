import { asc, eq } from 'drizzle-orm';
import type { SeedContext } from '../../lib/module';
import { agency, users } from '../../lib/db/schema';
import { merchant } from './table';

const PLACES = ['杭州', '宁波', '北京', '上海', '广州', '深圳', '成都', '武汉'];
const TRADES = ['星河餐饮', '云帆科技', '绿源农业', '锦绣服饰', '鼎盛建材', '优品超市', '康宁口腔', '乐学教育'];
const CONTACTS = ['王磊', '李娜', '张伟', '刘洋', '陈静', '杨帆', '赵敏', '黄涛'];
const DAY_MS = 86_400_000;

/**
 * The demo's customers: while there are none, two or three for each of the first 24 agencies, named 城市 + 行业 +
 * 有限公司 (unique, as 客户名称 must be), with a contact, added over the last half year.
 */
export async function seedMerchants({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  const [any] = await db.select({ id: merchant.id }).from(merchant).limit(1);
  if (any) return;
  const agencies = await db.select({ id: agency.userId }).from(agency).innerJoin(users, eq(users.id, agency.userId)).where(eq(agency.status, 'active')).orderBy(asc(agency.userId)).limit(24);
  const now = Date.now();
  let n = 0;
  const rows = agencies.flatMap(({ id }, a) =>
    Array.from({ length: 2 + (a % 2) }, () => {
      const k = n++;
      const name = `${PLACES[k % PLACES.length]}${TRADES[Math.floor(k / PLACES.length) % TRADES.length]}有限公司`;
      return {
        agencyId: id,
        extra: { customer_name: name, contact_name: CONTACTS[k % CONTACTS.length], contact_mobile: `1390571${String(1000 + k).padStart(4, '0')}`, remark: null },
        // Added as staff add them: the apps' sign-up and an agency's own additions come with those calls.
        source: 'staff' as const,
        createdAt: new Date(now - ((k * 37) % 180) * DAY_MS - (k % 24) * 3_600_000),
      };
    }),
  );
  // Names repeat after 64 customers: the demo stops there.
  if (rows.length) await db.insert(merchant).values(rows.slice(0, PLACES.length * TRADES.length));
}
