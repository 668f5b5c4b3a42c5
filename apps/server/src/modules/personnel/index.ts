import { personnelCalls, STAFF_SEARCH_LIMIT, staffAddInput } from '@juqi/contract';
import type { FastifyRequest } from 'fastify';
import { issuesRefused } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { hrDashboard } from './dashboard';
import type { ListedStaff } from './repository';
import { StaffExporter } from './export';
import { idCardAccess } from './id-cards';
import { StaffImporter, uploadedWorkbook } from './import';
import { registerLeaving } from './leaving';
import { registerPersonnelProcesses } from './processes';
import { seedPersonnel } from './seed';
import { PersonnelService, type Caller } from './service';

/** A person as a 人员 picker offers them: hinted by department and post. */
const personOf = (row: ListedStaff) => ({ id: row.id, name: row.name, hint: [row.departmentName, row.post].filter(Boolean).join(' · ') || undefined });

/** Staff records: the HR record of each person, its states and history, and the address book (docs/personnel.md). */
export const personnelModule: ServerModule = {
  name: 'personnel',
  seed: seedPersonnel,
  routes: async (app) => {
    const fields = lazyService(app.access, 'fields', 'field');
    const accounts = lazyService(app.access, 'accounts', 'auth');
    const service = new PersonnelService(app.database.db, fields, lazyService(app.access, 'timeZone', 'settings'), app.access.lookups, accounts, app.clock);
    const resignationCommitted = registerLeaving(app, service);
    /** The signed-in staff of an operation-guarded call. */
    const callerOf = (request: FastifyRequest): Caller => ({
      staffId: request.principal!.staffId,
      ip: request.ip,
      principal: request.principal!,
      idCards: idCardAccess(app.database.db, request),
    });

    route(app, personnelCalls.findPage, ({ body, query, request }) => service.findPage(body, query.pageNo, query.pageSize, callerOf(request)));
    route(app, personnelCalls.deleteById, async ({ query, request }) => {
      await service.remove(query.id, query.reason, callerOf(request));
      return null;
    });
    route(app, personnelCalls.letterIndex, () => service.letterIndex());
    route(app, personnelCalls.search, ({ body }) => service.search(body.keyword, STAFF_SEARCH_LIMIT));
    route(app, personnelCalls.userList, ({ body }) => service.userList(body));
    route(app, personnelCalls.userRead, ({ body }) => service.userRead(body.id));
    route(app, personnelCalls.add, ({ body, request }) => service.add(body, callerOf(request)));
    route(app, personnelCalls.edit, async ({ body, request }) => {
      const leavingDate = await service.edit(body, callerOf(request));
      // A leaving date moved to today is due now, not at the next daily run.
      if (leavingDate) await resignationCommitted(leavingDate);
      return null;
    });
    const processes = registerPersonnelProcesses(app, service, resignationCommitted);
    route(app, personnelCalls.details, async ({ body, request }) => {
      const record = await service.details(body.id, callerOf(request));
      return { ...record, pending_requests: await processes.pendingAbout(record.id) };
    });
    route(app, personnelCalls.status, async ({ body, request }) => {
      await service.changeStatus(body, callerOf(request));
      if (body.leaving_date) await resignationCommitted(body.leaving_date);
      return null;
    });
    route(app, personnelCalls.linkAccount, async ({ body, request }) => {
      await service.linkAccount(body, callerOf(request));
      return null;
    });
    route(app, personnelCalls.history, ({ body }) => service.history(body.id));
    route(app, personnelCalls.formFields, () => fields.definitions('personnel_info'));
    route(app, personnelCalls.companies, () => service.records.companies());
    const exporter = new StaffExporter(app.database.db, service.records, fields);
    const importer = new StaffImporter(app.database.db, service.records, fields, accounts);
    route(app, personnelCalls.export, async ({ body, reply, request }) => {
      const caller = callerOf(request);
      await service.searchedByIdCard(body, caller, 'staff_export');
      await exporter.send(body, reply, caller);
      return null;
    });
    route(app, personnelCalls.importTemplate, async ({ reply }) => {
      await exporter.sendTemplate(reply);
      return null;
    });
    route(app, personnelCalls.import, async ({ request }) => importer.run(await uploadedWorkbook(request), request.locale, callerOf(request)));
    route(app, personnelCalls.dashboard, hrDashboard(app));

    // 人员 pickers (user, single_user) pick people from the address book; a picked id names its record in any state,
    // and a picker shows it while it is neither deleted nor a candidate.
    app.access.lookups.provide('person', {
      search: async (keyword, limit) => (await service.records.addressBook({ keyword, limit })).map(personOf),
      named: async (ids, tx) => (await service.records.named(ids, tx)).map(personOf),
      shown: async (ids) => (await service.records.shown(ids)).map(personOf),
    });

    // 公司选择 pickers (company_select) pick the operator's own companies (签约主体): client companies are customers.
    app.access.lookups.provide('company', {
      search: (keyword, limit) => service.records.companiesMatching(keyword, limit),
      named: (ids, tx) => service.records.companiesNamed(ids, tx),
    });

    // Recruitment's 转为员工 makes a candidate's record in its own transaction, under the records' rules.
    app.access.staffRecords = {
      addCandidate: (input, actor, tx) => {
        const parsed = staffAddInput.safeParse({ ...input, status: 'candidate' });
        if (!parsed.success) throw issuesRefused(parsed.error.issues, 'body');
        return service.addWithin(parsed.data, actor, tx);
      },
    };

    // A department's delete asks, inside its transaction under the tree's lock, whether staff are still in it.
    app.access.departmentMembers = { count: (departmentIds, tx) => service.records.countInDepartments(departmentIds, tx) };
  },
};
