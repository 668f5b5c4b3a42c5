import type { ServerModule } from '../lib/module';
import { agencyModule } from './agency';
import { approvalModule } from './approval';
import { auditModule } from './audit';
import { authModule } from './auth';
import { businessModule } from './business';
import { calendarModule } from './calendar';
import { caseModule } from './case';
import { keywordModule } from './keyword';
import { publishingModule } from './publishing';
import { departmentModule } from './department';
import { personnelModule } from './personnel';
import { fileModule } from './file';
import { fieldModule } from './field';
import { financeModule } from './finance';
import { generalModule } from './general';
import { helpModule } from './help';
import { informModule } from './inform';
import { merchantModule } from './merchant';
import { orderModule } from './order';
import { powerModule } from './power';
import { recruitmentModule } from './recruitment';
import { relevanceModule } from './relevance';
import { settingsModule } from './settings';
import { systemModule } from './system';
import { userModule } from './user';

/** Every business module, in load and seed order. A new module is one line here. */
export const serverModules: ServerModule[] = [systemModule, settingsModule, authModule, powerModule, helpModule, fileModule, generalModule, userModule, informModule, caseModule, calendarModule, relevanceModule, departmentModule, approvalModule, personnelModule, recruitmentModule, fieldModule, financeModule, businessModule, agencyModule, merchantModule, orderModule, keywordModule, publishingModule, auditModule];
