import { holdsOperation, type Principal } from '../../lib/http/types';

/** The staff acting on a finance record, for its two-person rules and the operation log. */
export interface Actor {
  staffId: number;
  ip: string;
  /** Whether the staff may read users' balances (`finance.statement.view`): a refusal tells them the balance only then. */
  readsBalances: boolean;
}

/** The staff making a call, and from where. */
export const actorOf = (ctx: { principal: Principal | null; request: { ip: string } }): Actor => {
  const principal = ctx.principal!;
  return { staffId: principal.staffId, ip: ctx.request.ip, readsBalances: holdsOperation(principal, 'finance.statement.view') };
};
