import { FIELD_FORM_NAMES, fieldFormCalls, fieldLookupCalls, PICKER_LOOKUPS } from '@juqi/contract';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { seedFields } from './seed';
import { SampleService } from './sample-service';
import { FieldService } from './service';

/**
 * Admin-defined fields of the forms (docs/field-definitions.md): each form's definitions and the check of a record's
 * values. Each form has its own calls, so the access guard checks that form's operation before anything is read.
 */
export const fieldModule: ServerModule = {
  name: 'field',
  seed: seedFields,
  routes: async (app) => {
    const service = new FieldService(app.database.db, app.access.lookups);
    const samples = new SampleService(app.database.db, service, app.access.lookups);
    // For the modules holding these forms' records: see fields.ts.
    app.access.fields = service;

    route(app, fieldLookupCalls.lookup, ({ body, principal }) => service.lookup(principal!, body.lookup ?? PICKER_LOOKUPS[body.type!], body.keyword, body.ids));

    for (const form of FIELD_FORM_NAMES) {
      const calls = fieldFormCalls[form];
      route(app, calls.definitionList, () => service.list(form));
      route(app, calls.definitionAdd, async ({ body, principal, request }) => ({ id: await service.add(form, body, { staffId: principal!.staffId, ip: request.ip }) }));
      route(app, calls.definitionEdit, async ({ body: { id, ...changes }, principal, request }) => {
        await service.edit(form, id, changes, { staffId: principal!.staffId, ip: request.ip });
        return null;
      });
      route(app, calls.definitionDel, async ({ body, principal, request }) => {
        await service.delete(form, body.id, { staffId: principal!.staffId, ip: request.ip });
        return null;
      });
      route(app, calls.definitionSort, async ({ body, principal, request }) => {
        await service.sort(form, body.ids, { staffId: principal!.staffId, ip: request.ip });
        return null;
      });
      route(app, calls.valuesCheck, ({ body }) => service.check(form, body.values));
      route(app, calls.sampleList, ({ body }) => samples.list(form, body));
      route(app, calls.sampleExport, async ({ body, principal, reply, request }) => {
        await samples.export(form, body, reply, { staffId: principal!.staffId, ip: request.ip });
        return null;
      });
      route(app, calls.sampleAdd, async ({ body, principal, request }) => ({ id: await samples.add(form, body.values, { staffId: principal!.staffId, ip: request.ip }) }));
      route(app, calls.sampleEdit, async ({ body, principal, request }) => {
        await samples.edit(form, body.id, body.values, { staffId: principal!.staffId, ip: request.ip });
        return null;
      });
      route(app, calls.sampleDel, async ({ body, principal, request }) => {
        await samples.delete(form, body.id, { staffId: principal!.staffId, ip: request.ip });
        return null;
      });
    }
  },
};
