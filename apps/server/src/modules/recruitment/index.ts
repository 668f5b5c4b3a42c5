import { LEAD_STAGES, recruitmentCalls, recruitmentLead } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { seedRecruitment } from './seed';
import { RecruitmentService } from './service';
import { recruitmentLead as recruitmentLeadTable } from './table';

const convertedOnlyByConverting = () =>
  AppError.invalid('stage', { 'zh-CN': '只能通过“转为员工”变为已转员工', 'en-US': 'a lead becomes 已转员工 only by 转为员工 (lead_convert)' });

/** 招聘线索: recruitment leads and their conversion into candidate staff records (docs/recruitment.md). */
export const recruitmentModule: ServerModule = {
  name: 'recruitment',
  seed: seedRecruitment,
  routes: async (app) => {
    const service = new RecruitmentService(app.database.db, lazyService(app.access, 'staffRecords', 'personnel'));

    resourceRoutes(app, recruitmentLead, recruitmentLeadTable, {
      // 已转员工 names the staff record a conversion made: no form sets it, and a converted lead keeps it.
      async beforeWrite(values, { before }) {
        const wasConverted = before?.stage === LEAD_STAGES.converted;
        if (values.stage === LEAD_STAGES.converted && !wasConverted) throw convertedOnlyByConverting();
        if (wasConverted && values.stage !== undefined && values.stage !== LEAD_STAGES.converted) {
          throw AppError.invalid('stage', { 'zh-CN': '已转员工的线索不能改为其他阶段', 'en-US': 'a converted lead stays 已转员工' });
        }
      },
    });

    route(app, recruitmentCalls.convert, ({ body, principal, request }) => service.convert(body, { staffId: principal!.staffId, ip: request.ip }));
  },
};
