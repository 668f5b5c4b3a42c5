import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Executor } from '../../lib/db/client';
import { DEMO_DOCUMENT_PATHS, type DemoDocumentKind } from './demo-documents';
import { users } from './table';

/**
 * Realistic users in bulk, made by the database itself: each chunk is four set-based statements
 * (INSERT … SELECT over generate_series with pseudo-random expressions) — users, their verification submissions, the
 * submissions' audit trail, and their app sign-ins. Submissions name the few demo documents (`demo-documents.ts`),
 * which the seed stores. Nothing is sent row by row, so 1,000,000 users (with 380,000 submissions and 2,500,000
 * sign-ins) take about two minutes on PostgreSQL 15 (see bench/README.md); the same SQL runs on PGlite.
 *
 * Ids are given explicitly (continuing after the highest id), so later statements can derive a user's facts (whether
 * they have a submission, how many sign-ins) from the id alone with the hash `h(id, salt)`; the id sequence is moved
 * past them at the end. Mobiles and invitation codes are bijections of the id, so they never collide with each other.
 */

const CHUNK = 50_000;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚英华玉萍红燕鹏浩宇轩涵欣怡晨佳琪俊思远雨桐嘉梦瑶博文诺晓东建国志海丹婷雪慧颖琳鑫斌辉亮凯飞峰帆阳晶倩璐楠悦';

/**
 * [city code (城市设置, GB/T 2260), the name companies and sign-in places use, region code of ID cards]; earlier entries
 * are drawn more often.
 */
const CITIES: [string, string, string][] = [
  ['440100', '广州', '440106'],
  ['440300', '深圳', '440305'],
  ['310000', '上海', '310115'],
  ['110000', '北京', '110105'],
  ['330100', '杭州', '330106'],
  ['510100', '成都', '510107'],
  ['320100', '南京', '320106'],
  ['320500', '苏州', '320505'],
  ['420100', '武汉', '420106'],
  ['500000', '重庆', '500103'],
  ['610100', '西安', '610113'],
  ['430100', '长沙', '430104'],
  ['120000', '天津', '120104'],
  ['410100', '郑州', '410105'],
  ['370200', '青岛', '370202'],
  ['370100', '济南', '370102'],
  ['350200', '厦门', '350203'],
  ['350100', '福州', '350102'],
  ['441900', '东莞', '441900'],
  ['440600', '佛山', '440604'],
  ['210100', '沈阳', '210102'],
  ['210200', '大连', '210202'],
  ['340100', '合肥', '340104'],
  ['530100', '昆明', '530102'],
  ['360100', '南昌', '360102'],
  ['450100', '南宁', '450103'],
  ['230100', '哈尔滨', '230102'],
  ['220100', '长春', '220102'],
  ['130100', '石家庄', '130102'],
  ['140100', '太原', '140105'],
  ['520100', '贵阳', '520102'],
  ['330200', '宁波', '330203'],
  ['330300', '温州', '330302'],
  ['320200', '无锡', '320213'],
  ['460100', '海口', '460106'],
  ['650100', '乌鲁木齐', '650102'],
  ['150100', '呼和浩特', '150102'],
  ['620100', '兰州', '620102'],
];
const COMPANY_WORDS = ['星辰', '华信', '恒达', '鼎盛', '博远', '众诚', '新锐', '汇通', '金桥', '优品', '启航', '云帆'];
const COMPANY_KINDS = ['文化传媒', '网络科技', '商贸', '广告', '信息技术', '电子商务'];
const MOBILE_PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '155', '156', '157', '158', '159', '166', '173', '177', '180', '181', '182', '185', '186', '187', '188', '189', '191', '199'];
const IP_FIRST = [36, 39, 42, 58, 59, 60, 61, 101, 106, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 171, 175, 180, 182, 183, 202, 210, 211, 218, 219, 220, 221, 222, 223];
const LOCK_REASONS = ['违规发布广告', '多次恶意退款', '账号异常登录', '涉嫌刷单', '用户申请冻结'];
const REJECT_REASONS = ['证件照片模糊，请重新上传', '姓名与证件不一致', '营业执照已过期', '证件信息不完整', '手持证件照不清晰'];
const DEVICES: Record<string, string[]> = {
  ios: ['iPhone 15 · iOS 17.5', 'iPhone 14 Pro · iOS 17.4', 'iPhone 13 · iOS 16.7', 'iPad Air · iPadOS 17'],
  android: ['Huawei Mate 60 · HarmonyOS 4', 'Xiaomi 14 · Android 14', 'OPPO Reno11 · Android 14', 'vivo X100 · Android 14', 'Honor 90 · Android 13'],
  h5: ['Chrome 126 · Android', 'Safari 17 · iOS', 'WeChat 内置浏览器'],
  mini_program: ['微信小程序 · iOS', '微信小程序 · Android'],
  pc: ['Chrome 126 · Windows 11', 'Edge 126 · Windows 10', 'Safari 17 · macOS'],
};

