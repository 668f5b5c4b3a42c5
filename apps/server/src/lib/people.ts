import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './db/client';
import { staff } from './db/schema';

/**
 * Two-person rules compare people, not sign-in accounts (docs/security.md › Two-person rules): accounts sharing a
 * `person_key` (set only by the super-admin) belong to one person, so an adjustment applied from one of them may not be
 * approved from another. An account without a key is a person of its own.
 */
export async function samePerson(db: Executor, a: number, b: number): Promise<boolean> {
  return (await accountsOfSamePerson(db, a, [b])).length > 0;
}

/** Those of `ids` that are the same person as `staffId`: that account, and any sharing its person key. */
export async function accountsOfSamePerson(db: Executor, staffId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: staff.id, personKey: staff.personKey }).from(staff).where(inArray(staff.id, [staffId, ...ids]));
  const key = rows.find((r) => r.id === staffId)?.personKey;
  const same = new Set(rows.filter((r) => r.id === staffId || (key && r.personKey === key)).map((r) => r.id));
  return ids.filter((id) => id === staffId || same.has(id));
}

/** Who an account belongs to, as one text: `key:<person_key>`, or `staff:<id>` for an account of its own. */
const personOfRow = sql<string>`case when ${staff.personKey} is null then 'staff:' || ${staff.id} else 'key:' || ${staff.personKey} end`;

/** The person an account belongs to (for a lock or a sum per person); the account's own when it is not found. */
export async function personOf(db: Executor, staffId: number): Promise<string> {
  const [row] = await db.select({ person: personOfRow }).from(staff).where(sql`${staff.id} = ${staffId}`);
  return row?.person ?? `staff:${staffId}`;
}

/** The ids of every account of a person, as a subquery: `applicant_id in (accountsOf(person))`. */
export const accountsOf = (person: string) => sql`(select ${staff.id} from ${staff} where ${personOfRow} = ${person})`;

/**
 * The records a staff's own person did not start, by the column naming who started them (null: nobody recorded, so
 * anyone may decide): what a two-person step may offer them.
 */
export async function notStartedBy(db: Executor, staffId: number, starter: PgColumn): Promise<SQL> {
  return sql`(${starter} is null or ${starter} not in ${accountsOf(await personOf(db, staffId))})`;
}
