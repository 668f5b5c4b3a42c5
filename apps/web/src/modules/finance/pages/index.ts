export { RechargeRecordsPage } from './recharge-page';
