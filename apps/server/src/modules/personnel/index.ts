import { personnelCalls, STAFF_SEARCH_LIMIT } from '@juqi/contract';
import { route } from '../../lib/http/route';
import { lazyService, type Principal } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import type { ListedStaff } from './repository';
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
    const service = new PersonnelService(app.database.db, lazyService(app.access, 'fields', 'field'), lazyService(app.access, 'timeZone', 'settings'), app.access.lookups);

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
      return null;
    });
    route(app, personnelCalls.history, ({ body }) => service.history(body.id));
    route(app, personnelCalls.companies, () => service.records.companies());

    // 人员 pickers (user, single_user) pick people from the address book; a picked id names its record in any state.
    app.access.lookups.provide('person', {
      search: async (keyword, limit) => (await service.records.addressBook({ keyword, limit })).map(personOf),
      named: async (ids, tx) => (await service.records.named(ids, tx)).map(personOf),
    });

    // A department's delete asks, inside its transaction under the tree's lock, whether staff are still in it.
    app.access.departmentMembers = { count: (departmentIds, tx) => service.records.countInDepartments(departmentIds, tx) };
  },
};
