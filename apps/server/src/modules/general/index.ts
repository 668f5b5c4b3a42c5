import { CITY_DIVISION_FIELDS, cityResource, generalCalls, industryResource } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { AppError, Refusals } from '../../lib/errors';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { GeneralRepository } from './repository';
import { seedGeneral } from './seed';
import { generalCity, generalIndustry } from './table';

/** 通用设置: the industry tree and the cities (docs/general-settings.md). */
export const generalModule: ServerModule = {
  name: 'general',
  seed: seedGeneral,
  routes: async (app) => {
    const repo = new GeneralRepository(app.database.db);

    resourceRoutes(app, industryResource, generalIndustry, {
      // Two levels: a parent (an industry the layer found) is a top-level industry other than the record itself, and
      // an industry with sub-industries stays top-level. A name is unique among its siblings.
      async beforeWrite(values, { tx, before }) {
        const id = before?.id as number | undefined;
        const parentId = (values.parent_id === undefined ? before?.parent_id : values.parent_id) as number | null | undefined;
        if (parentId != null) {
          if (parentId === id) throw AppError.invalid('parent_id', { 'zh-CN': '行业不能以自己为上级', 'en-US': 'an industry cannot be its own parent' });
          const parent = await repo.industry(parentId, tx);
          if (parent?.parentId != null)
            throw AppError.invalid('parent_id', { 'zh-CN': `行业 ${parentId} 是二级行业：行业只有两级`, 'en-US': `industry ${parentId} is a sub-industry: industries have two levels` });
          if (id !== undefined && (await repo.childCount(id, tx)) > 0) throw AppError.invalid('parent_id', { 'zh-CN': '有子行业的行业只能是一级行业', 'en-US': 'an industry with sub-industries stays top-level' });
        }
        const name = (values.name as string | undefined) ?? (before?.name as string);
        if ((await repo.sibling(parentId ?? null, name, id, tx)) !== undefined) {
          throw AppError.conflict({ 'zh-CN': '同一上级下已有同名行业', 'en-US': 'An industry of that name is already under this parent' }, 'name');
        }
      },
      async beforeDelete(id, { tx }) {
        if ((await repo.childCount(id, tx)) > 0) {
          throw AppError.conflict({ 'zh-CN': '该行业下还有子行业，不能删除', 'en-US': 'This industry still has sub-industries and cannot be deleted' });
        }
      },
    });

    resourceRoutes(app, cityResource, generalCity, {
      // Codes, names and pinyin are the division data's: an edit may repeat them, not change them.
      async beforeWrite(values, { before }) {
        const refusals = new Refusals();
        for (const key of CITY_DIVISION_FIELDS) {
          if (values[key] !== undefined && values[key] !== before?.[key]) refusals.add(key, { 'zh-CN': '来自行政区划数据，不可修改', 'en-US': 'comes from the division data and cannot be changed' });
        }
        refusals.throwIfAny();
      },
    });

    route(app, generalCalls.cityProvinces, () => repo.provinces());
    route(app, generalCalls.cityTree, () => repo.cityTree());
    // Record-picking fields of type industry pick from the tree.
    app.access.lookups.provide('industry', { search: (keyword, limit) => repo.industriesMatching(keyword, limit), named: (ids, tx) => repo.industriesNamed(ids, tx) });
  },
};
