import type { SeedContext } from '../../lib/module';
import { GeneralRepository } from './repository';

/**
 * The industry tree an installation starts with: the industries of the marketplace's customers, each with its usual
 * sub-industries. Staff edit it on 行业设置.
 */
export const DEFAULT_INDUSTRIES: [string, string[]][] = [
  ['餐饮美食', ['中餐', '火锅', '西餐', '快餐小吃', '奶茶饮品', '烘焙甜点']],
  ['教育培训', ['学历教育', '职业技能', '语言培训', '少儿艺术', '驾校培训']],
  ['美业美容', ['美容护肤', '美发造型', '美甲美睫', '医疗美容']],
  ['家居建材', ['装修设计', '家具家纺', '建材五金', '智能家居']],
  ['汽车服务', ['新车销售', '二手车', '维修保养', '汽车美容']],
  ['医疗健康', ['口腔', '眼科', '中医养生', '体检中心', '药店']],
  ['电商零售', ['服装鞋包', '食品生鲜', '数码家电', '母婴用品']],
  ['房产中介', ['新房', '二手房', '租房', '商业地产']],
  ['旅游出行', ['旅行社', '酒店民宿', '景区门票', '租车出行']],
  ['本地生活', ['家政服务', '洗衣洗护', '宠物服务', '婚庆摄影', '休闲娱乐']],
  ['金融保险', ['银行', '保险', '证券基金', '消费金融']],
  ['法律服务', ['律师事务所', '知识产权', '公证服务']],
  ['科技互联网', ['软件开发', '人工智能', '网络营销', '云计算']],
  ['文化传媒', ['广告营销', '影视制作', '出版印刷', '直播带货']],
  ['农业', ['种植业', '养殖业', '农产品加工', '农资农具']],
];

/** Cities a demo marks hot (热门城市), first in this order. */
const DEMO_HOT_CITIES = ['110000', '310000', '440100', '440300', '330100', '510100'];

/**
 * The default industry tree on a first start (an empty dictionary), so staff's deletions stay deleted; a demo also
 * marks a few hot cities while none is. The cities themselves come with the migration that made their table.
 */
export async function seedGeneral({ db, demo }: SeedContext): Promise<void> {
  const repo = new GeneralRepository(db);
  if ((await repo.industryCount()) === 0) {
    await db.transaction(async (tx) => {
      const tops = await repo.addTopLevel(DEFAULT_INDUSTRIES.map(([name], i) => ({ name, sort: (i + 1) * 10 })), tx);
      await repo.addChildren(
        DEFAULT_INDUSTRIES.flatMap(([name, children]) => children.map((child, j) => ({ parentId: tops.get(name)!, name: child, sort: (j + 1) * 10 }))),
        tx,
      );
    });
  }
  if (demo && (await repo.hotCityCount()) === 0) await repo.markHot(DEMO_HOT_CITIES);
}
