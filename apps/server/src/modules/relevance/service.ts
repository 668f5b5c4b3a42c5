import type { CityRegion, RegionCity } from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError } from '../../lib/errors';
import type { CityRegions } from './regions';
import { RelevanceRepository, type HeldCity } from './repository';

/** Who changed something, for the audit log. */
export interface Actor {
  staffId: number;
  ip: string;
}

const missing = () => AppError.notFound({ 'zh-CN': '区域不存在', 'en-US': 'No such region' });

/** `上海市、杭州市已属于华东区；广州市已属于华南区`: the held cities by the region holding them. */
function heldMessage(held: HeldCity[]) {
  const byRegion = new Map<string, string[]>();
  for (const city of held) byRegion.set(city.regionName, [...(byRegion.get(city.regionName) ?? []), city.name]);
  const groups = [...byRegion];
  return AppError.conflict(
    {
      'zh-CN': groups.map(([region, cities]) => `${cities.join('、')}已属于${region}`).join('；'),
      'en-US': groups.map(([region, cities]) => `${cities.join(', ')} already belong${cities.length === 1 ? 's' : ''} to ${region}`).join('; '),
    },
    'city_codes',
  );
}

/** The regions' cities (关联设置): read, replaced, and asked for a city's region by other modules. */
export class RelevanceService implements CityRegions {
  private readonly records: RelevanceRepository;

  constructor(private readonly db: Db) {
    this.records = new RelevanceRepository(db);
  }

  async citiesOf(id: number): Promise<RegionCity[]> {
    if (!(await this.records.region(id))) throw missing();
    return this.records.citiesOf(id);
  }

  cityRegions(): Promise<CityRegion[]> {
    return this.records.cityRegions();
  }

  regionOfCity(code: string, tx: Executor = this.db): Promise<{ id: number; name: string } | null> {
    return this.records.regionOfCity(code, tx);
  }

  /**
   * Makes these the region's cities, recorded with the cities before and after. A code that is no city is 40000, a city
   * another region holds 40900, both naming `city_codes`; either way nothing changes.
   */
  async setCities(id: number, cityCodes: string[], actor: Actor): Promise<void> {
    const codes = [...new Set(cityCodes)];
    try {
      await this.db.transaction(async (tx) => {
        const region = await this.records.region(id, tx);
        if (!region) throw missing();
        const known = await this.records.knownCodes(codes, tx);
        const unknown = codes.filter((code) => !known.has(code));
        if (unknown.length) throw AppError.invalid('city_codes', { 'zh-CN': `没有代码为 ${unknown.join('、')} 的城市`, 'en-US': `no city of code ${unknown.join(', ')}` });
        const held = await this.records.heldElsewhere(codes, id, tx);
        if (held.length) throw heldMessage(held);

        const snapshot = async () => {
          const cities = await this.records.citiesOf(id, tx);
          return { name: region.name, city_codes: cities.map((c) => c.code), cities: cities.map((c) => c.name) };
        };
        const before = await snapshot();
        await this.records.replaceCities(id, codes, tx);
        await recordAudit(tx, { staffId: actor.staffId, action: 'relevance.region.cities', target: `relevance.region:${id}`, detail: { before, after: await snapshot() }, ip: actor.ip });
      });
    } catch (err) {
      // Another staff gave one of these cities to another region since the check: the key settles it.
      if (isUniqueViolation(err)) throw AppError.conflict({ 'zh-CN': '所选城市已属于其他大区，请刷新后重试', 'en-US': 'A chosen city now belongs to another region: reload and try again' }, 'city_codes');
      throw err;
    }
  }
}
