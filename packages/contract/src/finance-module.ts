import { financeCalls, topUpCalls, topUpRecordCalls, withdrawalAppCalls, withdrawalCalls } from './finance';
import { adjustmentCalls } from './finance-adjustments';
import { beanAppCalls, ledgerBookCalls, manualCreditCalls } from './finance-books';
import { reconciliationCalls } from './finance-reconciliation';
import { financeSettingsCalls, functionCharge, rechargePreset, topUpPackage } from './finance-settings';
import { defineContractModule } from './contract-module';

/**
 * The finance module's share of the contract (`contractModules`): its calls come in families from five files (the
 * ledger and top-ups, adjustments, the books, reconciliation, settings), some named apart here where two families
 * use one name (`list`, `details`, `export`), and its three settings resources.
 */
export const financeContract = defineContractModule({
  name: 'finance',
  calls: [
    financeCalls,
    financeSettingsCalls,
    adjustmentCalls,
    topUpCalls,
    { topUpList: topUpRecordCalls.list, topUpDetails: topUpRecordCalls.details, topUpExport: topUpRecordCalls.export },
    { withdrawApply: withdrawalAppCalls.apply, withdrawStatus: withdrawalAppCalls.status },
    {
      withdrawList: withdrawalCalls.list,
      withdrawDetails: withdrawalCalls.details,
      withdrawExport: withdrawalCalls.export,
      withdrawApprove: withdrawalCalls.approve,
      withdrawPay: withdrawalCalls.pay,
      withdrawReject: withdrawalCalls.reject,
    },
    manualCreditCalls,
    beanAppCalls,
    reconciliationCalls,
    Object.fromEntries(Object.entries(ledgerBookCalls).flatMap(([book, calls]) => Object.entries(calls).map(([name, call]) => [`${book}_${name}`, call]))),
  ],
  resources: [rechargePreset, topUpPackage, functionCharge],
});
