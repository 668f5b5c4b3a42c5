import { asc, eq } from 'drizzle-orm';
import type { SeedContext } from '../../lib/module';
import { agency, users } from '../../lib/db/schema';
import { merchant, merchantProduct } from './table';

const PLACES = ['杭州', '宁波', '北京', '上海', '广州', '深圳', '成都', '武汉'];
const TRADES = ['星河餐饮', '云帆科技', '绿源农业', '锦绣服饰', '鼎盛建材', '优品超市', '康宁口腔', '乐学教育'];
const CONTACTS = ['王磊', '李娜', '张伟', '刘洋', '陈静', '杨帆', '赵敏', '黄涛'];
const DAY_MS = 86_400_000;
/** The demo's products: [产品名称, 价格 in yuan]. */
const PRODUCTS: [string, number][] = [
  ['招牌套餐', 88],
  ['双人午市', 128],
  ['智能门锁', 1299],
  ['企业网盘年卡', 680],
  ['有机大米 5kg', 69.9],
  ['春季连衣裙', 259],
  ['防水涂料', 320],
  ['会员储值卡', 500],
  ['洁牙护理', 198],
  ['少儿编程课', 2980],
];

/**
 * The demo's customers: while there are none, two or three for each of the first 24 agencies, named 城市 + 行业 +
 * 有限公司 (unique, as 客户名称 must be), with a contact, added over the last half year; two products each for the first
 * thirty.
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
  if (!rows.length) return;
  const added = await db.insert(merchant).values(rows.slice(0, PLACES.length * TRADES.length)).returning({ id: merchant.id, createdAt: merchant.createdAt });
  // Two products each for the first 30 customers, added the day after them.
  const products = added.slice(0, 30).flatMap(({ id, createdAt }, c) =>
    PRODUCTS.slice((c * 2) % PRODUCTS.length, ((c * 2) % PRODUCTS.length) + 2).map(([name, price]) => ({
      merchantId: id,
      extra: { product_name: name, price, pictures: null, on_sale: true, intro: null },
      createdAt: new Date(createdAt.getTime() + DAY_MS),
    })),
  );
  await db.insert(merchantProduct).values(products);
}