const text = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;
const ints = (values: readonly number[]) => `ARRAY[${values.map((v) => String(Math.trunc(v))).join(',')}]::int[]`;
/** A uniform pick from an array literal, driven by a [0,1) expression. */
const pick = (array: string, length: number, r: string) => `(${array})[1 + floor((${r}) * ${length})::int]`;
/** A pick that favours the first entries (common surnames, big cities). */
const pickSkewed = (array: string, length: number, r: string) => `(${array})[1 + floor(power(${r}, 2) * ${length})::int]`;
/** The name of a generated user's city, from its code, without reading the city dictionary. */
const cityNameOf = (code: string) => `(${text(CITIES.map((c) => c[1]))})[array_position(${text(CITIES.map((c) => c[0]))}, ${code})]`;
/** A deterministic hash of the id in [0, 1000): the same facts come out of it in every statement. */
const h = (id: string, salt: number) => `((((${id})::bigint * 2654435761 + ${salt * 40503}) % 4294967296) / 4294967) % 1000`;

export interface GeneratorDictionaries {
  servicePostIds: number[];
  agencyPostIds: number[];
  /** Industries users are put in (行业设置), top-level and sub-industries alike. */
  industryIds: number[];
  /** The agency levels' ranks, lowest first: a user gets the n-th of them, the higher ones ever rarer. */
  levels: number[];
}

/**
 * Registrations grow over three years and follow the ids, as in a live table where users are inserted as they sign up:
 * the heap is then in registration order, which the newest-first lists read by.
 */
const registeredAt = (g: string, first: number, total: number) =>
  `now() - interval '1095 days' + power(((${g} - ${first})::float8 + random()) / ${Math.max(total, 1)}, 0.6) * interval '1095 days'`;

