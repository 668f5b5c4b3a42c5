import { beanAppCalls, LEDGER_BOOK_CODES, ledgerBookCalls, manualCreditCalls } from '@juqi/contract';
import type { FastifyInstance } from 'fastify';
import { lazyService } from '../../lib/http/types';
import { route } from '../../lib/http/route';
import type { Ledger } from '../../lib/ledger/ledger';
import { BeanPurchaseService } from './bean-purchases';
import { bookDetails, bookRecordList, bookWorkbook } from './books';
import { EarningService } from './earnings';
import { sendRecords } from '../../lib/records/record-list';

/** The ledger's books (list, details, export each), the manual credits, and app users' package purchases and bean spending. */
export function ledgerBookRoutes(app: FastifyInstance, ledger: Ledger): void {
  const db = app.database.db;
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  for (const book of LEDGER_BOOK_CODES) {
    const calls = ledgerBookCalls[book];
    const records = bookRecordList(db, book);
    route(app, calls.list, async ({ body: { page, limit, ...filter } }) => records.page(filter, await timeZone.current(), page, limit));
    route(app, calls.details, ({ body }) => bookDetails(db, book, body.entry_id));
    route(app, calls.export, async ({ body, reply }) => {
      await sendRecords(reply, records, body, bookWorkbook(book));
      return null;
    });
  }

  const earnings = new EarningService(db, ledger);
  route(app, manualCreditCalls.earningCredit, ({ body, principal, request }) => earnings.credit('cash', body, { staffId: principal!.staffId, ip: request.ip }));
  route(app, manualCreditCalls.beanEarningCredit, ({ body, principal, request }) => earnings.credit('beans', body, { staffId: principal!.staffId, ip: request.ip }));

  const beans = new BeanPurchaseService(db, ledger);
  route(app, beanAppCalls.packageBuy, ({ body, appUser }) => beans.buyPackage(appUser!.userId, body));
  route(app, beanAppCalls.beanSpend, ({ body, appUser }) => beans.spendBeans(appUser!.userId, body));
}
