import { LEAD_SOURCES, LEAD_STAGES } from '@juqi/contract';
import { count } from 'drizzle-orm';
import type { SeedContext } from '../../lib/module';
import { recruitmentLead } from './table';

/** Leads at every stage but 已转员工 (which only a conversion sets), for the demo. */
const DEMO_LEADS: [string, string, string, number, number][] = [
  ['韩梅梅', '13811110001', '短视频编导', LEAD_SOURCES.job_site, LEAD_STAGES.new],
  ['李雷', '13811110002', '内容运营', LEAD_SOURCES.referral, LEAD_STAGES.contacted],
  ['欧阳娜娜', '13811110003', '商务拓展', LEAD_SOURCES.headhunter, LEAD_STAGES.interviewing],
  ['单田芳', '13811110004', '主播', LEAD_SOURCES.website, LEAD_STAGES.offered],
  ['曾可妮', '13811110005', '剪辑师', LEAD_SOURCES.campus, LEAD_STAGES.interviewing],
  ['解晓东', '13811110006', '数据分析', LEAD_SOURCES.job_site, LEAD_STAGES.dropped],
  ['仇英', '13811110007', '设计师', LEAD_SOURCES.other, LEAD_STAGES.new],
  ['区志坚', '13811110008', '客户经理', LEAD_SOURCES.referral, LEAD_STAGES.contacted],
];

export async function seedRecruitment({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  const [existing] = await db.select({ n: count() }).from(recruitmentLead);
  if (existing!.n > 0) return;
  await db.insert(recruitmentLead).values(DEMO_LEADS.map(([name, mobile, post, source, stage]) => ({ name, mobile, post, source, stage })));
}
