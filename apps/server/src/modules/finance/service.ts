import { CURRENCIES, USER_LOOKUP_LIMIT, USER_PICKING_OPERATIONS, type AccountKind, type Currency, type FinanceUser, type TrialBalance } from '@juqi/contract';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { holdsOperation, type Principal } from '../../lib/http/types';
import { availableBalance, postedBalance } from '../../lib/ledger/ledger';
import { FinanceRepository } from './repository';

/** The finance screens' reads of the ledger (docs/finance.md). */
export class FinanceService {
  readonly records: FinanceRepository;

  constructor(private readonly db: Executor) {
    this.records = new FinanceRepository(db);
  }

  /** The users a money form may pick, for staff who credit or adjust accounts (the call's own check: any of several grants). */
  async userLookup(keyword: string, principal: Principal): Promise<FinanceUser[]> {
    if (!USER_PICKING_OPERATIONS.some((code) => holdsOperation(principal, code))) throw AppError.forbidden();
    return this.records.pickableUsers(keyword, USER_LOOKUP_LIMIT);
  }

  /** 试算平衡: read in one transaction, so every sum is of the same moment. */
  async trialBalance(): Promise<TrialBalance> {
    const { sums, platform } = await this.db.transaction(async (tx) => ({ sums: await this.records.kindSums(tx), platform: await this.records.platformAccounts(tx) }));
    return {
      currencies: CURRENCIES.map((currency) => {
        const kinds = sums.filter((s) => s.currency === currency);
        const total = (pick: (s: (typeof kinds)[number]) => number) => kinds.reduce((n, s) => n + pick(s), 0);
        const [debits, credits, pendingDebits, pendingCredits] = [total((s) => s.debits), total((s) => s.credits), total((s) => s.pendingDebits), total((s) => s.pendingCredits)];
        return {
          currency,
          debits,
          credits,
          pending_debits: pendingDebits,
          pending_credits: pendingCredits,
          balanced: debits === credits && pendingDebits === pendingCredits,
          kinds: kinds.map((s) => ({ kind: s.kind, accounts: s.accounts, debits: s.debits, credits: s.credits, balance: s.credits - s.debits })),
        };
      }),
      platform_accounts: platform.map((a) => ({ id: a.id, kind: a.kind, owner_id: a.ownerId, debits: a.debitsPosted, credits: a.creditsPosted, balance: postedBalance(a) })),
    };
  }

  /** A user's account of a currency and its entries; zeros and none before the account is opened. */
  async userStatement(userId: number, currency: Currency, page: number, limit: number) {
    const kind: AccountKind = currency === 'CNY' ? 'user_cash' : 'user_beans';
    const account = await this.records.account(kind, userId);
    return {
      account: {
        kind,
        currency,
        balance: account ? postedBalance(account) : 0,
        frozen: account?.debitsPending ?? 0,
        available: account ? availableBalance(account) : 0,
        income: account?.incomePosted ?? 0,
      },
      ...(account ? await this.records.statement(account.id, page, limit) : { count: 0, data: [] }),
    };
  }
}
