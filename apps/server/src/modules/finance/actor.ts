/** The staff acting on a finance record, for its two-person rules and the operation log. */
export interface Actor {
  staffId: number;
  ip: string;
  /** Whether the staff may read users' balances (`finance.statement.view`): a refusal tells them the balance only then. */
  readsBalances: boolean;
}

/** The staff making a call, and from where. */
export const actorOf = (ctx: { principal: { staffId: number; operations: ReadonlySet<string> | 'all' } | null; request: { ip: string } }): Actor => {
  const principal = ctx.principal!;
  return { staffId: principal.staffId, ip: ctx.request.ip, readsBalances: principal.operations === 'all' || principal.operations.has('finance.statement.view') };
};
