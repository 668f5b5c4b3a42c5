import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { CITY_DATA_SOURCE } from '@juqi/contract';
import { initialsOf, spelledOf } from '../../lib/pinyin';

/**
 * The cities of 城市设置, made from the division data package (`CITY_DATA_SOURCE`, a development dependency): the
 * migration that created `general_city` holds these rows as SQL written by this file, so a database needs no package
 * at run time and every installation has the same codes. `test/general-city.test.ts` holds the migrated rows to this
 * function, so a new version of the package shows up as a failing test and a new migration
 * (`node --import tsx src/modules/general/divisions.ts` prints the insert).
 */

interface Division {
  code: string;
  name: string;
  /** Two digits of the province. */
  province: string;
  /** Two digits of the city inside its province; absent on provinces. */
  city?: string;
  /** Two digits of the county; present on counties and districts only. */
  area?: string;
  children?: Division[];
}

export interface DivisionCity {
  code: string;
  name: string;
  provinceCode: string;
  provinceName: string;
  pinyin: string;
  initials: string;
}

/** `xx90yy`: a province's "directly governed county-level divisions" group, which is no city itself. */
const DIRECTLY_GOVERNED = '90';

function readDivisions(): Division[] {
  const require = createRequire(import.meta.url);
  return require(`${CITY_DATA_SOURCE.package}/level.json`) as Division[];
}

/**
 * Every prefecture-level city, in code order. A province-level division with no prefecture-level city under it (the
 * municipalities, Hong Kong, Macao, Taiwan) is one city under its own code; the county-level cities a province governs
 * directly (济源, 仙桃, 五指山 …) are cities of their own.
 */
export function divisionCities(): DivisionCity[] {
  const cities: DivisionCity[] = [];
  for (const province of readDivisions()) {
    const add = (division: Division) =>
      cities.push({
        code: division.code,
        name: division.name,
        provinceCode: province.code,
        provinceName: province.name,
        pinyin: spelledOf(division.name),
        initials: initialsOf(division.name),
      });
    const prefectures = (province.children ?? []).filter((child) => child.city !== undefined && child.area === undefined);
    if (!prefectures.length) add(province);
    for (const prefecture of prefectures) {
      if (prefecture.city === DIRECTLY_GOVERNED) for (const county of prefecture.children ?? []) add(county);
      else add(prefecture);
    }
  }
  return cities.sort((a, b) => a.code.localeCompare(b.code));
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Where a city starts in the order: staff put a city before the others with a smaller number, after them with a larger. */
export const CITY_SORT_START = 100;

/** The insert a migration holds: every city, by code; a code already present keeps its row (staff's choices). */
export function citiesInsertSql(cities: DivisionCity[] = divisionCities()): string {
  const rows = cities.map((c) => `  (${[c.code, c.name, c.provinceCode, c.provinceName, c.pinyin, c.initials].map(literal).join(', ')}, ${CITY_SORT_START})`);
  return `INSERT INTO "general_city" ("code", "name", "province_code", "province_name", "pinyin", "initials", "sort") VALUES\n${rows.join(',\n')}\nON CONFLICT ("code") DO NOTHING;`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(`${citiesInsertSql()}\n`);
