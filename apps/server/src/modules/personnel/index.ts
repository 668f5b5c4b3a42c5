import { personnelCalls, STAFF_SEARCH_LIMIT, staffAddInput } from '@juqi/contract';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService, type Principal } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { hrDashboard } from './dashboard';
import type { ListedStaff } from './repository';
import { StaffExporter } from './export';
import { StaffImporter, uploadedWorkbook } from './import';
import { registerLeaving } from './leaving';
import { registerPersonnelProcesses } from './processes';
import { seedPersonnel } from './seed';
import { PersonnelService } from './service';

const mayViewIdCards = (principal: Principal) => principal.operations === 'all' || principal.operations.has('personnel.id_card.view');
const actorOf = (principal: Principal | null, ip: string) => ({ staffId: principal!.staffId, ip });
/** A person as a 人员 picker offers them: hinted by department and post. */
const personOf = (row: ListedStaff) => ({ id: row.id, name: row.name, hint: [row.departmentName, row.post].filter(Boolean).join(' · ') || undefined });

/** Staff records: the HR record of each person, its states and history, and the address book (docs/personnel.md). */
export const personnelModule: ServerModule = {
  name: 'personnel',
  seed: seedPersonnel,
  routes: async (app) => {
    const fields = lazyService(app.access, 'fields', 'field');
    const service = new PersonnelService(
      app.database.db,
      fields,
      lazyService(app.access, 'timeZone', 'settings'),
      app.access.lookups,
      lazyService(app.access, 'accounts', 'auth'),
    );
    const resignationCommitted = registerLeaving(app, service);

    route(app, personnelCalls.findPage, ({ body, query }) => service.findPage(body, query.pageNo, query.pageSize));
    route(app, personnelCalls.deleteById, async ({ query, principal, request }) => {
      await service.remove(query.id, query.reason, actorOf(principal, request.ip));
      return null;
    });
    route(app, personnelCalls.letterIndex, () => service.letterIndex());
    route(app, personnelCalls.search, ({ body }) => service.search(body.keyword, STAFF_SEARCH_LIMIT));
    route(app, personnelCalls.userList, ({ body }) => service.userList(body));
    route(app, personnelCalls.userRead, ({ body }) => service.userRead(body.id));
    route(app, personnelCalls.add, ({ body, principal, request }) => service.add(body, actorOf(principal, request.ip)));
    route(app, personnelCalls.edit, async ({ body, principal, request }) => {
      await service.edit(body, actorOf(principal, request.ip));
      return null;
    });
    route(app, personnelCalls.details, ({ body, principal }) => service.details(body.id, mayViewIdCards(principal!)));
    route(app, personnelCalls.status, async ({ body, principal, request }) => {
      await service.changeStatus(body, actorOf(principal, request.ip));
      if (body.leaving_date) await resignationCommitted(body.leaving_date);
      return null;
    });
    route(app, personnelCalls.linkAccount, async ({ body, principal, request }) => {
      await service.linkAccount(body, principal!, actorOf(principal, request.ip));
      return null;
    });
    route(app, personnelCalls.history, ({ body }) => service.history(body.id));
    route(app, personnelCalls.formFields, () => fields.definitions('personnel_info'));
    route(app, personnelCalls.companies, () => service.records.companies());
    registerPersonnelProcesses(app, service, resignationCommitted);
    const exporter = new StaffExporter(app.database.db, service.records, fields);
    const importer = new StaffImporter(app.database.db, service.records, fields);
    route(app, personnelCalls.export, async ({ body, reply, principal, request }) => {
      await exporter.send(body, reply, actorOf(principal, request.ip));
      return null;
    });
    route(app, personnelCalls.importTemplate, async ({ reply }) => {
      await exporter.sendTemplate(reply);
      return null;
    });
    route(app, personnelCalls.import, async ({ request, principal }) => importer.run(await uploadedWorkbook(request), request.locale, actorOf(principal, request.ip)));
    route(app, personnelCalls.dashboard, hrDashboard(app));

    // 人员 pickers (user, single_user) pick people from the address book; a picked id names its record in any state.
    app.access.lookups.provide('person', {
      search: async (keyword, limit) => (await service.records.addressBook({ keyword, limit })).map(personOf),
      named: async (ids, tx) => (await service.records.named(ids, tx)).map(personOf),
    });

    // Recruitment's 转为员工 makes a candidate's record in its own transaction, under the records' rules.
    app.access.staffRecords = {
      addCandidate: (input, actor, tx) => {
        const parsed = staffAddInput.safeParse({ ...input, status: 'candidate' });
        if (!parsed.success) throw AppError.invalid(String(parsed.error.issues[0]!.path[0] ?? ''), parsed.error.issues[0]!.message);
        return service.add(parsed.data, actor, tx);
      },
    };

    // A department's delete asks, inside its transaction under the tree's lock, whether staff are still in it.
    app.access.departmentMembers = { count: (departmentIds, tx) => service.records.countInDepartments(departmentIds, tx) };
  },
};