function usersInsert(from: number, to: number, dict: GeneratorDictionaries, first: number, total: number): string {
  const ip = (r: string) =>
    `${pick(ints(IP_FIRST), IP_FIRST.length, r)}::text || '.' || floor(random() * 256)::int || '.' || floor(random() * 256)::int || '.' || (1 + floor(random() * 254)::int)`;
  const cityCodes = text(CITIES.map((c) => c[0]));
  const cityNames = text(CITIES.map((c) => c[1]));
  const industries = dict.industryIds.length ? ints(dict.industryIds) : 'ARRAY[]::int[]';
  const given = text([...GIVEN]);
  const surnames = text([...SURNAMES]);
  const service = dict.servicePostIds.length ? ints(dict.servicePostIds) : 'ARRAY[]::int[]';
  const agency = dict.agencyPostIds.length ? ints(dict.agencyPostIds) : 'ARRAY[]::int[]';
  return `
insert into users (id, name, mobile, head_img_url, gender, type_user, system_id, level, pw_id, agency_pw_id,
  authentication_state, authentication_type, real_name, withdraw_state, withdraw_type, order_count, last_order_at,
  total_spent_cents, city_code, industry_id, company,
  inviter_id, invite_code, register_channel, registered_at, last_login_at, last_login_ip, locked, lock_reason, locked_at,
  remark, created_at, updated_at)
select g, name, mobile, '', gender, type_user, system_id, level, pw_id, agency_pw_id,
  case when auth < 300 then 2 when auth < 340 then 1 else 0 end,
  case when auth < 300 then (case when g % 5 = 0 then 2 else 1 end) end,
  case when auth >= 300 then '' when g % 5 = 0 then company else name end,
  withdraw_state, case when withdraw_state = 0 and r_wt < 0.7 then 0 else 1 + floor(r_wt * 3)::int end,
  order_count, case when order_count > 0 then registered_at + r_lo * (now() - registered_at) end,
  order_count::bigint * (1000 + floor(r_amount * 49000)::bigint),
  city_code, industry_id, company,
  case when r_inv < 0.4 and g > 1 then 1 + floor(r_inv * 2.5 * (g - 1))::int end,
  'U' || lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0'),
  channel, registered_at,
  case when logins > 0 then registered_at + r_ll * (now() - registered_at) end,
  case when logins > 0 then ip else '' end,
  locked, case when locked then ${pick(text(LOCK_REASONS), LOCK_REASONS.length, 'r_lock')} else '' end,
  case when locked then registered_at + r_ll * (now() - registered_at) end,
  '', registered_at, registered_at
from (
  select g, auth, logins, r_wt, r_lo, r_amount, r_inv, r_ll, r_lock, ip, registered_at, locked,
    ${pickSkewed(surnames, SURNAMES.length, 'random()')} || ${pick(given, GIVEN.length, 'random()')} ||
      case when random() < 0.65 then ${pick(given, GIVEN.length, 'random()')} else '' end as name,
    ${pick(text(MOBILE_PREFIXES), MOBILE_PREFIXES.length, 'random()')} || lpad(((g::bigint * 73939133 + 13579) % 100000000)::text, 8, '0') as mobile,
    case when random() < 0.1 then 0 when random() < 0.5 then 1 else 2 end as gender,
    type_user,
    case when random() < 0.3 then 2 else 1 end as system_id,
    (array[${dict.levels.length ? dict.levels.join(', ') : 0}]::smallint[])[least(${Math.max(1, dict.levels.length)}, case when r_level < 0.5 then 1 when r_level < 0.75 then 2 when r_level < 0.88 then 3 when r_level < 0.95 then 4 when r_level < 0.99 then 5 else 6 end)] as level,
    case when cardinality(${service}) > 0 and random() < 0.7 then ${pick(service, Math.max(dict.servicePostIds.length, 1), 'random()')} end as pw_id,
    case when cardinality(${agency}) > 0 and random() < (case when type_user = 1 then 0.9 else 0.05 end) then ${pick(agency, Math.max(dict.agencyPostIds.length, 1), 'random()')} end as agency_pw_id,
    case when r_ws < 0.6 then 0 when r_ws < 0.65 then 1 when r_ws < 0.95 then 2 else 3 end as withdraw_state,
    case when r_oc < 0.25 then 0 else floor(exp(r_oc2 * 7.6))::int end as order_count,
    ${pickSkewed(cityCodes, CITIES.length, 'r_city')} as city_code,
    case when cardinality(${industries}) > 0 then ${pick(industries, Math.max(dict.industryIds.length, 1), 'random()')} end as industry_id,
    case when type_user = 1 or g % 5 = 0 or random() < 0.2 then
      ${pickSkewed(cityNames, CITIES.length, 'r_city')} || ${pick(text(COMPANY_WORDS), COMPANY_WORDS.length, 'random()')} ||
      ${pick(text(COMPANY_KINDS), COMPANY_KINDS.length, 'random()')} || '有限公司' else '' end as company,
    ${pick(text(['app_ios', 'app_android', 'app_android', 'h5', 'mini_program', 'mini_program', 'pc']), 7, 'random()')} as channel
  from (
    select g, ${h('g', 1)} as auth, (${h('g', 2)}) % 6 as logins,
      random() as r_wt, random() as r_lo, random() as r_amount, random() as r_inv, random() as r_ll,
      random() as r_lock, random() as r_level, random() as r_ws, random() as r_oc, random() as r_oc2, random() as r_city,
      ${ip('random()')} as ip,
      case when random() < 0.15 then 1 else 2 end as type_user,
      ${registeredAt('g', first, total)} as registered_at,
      random() < 0.005 as locked
    from generate_series(${from}, ${to}) as g
  ) base
) s
on conflict do nothing`;
}

/**
 * The users' money, as opening balances of the ledger (ledger_open_balances, migrations 0022 and 0028): a skewed
 * balance, 40 % of it frozen while a withdrawal is in progress (an application to the user's payout account, by mobile
 * when none is bound), agents' large incomes, and beans.
 */
