import { LEAD_STAGES } from '@juqi/contract';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Db } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { StaffRecordsDirectory } from '../../lib/http/types';
import { recruitmentLead } from './table';

type Actor = { staffId: number; ip: string };

export class RecruitmentService {
  constructor(
    private readonly db: Db,
    private readonly staffRecords: StaffRecordsDirectory,
  ) {}

  /**
   * 转为员工: the lead's candidate record and its converted stage commit together, under the lead's row lock, so two
   * clicks make one record (the second sees the lead converted: 40900).
   */
  async convert(input: { id: number; company_id?: number | null; department_id?: number | null }, actor: Actor): Promise<{ staff_id: number }> {
    return this.db.transaction(async (tx) => {
      const [lead] = await tx.select().from(recruitmentLead).where(eq(recruitmentLead.id, input.id)).for('update');
      if (!lead) throw AppError.notFound();
      if (lead.stage === LEAD_STAGES.converted) {
        throw AppError.conflict({ 'zh-CN': '该线索已转为员工', 'en-US': 'This lead has been converted already' });
      }
      const { id } = await this.staffRecords.addCandidate(
        { name: lead.name, mobile: lead.mobile, post: lead.post || null, company_id: input.company_id ?? null, department_id: input.department_id ?? null },
        actor,
        tx,
      );
      await tx.update(recruitmentLead).set({ stage: LEAD_STAGES.converted, staffRecordId: id, updatedAt: sql`now()` }).where(eq(recruitmentLead.id, lead.id));
      await recordAudit(tx, { staffId: actor.staffId, action: 'recruitment.lead.convert', target: `recruitment.lead:${lead.id}`, detail: { before: { stage: lead.stage }, after: { stage: LEAD_STAGES.converted, staff_record_id: id } }, ip: actor.ip });
      return { staff_id: id };
    });
  }
}
