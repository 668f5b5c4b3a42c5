import type { WebModule } from '../lib/web-module';
import { agencyWebModule } from './agency';
import { approvalWebModule } from './approval';
import { auditWebModule } from './audit';
import { authWebModule } from './auth';
import { businessWebModule } from './business';
import { calendarWebModule } from './calendar';
import { caseWebModule } from './case';
import { fieldWebModule } from './field';
import { financeWebModule } from './finance';
import { fileWebModule } from './file';
import { generalWebModule } from './general';
import { helpWebModule } from './help';
import { informWebModule } from './inform';
import { keywordWebModule } from './keyword';
import { merchantWebModule } from './merchant';
import { orderWebModule } from './order';
import { personnelWebModule } from './personnel';
import { publishingWebModule } from './publishing';
import { appsWebModule } from './apps';
import { powerWebModule } from './power';
import { recruitmentWebModule } from './recruitment';
import { relevanceWebModule } from './relevance';
import { settingsWebModule } from './settings';
import { userWebModule } from './user';

/** Every web module; a new one is one line here. */
export const webModules: WebModule[] = [authWebModule, settingsWebModule, powerWebModule, helpWebModule, fileWebModule, informWebModule, userWebModule, caseWebModule, generalWebModule, relevanceWebModule, calendarWebModule, auditWebModule, fieldWebModule, personnelWebModule, recruitmentWebModule, approvalWebModule, financeWebModule, businessWebModule, agencyWebModule, merchantWebModule, orderWebModule, keywordWebModule, publishingWebModule, appsWebModule];
