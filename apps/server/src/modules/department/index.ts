import { departmentCalls } from '@juqi/contract';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { DepartmentRepository } from './repository';
import { seedDepartment } from './seed';
import { DepartmentService } from './service';

/** Departments: the tree, its letter index and its management (docs/departments.md). */
export const departmentModule: ServerModule = {
  name: 'department',
  seed: seedDepartment,
  routes: async (app) => {
    const service = new DepartmentService(app.database.db, app.access);

    route(app, departmentCalls.tree, () => service.tree());
    route(app, departmentCalls.letterIndex, () => service.letterIndex());
    route(app, departmentCalls.details, ({ body }) => service.details(body.id));
    route(app, departmentCalls.add, ({ body, principal, request }) => service.add(body, { staffId: principal!.staffId, ip: request.ip }));
    route(app, departmentCalls.edit, async ({ body, principal, request }) => {
      await service.edit(body, { staffId: principal!.staffId, ip: request.ip });
      return null;
    });
    route(app, departmentCalls.move, async ({ body, principal, request }) => {
      await service.move(body, { staffId: principal!.staffId, ip: request.ip });
      return null;
    });
    route(app, departmentCalls.delete, async ({ body, principal, request }) => {
      await service.remove(body.id, { staffId: principal!.staffId, ip: request.ip });
      return null;
    });

    // Record-picking fields of type structure pick departments.
    const repo = new DepartmentRepository(app.database.db);
    app.access.lookups.provide('department', { search: (keyword, limit) => repo.matching(keyword, limit), named: (ids, tx) => repo.named(ids, tx) });
  },
};
