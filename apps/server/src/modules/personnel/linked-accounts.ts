import type { StaffStatus } from '@juqi/contract';
import { AppError } from '../../lib/errors';
import type { AccountDirectory, Principal } from '../../lib/http/types';

/**
 * What a staff record's changes do to its linked sign-in account (docs/personnel.md › Linked accounts and the grant
 * ceiling): resigning disables it (now, or by the leaving job on the leaving date), withdrawing a resignation spares
 * it, deleting the record or moving the link frees it from the leaving date. Each such change is managing that
 * account, under the ceiling the auth module applies to changing it directly.
 */

/** Whether moving a record from `from` to `to` reaches its account: resigning it, or setting or clearing its leaving date. */
export const reachesAccount = (from: StaffStatus, to: StaffStatus) => to === 'resigning' || to === 'resigned' || from === 'resigning';

/**
 * Refuses (40300, recorded as `staff.refused` with `action`) unless the manager holds every grant of each account
 * these records link; answers the accounts checked. Runs before the write's transaction: on PGlite's one connection the
 * auth module's queries would wait for it.
 */
export async function assertMayManageLinked(
  accounts: AccountDirectory,
  records: readonly { accountId: number | null }[],
  manager: Principal,
  action: string,
): Promise<ReadonlySet<number>> {
  const linked = new Set(records.flatMap((record) => (record.accountId === null ? [] : [record.accountId])));
  for (const accountId of linked) await accounts.assertMayManage(accountId, manager, action);
  return linked;
}

export const linkChangedMeanwhile = () =>
  AppError.conflict({ 'zh-CN': '该人员的登录账号刚被他人修改，请刷新后重试', 'en-US': 'Someone changed this record’s account meanwhile; reload and try again' }, 'account_id');

/** Inside the transaction: the records, locked, link no account other than those checked (40900 otherwise). */
export function assertLinksChecked(records: readonly { accountId: number | null }[], checked: ReadonlySet<number>): void {
  if (records.some((record) => record.accountId !== null && !checked.has(record.accountId))) throw linkChangedMeanwhile();
}
