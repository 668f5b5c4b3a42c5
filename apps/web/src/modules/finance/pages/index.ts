export { RechargeRecordsPage } from './recharge-page';
export { WithdrawRecordsPage } from './withdraw-page';
