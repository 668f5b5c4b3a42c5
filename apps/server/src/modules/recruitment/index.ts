import { recruitmentCalls, recruitmentLead } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { seedRecruitment } from './seed';
import { RecruitmentService } from './service';
import { recruitmentLead as recruitmentLeadTable } from './table';

/** 招聘线索: recruitment leads and their conversion into candidate staff records (docs/recruitment.md). */
export const recruitmentModule: ServerModule = {
  name: 'recruitment',
  seed: seedRecruitment,
  routes: async (app) => {
    const service = new RecruitmentService(app.database.db, lazyService(app.access, 'staffRecords', 'personnel'));

    // Its stages move by the declared actions; 已转员工 only by 转为员工 below.
    resourceRoutes(app, recruitmentLead, recruitmentLeadTable);

    route(app, recruitmentCalls.convert, ({ body, principal, request }) => service.convert(body, { staffId: principal!.staffId, ip: request.ip }));
  },
};
