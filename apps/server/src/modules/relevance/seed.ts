import type { SeedContext } from '../../lib/module';
import { RelevanceRepository } from './repository';

/** The demo's regions and their cities, by division code; 华东区 is left for staff (and the browser journey) to make. */
const DEMO_REGIONS: { name: string; remark: string; cities: string[] }[] = [
  { name: '华北区', remark: '北京、天津、河北、山西', cities: ['110000', '120000', '130100', '130200', '140100'] },
  { name: '华南区', remark: '广东、广西、海南、福建', cities: ['440100', '440300', '440600', '450100', '460100', '350100', '350200'] },
];

/** A demo gets a couple of regions while there is none, so what staff delete stays deleted until the data is empty. */
export async function seedRelevance({ db, demo }: SeedContext): Promise<void> {
  const repo = new RelevanceRepository(db);
  if (!demo || (await repo.regionCount()) > 0) return;
  await db.transaction(async (tx) => {
    for (const [index, { name, remark, cities }] of DEMO_REGIONS.entries()) await repo.addRegion({ name, remark, sort: (index + 1) * 10 }, cities, tx);
  });
}
