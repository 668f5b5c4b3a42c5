import { isIdCardNumber, type StaffStatus } from '@juqi/contract';
import { asc } from 'drizzle-orm';
import { department } from '../../lib/db/schema';
import type { SeedContext } from '../../lib/module';
import { PersonnelRepository, type NewStaffRecord } from './repository';
import { addMonths, namedValues, PROBATION_MONTHS } from './service';

/** The operator's legal entities until their management lands; seeded whatever the demo, so records can name one. */
const COMPANIES = ['聚企科技有限公司', '聚企科技（上海）有限公司', '聚企网络服务（深圳）有限公司'];

// 单, 曾, 解, 仇 and 区 read as surnames (Shan, Zeng, Xie, Qiu, Ou) in the letter index.
const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢单解仇区'];
const GIVEN_NAMES = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '子涵', '雨桐', '浩然', '梓轩', '思远', '欣怡', '宇航'];
const REGIONS = ['110105', '310104', '440305', '330106', '510107', '420106', '320102', '500103'];
const POSTS = ['工程师', '高级工程师', '产品经理', '设计师', '销售代表', '客户经理', '会计', '人事专员', '行政助理', '测试工程师'];

/** A valid identity card number: region, birth day, sequence and the MOD 11-2 check character. */
export function demoIdCard(region: string, birthDay: string, sequence: number): string {
  const body = `${region}${birthDay.replaceAll('-', '')}${String(sequence % 1000).padStart(3, '0')}`;
  // The one check character the contract's validator accepts.
  return [...'0123456789X'].map((check) => body + check).find((number) => isIdCardNumber(number))!;
}

const DEMO_STAFF = 300;
const day = (base: string, offsetDays: number) => new Date(Date.parse(`${base}T00:00:00Z`) + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The companies while there are none; a demo's 300 staff over its departments while there are no staff. */
export async function seedPersonnel({ db, demo }: SeedContext): Promise<void> {
  const repo = new PersonnelRepository(db);
  if ((await repo.companyTotal()) === 0) await db.transaction((tx) => repo.addCompanies(COMPANIES, tx));
  if (!demo || (await repo.total()) > 0) return;
  const departmentIds = (await db.select({ id: department.id }).from(department).orderBy(asc(department.id))).map((row) => row.id);
  const companyIds = (await repo.companies()).map((company) => company.id);
  const records: NewStaffRecord[] = [];
  for (let i = 0; i < DEMO_STAFF; i += 1) {
    const name = SURNAMES[i % SURNAMES.length]! + GIVEN_NAMES[(i * 7) % GIVEN_NAMES.length]!;
    // Mostly staff in office, some candidates and some who left.
    const status: StaffStatus = i % 10 === 0 ? 'candidate' : i % 17 === 0 ? 'resigned' : i % 13 === 0 ? 'resigning' : i % 2 === 0 ? 'regular' : 'probation';
    const reportTime = status === 'candidate' ? null : day('2019-03-01', (i * 11) % 2400);
    records.push({
      ...namedValues(name),
      gender: i % 2 === 0 ? 'male' : 'female',
      // The sequence's last digit is odd for a man, even for a woman.
      idCard: demoIdCard(REGIONS[i % REGIONS.length]!, day('1975-01-01', (i * 53) % 9000), i * 2 + (i % 2 === 0 ? 1 : 0)),
      mobile: `13${String(800_000_000 + i * 7919).padStart(9, '0')}`,
      email: `staff${i + 1}@example.com`,
      companyId: companyIds[i % companyIds.length] ?? null,
      departmentId: departmentIds.length ? departmentIds[i % departmentIds.length]! : null,
      post: POSTS[i % POSTS.length]!,
      status,
      reportTime,
      probationEnd: reportTime ? addMonths(reportTime, PROBATION_MONTHS) : null,
      leavingDate: status === 'resigned' || status === 'resigning' ? day('2026-01-01', i % 60) : null,
    });
  }
  await db.transaction(async (tx) => {
    for (let start = 0; start < records.length; start += 100) await repo.insertMany(records.slice(start, start + 100), tx);
  });
}
