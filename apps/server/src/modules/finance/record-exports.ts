import { codeName, PAY_CHANNEL_NAMES, TOP_UP_STATE_NAMES, WITHDRAW_TYPES, WITHDRAWAL_STATE_NAMES, type TopUpRecord, type WithdrawalRecord } from '@juqi/contract';
import type { ExportColumn } from '../../lib/export/workbook';
import type { RecordWorkbook } from '../../lib/records/record-list';
import { exportedTime } from '../../lib/time-zone';

const columns: ExportColumn<TopUpRecord>[] = [
  { header: { 'zh-CN': '订单号', 'en-US': 'Order no.' }, width: 24, value: (r) => r.order_no },
  { header: { 'zh-CN': '用户ID', 'en-US': 'User ID' }, width: 10, value: (r) => r.user_id },
  { header: { 'zh-CN': '用户', 'en-US': 'User' }, width: 12, value: (r) => r.user_name },
  { header: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, width: 14, value: (r) => r.user_mobile },
  { header: { 'zh-CN': '金额(元)', 'en-US': 'Amount (CNY)' }, width: 12, money: true, value: (r) => r.amount / 100 },
  { header: { 'zh-CN': '赠送金豆', 'en-US': 'Bonus beans' }, width: 10, value: (r) => r.bonus_beans },
  { header: { 'zh-CN': '支付方式', 'en-US': 'Channel' }, width: 10, value: (r, { locale }) => codeName(PAY_CHANNEL_NAMES, r.channel, locale) },
  { header: { 'zh-CN': '状态', 'en-US': 'State' }, width: 8, value: (r, { locale }) => codeName(TOP_UP_STATE_NAMES, r.state, locale) },
  { header: { 'zh-CN': '支付流水号', 'en-US': 'Trade no.' }, width: 26, value: (r) => r.trade_no ?? '' },
  { header: { 'zh-CN': '下单时间', 'en-US': 'Ordered at' }, width: 20, value: (r, { zone }) => exportedTime(r.created_at, zone) },
  { header: { 'zh-CN': '支付时间', 'en-US': 'Paid at' }, width: 20, value: (r, { zone }) => exportedTime(r.paid_at, zone) },
  { header: { 'zh-CN': '对账异常', 'en-US': 'Mismatch' }, width: 30, value: (r) => r.mismatch },
];

const withdrawalColumns: ExportColumn<WithdrawalRecord>[] = [
  { header: { 'zh-CN': '提现单号', 'en-US': 'Withdrawal no.' }, width: 24, value: (r) => r.withdraw_no },
  { header: { 'zh-CN': '用户ID', 'en-US': 'User ID' }, width: 10, value: (r) => r.user_id },
  { header: { 'zh-CN': '用户', 'en-US': 'User' }, width: 12, value: (r) => r.user_name },
  { header: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, width: 14, value: (r) => r.user_mobile },
  { header: { 'zh-CN': '金额(元)', 'en-US': 'Amount (CNY)' }, width: 12, money: true, value: (r) => r.amount / 100 },
  { header: { 'zh-CN': '收款方式', 'en-US': 'Payout to' }, width: 10, value: (r, { locale }) => codeName(WITHDRAW_TYPES, r.payout_type, locale) },
  { header: { 'zh-CN': '收款人', 'en-US': 'Account name' }, width: 12, value: (r) => r.account_name },
  { header: { 'zh-CN': '收款账号', 'en-US': 'Account' }, width: 22, value: (r) => r.account_no },
  { header: { 'zh-CN': '状态', 'en-US': 'State' }, width: 8, value: (r, { locale }) => codeName(WITHDRAWAL_STATE_NAMES, r.state, locale) },
  { header: { 'zh-CN': '申请时间', 'en-US': 'Applied at' }, width: 20, value: (r, { zone }) => exportedTime(r.created_at, zone) },
  { header: { 'zh-CN': '审核人', 'en-US': 'Approved by' }, width: 12, value: (r) => r.approver_name },
  { header: { 'zh-CN': '审核时间', 'en-US': 'Approved at' }, width: 20, value: (r, { zone }) => exportedTime(r.approved_at, zone) },
  { header: { 'zh-CN': '打款人', 'en-US': 'Paid by' }, width: 12, value: (r) => r.payer_name },
  { header: { 'zh-CN': '打款时间', 'en-US': 'Paid at' }, width: 20, value: (r, { zone }) => exportedTime(r.paid_at, zone) },
  { header: { 'zh-CN': '驳回人', 'en-US': 'Rejected by' }, width: 12, value: (r) => r.rejecter_name },
  { header: { 'zh-CN': '驳回时间', 'en-US': 'Rejected at' }, width: 20, value: (r, { zone }) => exportedTime(r.rejected_at, zone) },
  { header: { 'zh-CN': '驳回原因', 'en-US': 'Reject reason' }, width: 30, value: (r) => r.reject_reason },
];

/** 用户充值记录's file. */
export const topUpWorkbook: RecordWorkbook<TopUpRecord> = {
  fileName: { 'zh-CN': '用户充值记录', 'en-US': 'User top-ups' },
  sheetName: { 'zh-CN': '充值记录', 'en-US': 'Top-ups' },
  columns,
};

/** 代理提现记录's file, accounts masked. */
export const withdrawalWorkbook: RecordWorkbook<WithdrawalRecord> = {
  fileName: { 'zh-CN': '代理提现记录', 'en-US': 'Agency withdrawals' },
  sheetName: { 'zh-CN': '提现记录', 'en-US': 'Withdrawals' },
  columns: withdrawalColumns,
};