function openingBalancesInsert(from: number, to: number): string {
  return `
insert into ledger_opening_import (user_id, balance, frozen, income, beans, payout_type, account_name, account_no)
select id, balance, case when withdraw_state = 1 then floor(balance * 0.4) else 0 end,
  case when type_user = 1 then floor(power(r_income, 2) * 20000000) else floor(power(r_income, 6) * 100000) end,
  floor(power(r_bean, 2) * 5000),
  case when withdraw_type = 0 then 2 else withdraw_type end, name, mobile
from (
  select id, withdraw_state, withdraw_type, type_user, name, mobile, floor(power(random(), 3) * 5000000)::bigint as balance, random() as r_income, random() as r_bean
  from users where id between ${from} and ${to}
) u
on conflict do nothing`;
}

/** A submission's documents: the demo pictures of these kinds, which every generated submission shares. */
const documents = (kinds: DemoDocumentKind[]) =>
  `'${JSON.stringify(kinds.map((kind) => ({ kind, path: DEMO_DOCUMENT_PATHS[kind] })))}'::jsonb`;

function verificationsInsert(from: number, to: number): string {
  const regions = text(CITIES.map((c) => c[2]));
  return `
insert into user_verification (user_id, type, state, real_name, id_number, enterprise_name, credit_code, legal_person,
  documents, submitted_at, reviewed_at, reviewer_id, reason, created_at, updated_at)
select u.id, v.type, v.state,
  case when v.type = 1 then u.name else '' end,
  case when v.type = 1 then v.region || to_char(date '1970-01-01' + (u.id * 37 % 12000), 'YYYYMMDD') || lpad((u.id % 1000)::text, 3, '0') || (case when u.id % 11 = 10 then 'X' else (u.id % 10)::text end) else '' end,
  case when v.type = 2 then coalesce(nullif(u.company, ''), ${cityNameOf('u.city_code')} || '众诚商贸有限公司') else '' end,
  case when v.type = 2 then '91' || v.region || upper(substr(md5(u.id::text), 1, 10)) else '' end,
  case when v.type = 2 then u.name else '' end,
  case when v.type = 1 then ${documents(['id_card_front', 'id_card_back', 'id_card_in_hand'])}
    else ${documents(['business_license', 'legal_id_card_front', 'legal_id_card_back'])}
  end,
  v.submitted_at,
  case when v.state <> 1 then least(now(), v.submitted_at + (1 + u.id % 47) * interval '1 hour') end,
  null,
  case when v.state = 0 then ${pick(text(REJECT_REASONS), REJECT_REASONS.length, '(u.id % 97) / 97.0')} else '' end,
  v.submitted_at, v.submitted_at
from users u
cross join lateral (
  select case when ${h('u.id', 1)} < 300 then 2 when ${h('u.id', 1)} < 340 then 1 else 0 end as state,
    case when u.id % 5 = 0 then 2 else 1 end as type,
    ${pickSkewed(regions, CITIES.length, '(u.id % 89) / 89.0')} as region,
    least(now(), u.registered_at + (u.id % 30) * interval '1 day') as submitted_at
) v
where u.id between ${from} and ${to} and ${h('u.id', 1)} < 380`;
}

function auditInsert(from: number, to: number): string {
  return `
insert into user_verification_audit (verification_id, user_id, staff_id, action, from_state, to_state, reason, created_at)
select v.id, v.user_id, null::int, 'submit', null::smallint, 1, '', v.submitted_at
from user_verification v where v.user_id between ${from} and ${to}
union all
select v.id, v.user_id, null::int, case when v.state = 2 then 'approve' else 'reject' end, 1, v.state, v.reason, v.reviewed_at
from user_verification v where v.user_id between ${from} and ${to} and v.state <> 1`;
}

