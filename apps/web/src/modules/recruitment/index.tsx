import { recruitmentLead } from '@juqi/contract';
import type { WebModule } from '../../lib/web-module';
import { resourcePage } from '../../components/resource';
import { convertLeadMenu } from './components/convert-lead';

/** 人事设置 › 线索: recruitment leads (a declared resource), each convertible into a candidate's staff record (docs/recruitment.md). */
export const recruitmentWebModule: WebModule = {
  name: 'recruitment',
  pages: {
    '/permission/personnel/lead': resourcePage(recruitmentLead, { rowMenu: convertLeadMenu }),
  },
};
