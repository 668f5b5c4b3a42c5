import { z } from 'zod';
import { defineCall, fields, operation } from './call';
import { said } from './refusals';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/**
 * 关联设置: relations between the platform's dictionaries (docs/relevance.md). The first is regions (大区, e.g. 华东区),
 * each a named group of cities of 城市设置; a city belongs to at most one region. Staff and agency areas, targets and
 * task cities read it later through the server's `regionOfCity`. Other relations come as further tabs of this screen
 * with the modules that own their records.
 */
export const regionResource = defineResource({
  module: 'relevance',
  thing: 'region',
  menu: '/permission/relevance',
  label: { 'zh-CN': '大区', 'en-US': 'Region' },
  operations: { view: 'relevance.region.view', add: 'relevance.region.edit', edit: 'relevance.region.edit', delete: 'relevance.region.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '大区名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
  },
  columns: ['name', 'remark', 'sort', 'updated_at'],
  keyword: ['name'],
  order: { by: 'sort', direction: 'asc' },
});

/** How many cities one region may hold: every city of 城市设置 (371) fits. */
export const REGION_CITIES_MAX = 400;

/** A city of a region, as the region's city list answers it. */
export const regionCity = z.object({ code: z.string(), name: z.string(), province_name: z.string() });
export type RegionCity = z.infer<typeof regionCity>;

/** A city with the region holding it (null: none), as the city picker lists it. */
export const cityRegion = z.object({
  code: z.string(),
  name: z.string(),
  province_code: z.string(),
  province_name: z.string(),
  pinyin: z.string(),
  initials: z.string(),
  /** Whether 城市设置 offers the city: the picker offers only enabled cities, besides those the region already holds. */
  enabled: z.boolean(),
  region_id: z.number().int().nullable(),
  region_name: z.string().nullable(),
});
export type CityRegion = z.infer<typeof cityRegion>;

export const relevanceCalls = {
  regionCities: defineCall({
    method: 'POST',
    path: '/api/relevance/region_cities',
    tag: 'relevance',
    summary: 'The cities of a region, by province then the cities’ order',
    permission: operation('relevance.region.view'),
    body: z.object({ id: fields.id }).strict(),
    data: z.array(regionCity),
  }),
  regionCitiesSet: defineCall({
    method: 'POST',
    path: '/api/relevance/region_cities_set',
    tag: 'relevance',
    summary:
      'Replaces the cities of a region (6-digit division codes; repeats count once). An unknown code is 40000 naming city_codes; a city another region holds is 40900 naming city_codes, and nothing changes',
    permission: operation('relevance.region.edit'),
    body: z
      .object({
        id: fields.id,
        city_codes: z.array(z.string().regex(/^\d{6}$/, said({ 'zh-CN': '须为 6 位行政区划代码', 'en-US': 'must be a 6-digit division code' }))).max(REGION_CITIES_MAX),
      })
      .strict(),
    data: z.null(),
  }),
  cityRegions: defineCall({
    method: 'POST',
    path: '/api/relevance/city_regions',
    tag: 'relevance',
    summary: 'Every city of 城市设置 with the region holding it (null when none), by province then the cities’ order: the city picker',
    permission: operation('relevance.region.view'),
    data: z.array(cityRegion),
  }),
};

/** The relevance module's share of the contract (`contractModules`). */
export const relevanceContract = defineContractModule({ name: 'relevance', calls: relevanceCalls, resources: [regionResource] });