function loginsInsert(from: number, to: number): string {
  const platforms = Object.keys(DEVICES);
  const devices = Object.values(DEVICES);
  const maxDevices = Math.max(...devices.map((d) => d.length));
  // A two-dimensional array literal: row per platform, padded with the row's first entry.
  const deviceMatrix = `(ARRAY[${devices.map((d) => text([...d, ...Array(maxDevices - d.length).fill(d[0])]).replace('::text[]', '')).join(',')}]::text[])`;
  const cities = text(CITIES.map((c) => c[1]));
  return `
insert into user_login_log (user_id, login_at, ip, location, device, platform, result)
select u.id,
  case when k = 1 then u.last_login_at else u.registered_at + random() * (u.last_login_at - u.registered_at) end,
  case when k = 1 then u.last_login_ip else ${pick(ints(IP_FIRST), IP_FIRST.length, 'random()')}::text || '.' || floor(random() * 256)::int || '.' || floor(random() * 256)::int || '.' || (1 + floor(random() * 254)::int) end,
  case when random() < 0.85 then ${cityNameOf('u.city_code')} else ${pick(cities, CITIES.length, 'random()')} end,
  ${deviceMatrix}[1 + p.i][1 + floor(random() * ${maxDevices})::int],
  (${text(platforms)})[1 + p.i],
  case when k = 1 then 'success' else (case when r < 0.9 then 'success' when r < 0.97 then 'bad_password' when r < 0.99 then 'bad_code' else 'locked' end) end
from users u
cross join lateral generate_series(1, (${h('u.id', 2)}) % 6) as k
cross join lateral (select random() as r, (case when u.register_channel = 'app_ios' then 0 when u.register_channel = 'app_android' then 1 when u.register_channel = 'h5' then 2 when u.register_channel = 'mini_program' then 3 else 4 end + (case when random() < 0.2 then 1 else 0 end)) % ${platforms.length} as i) p
where u.id between ${from} and ${to} and u.last_login_at is not null`;
}

/** From this many users on, secondary indexes are dropped during the load and built once at the end (much faster). */
const BULK_THRESHOLD = 100_000;
const TABLES = ['users', 'user_verification', 'user_verification_audit', 'user_login_log', 'ledger_account', 'ledger_entry'];

/** Non-unique, non-primary indexes of the generated tables, with their definitions to build them again. */
async function secondaryIndexes(tx: Executor): Promise<{ name: string; def: string }[]> {
  const result = (await tx.execute(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname in (${sql.join(TABLES.map((name) => sql`${name}`), sql`, `)})
      and not i.indisunique and not i.indisprimary`)) as unknown as { rows: { name: string; def: string }[] };
  return result.rows;
}

/**
 * Adds `count` generated users (ids after the highest one) with their verifications, audit trail and sign-ins.
 * Small runs go chunk by chunk, each chunk in a short transaction. Large runs (`db:seed -- --users 1000000`) run in one
 * transaction that drops the secondary indexes, loads every chunk and builds the indexes again by sorting — several
 * times faster than maintaining twelve random-key B-trees row by row, and all-or-nothing, so a crash leaves the
 * schema as it was. The tables are locked meanwhile: run large seeds on a database that is not serving traffic.
 * `analyze` at the end gives the planner fresh statistics.
 */
export async function generateUsers(db: Executor, count: number, dict: GeneratorDictionaries, log?: Logger): Promise<number> {
  if (count <= 0) return 0;
  const [maxRow] = await db.select({ max: sql<number>`coalesce(max(${users.id}), 0)::int` }).from(users);
  const first = Number(maxRow?.max ?? 0) + 1;
  const last = first + count - 1;
  const started = Date.now();
  const loadChunk = async (tx: Executor, from: number, to: number) => {
    await tx.execute(sql.raw(usersInsert(from, to, dict, first, count)));
    await tx.execute(sql.raw(openingBalancesInsert(from, to)));
    await tx.execute(sql`select ledger_open_balances(now())`);
    await tx.execute(sql.raw(verificationsInsert(from, to)));
    await tx.execute(sql.raw(auditInsert(from, to)));
    await tx.execute(sql.raw(loginsInsert(from, to)));
    log?.info({ users: to - first + 1, of: count, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'generated users');
  };
  if (count >= BULK_THRESHOLD) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      const indexes = await secondaryIndexes(tx);
      for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name.replaceAll('"', '""')}"`));
      for (let from = first; from <= last; from += CHUNK) await loadChunk(tx, from, Math.min(last, from + CHUNK - 1));
      for (const index of indexes) {
        await tx.execute(sql.raw(index.def));
        log?.info({ index: index.name, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'built index');
      }
    });
  } else {
    for (let from = first; from <= last; from += CHUNK) {
      await db.transaction((tx) => loadChunk(tx, from, Math.min(last, from + CHUNK - 1)));
    }
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), greatest((select max(id) from users), 1))`);
  // After a bulk load, vacuum too: it sets the visibility map and hint bits once, instead of the first readers doing it.
  for (const table of TABLES) await db.execute(sql.raw(`${count >= BULK_THRESHOLD ? 'vacuum analyze' : 'analyze'} ${table}`));
  return count;
}
