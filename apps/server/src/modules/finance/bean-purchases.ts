import { ErrorCode, type AppUserPosting } from '@juqi/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../lib/ledger/table';
import { availableBalance, type Ledger } from '../../lib/ledger/ledger';
import { FinanceRepository } from './repository';
import { financeFunctionCharge, financePackage } from './table';

/**
 * The key of a transfer made alongside a client's request (a package's bonus): `#` is a character clients' keys may not
 * hold, so no client key ever names it (migration 0030 moved the keys written before with `:bonus`).
 */
const derivedKey = (key: string, what: string) => `${key}#${what}`;

/**
 * What app users do with beans (docs/finance.md › Books): buy a 套餐 with their balance — its price to the platform's
 * revenue and its beans issued to them in one `bean_purchase` transfer, its bonus beans from promotions in a
 * `bean_bonus` transfer of the same transaction — and spend beans on a paid feature at the price of its charge in
 * force (`bean_spend`, to bean consumption). Every request carries the user's idempotency key, scoped to the user.
 */
export class BeanPurchaseService {
  private readonly accounts: FinanceRepository;

  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
  ) {
    this.accounts = new FinanceRepository(db);
  }

  async buyPackage(userId: number, body: { package_id: number; idempotency_key: string }): Promise<AppUserPosting> {
    const key = `package:${userId}:${body.idempotency_key}`;
    const bonusKey = derivedKey(key, 'bonus');
    // A retry of a purchase made before answers it, even if the package has since been taken off sale or repriced.
    const earlier = await this.earlierPurchase(key, bonusKey);
    if (earlier) {
      if (earlier.reference.package_id !== body.package_id) throw keyReused();
      return this.posting(userId, earlier.id, earlier.paid, earlier.beans);
    }
    const [pkg] = await this.db
      .select()
      .from(financePackage)
      .where(and(eq(financePackage.id, body.package_id), eq(financePackage.enabled, true)));
    if (!pkg) throw new AppError(ErrorCode.NOT_FOUND, { 'zh-CN': '套餐不存在或已下架', 'en-US': 'No such package on sale' });
    const purchase = await this.db.transaction(async (tx) => {
      const bought = await this.ledger.post(
        {
          kind: 'bean_purchase',
          legs: [
            { debit: { kind: 'user_cash', ownerId: userId }, credit: { kind: 'revenue' }, amount: pkg.price },
            { debit: { kind: 'bean_issuance' }, credit: { kind: 'user_beans', ownerId: userId }, amount: pkg.beans },
          ],
          memo: `购买套餐 ${pkg.name}`,
          reference: { package_id: pkg.id, package_name: pkg.name },
          idempotencyKey: key,
          userId,
        },
        tx,
      );
      if (pkg.bonusBeans > 0)
        await this.ledger.post(
          {
            kind: 'bean_bonus',
            legs: [{ debit: { kind: 'promotions' }, credit: { kind: 'user_beans', ownerId: userId }, amount: pkg.bonusBeans }],
            memo: `套餐赠送 ${pkg.name}`,
            reference: { package_id: pkg.id, purchase_transfer_id: bought.id },
            idempotencyKey: bonusKey,
            userId,
          },
          tx,
        );
      return bought;
    });
    return this.posting(userId, purchase.id, pkg.price, pkg.beans + pkg.bonusBeans);
  }

  async spendBeans(userId: number, body: { feature_code: string; quantity: number; idempotency_key: string }): Promise<AppUserPosting> {
    const [charge] = await this.db
      .select()
      .from(financeFunctionCharge)
      .where(and(eq(financeFunctionCharge.code, body.feature_code), eq(financeFunctionCharge.enabled, true)));
    if (!charge) throw new AppError(ErrorCode.NOT_FOUND, { 'zh-CN': '该功能没有生效的收费设置', 'en-US': 'No charge is in force for this feature' });
    const beans = charge.priceBeans * body.quantity;
    // A free feature moves nothing: a transfer of zero would only fill the books with noise.
    if (beans === 0) return this.posting(userId, null, 0, 0);
    const spent = await this.ledger.post({
      kind: 'bean_spend',
      legs: [{ debit: { kind: 'user_beans', ownerId: userId }, credit: { kind: 'bean_consumption' }, amount: beans }],
      memo: body.quantity > 1 ? `${charge.name} ×${body.quantity}` : charge.name,
      reference: { feature_code: charge.code, quantity: body.quantity, unit_price: charge.priceBeans },
      idempotencyKey: `spend:${userId}:${body.idempotency_key}`,
      userId,
    });
    return this.posting(userId, spent.id, 0, -beans);
  }

  /** The purchase posted under `key`, if any: what the user paid and the beans credited with its bonus. */
  private async earlierPurchase(key: string, bonusKey: string) {
    const [purchase] = await this.db.select({ id: ledgerTransfer.id, reference: ledgerTransfer.reference }).from(ledgerTransfer).where(eq(ledgerTransfer.idempotencyKey, key));
    if (!purchase) return undefined;
    const [moved] = await this.db
      .select({
        paid: sql<number>`coalesce(-sum(${ledgerEntry.amount}) filter (where ${ledgerAccount.kind} = 'user_cash'), 0)::float8`,
        beans: sql<number>`coalesce(sum(${ledgerEntry.amount}) filter (where ${ledgerAccount.kind} = 'user_beans'), 0)::float8`,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .where(inArray(ledgerTransfer.idempotencyKey, [key, bonusKey]));
    return { ...purchase, paid: moved?.paid ?? 0, beans: moved?.beans ?? 0 };
  }

  /** The answer: what moved, and the user's available cash and beans now. */
  private async posting(userId: number, transferId: number | null, paid: number, beans: number): Promise<AppUserPosting> {
    const [cash, beanAccount] = await Promise.all([this.accounts.account('user_cash', userId), this.accounts.account('user_beans', userId)]);
    const available = (a: typeof cash) => (a ? availableBalance(a) : 0);
    return { transfer_id: transferId, paid, beans, cash_available: available(cash), bean_balance: available(beanAccount) };
  }
}
