import type { TopUpFilter, TopUpRecord } from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { keysetBatches } from '../../lib/export/batches';
import { sendWorkbook, type ExportColumn } from '../../lib/export/workbook';
import { exportedTime } from '../../lib/time-zone';
import type { TopUpPosition, TopUpRecords } from './top-up-records';

/** Rows read per keyset query while exporting. */
const BATCH = 1000;
/** Compressed bytes a row takes, measured on the demo's orders. */
const BYTES_PER_ROW = 90;

const STATE = { pending: { 'zh-CN': '待支付', 'en-US': 'Pending' }, paid: { 'zh-CN': '已支付', 'en-US': 'Paid' }, closed: { 'zh-CN': '已关闭', 'en-US': 'Closed' } } as const;
const CHANNEL = { wechat: { 'zh-CN': '微信支付', 'en-US': 'WeChat Pay' }, alipay: { 'zh-CN': '支付宝', 'en-US': 'Alipay' } } as const;

const columns: ExportColumn<TopUpRecord>[] = [
  { header: { 'zh-CN': '订单号', 'en-US': 'Order no.' }, width: 24, value: (r) => r.order_no },
  { header: { 'zh-CN': '用户ID', 'en-US': 'User ID' }, width: 10, value: (r) => r.user_id },
  { header: { 'zh-CN': '用户', 'en-US': 'User' }, width: 12, value: (r) => r.user_name },
  { header: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, width: 14, value: (r) => r.user_mobile },
  { header: { 'zh-CN': '金额(元)', 'en-US': 'Amount (CNY)' }, width: 12, money: true, value: (r) => r.amount / 100 },
  { header: { 'zh-CN': '赠送金豆', 'en-US': 'Bonus beans' }, width: 10, value: (r) => r.bonus_beans },
  { header: { 'zh-CN': '支付方式', 'en-US': 'Channel' }, width: 10, value: (r, { locale }) => CHANNEL[r.channel][locale] },
  { header: { 'zh-CN': '状态', 'en-US': 'State' }, width: 8, value: (r, { locale }) => STATE[r.state][locale] },
  { header: { 'zh-CN': '支付流水号', 'en-US': 'Trade no.' }, width: 26, value: (r) => r.trade_no ?? '' },
  { header: { 'zh-CN': '下单时间', 'en-US': 'Ordered at' }, width: 20, value: (r, { zone }) => exportedTime(r.created_at, zone) },
  { header: { 'zh-CN': '支付时间', 'en-US': 'Paid at' }, width: 20, value: (r, { zone }) => exportedTime(r.paid_at, zone) },
  { header: { 'zh-CN': '对账异常', 'en-US': 'Mismatch' }, width: 30, value: (r) => r.mismatch },
];

/** Every top-up order the filter finds, newest first, streamed as an .xlsx file (lib/export). */
export function sendTopUpExport(reply: FastifyReply, records: TopUpRecords, filter: TopUpFilter): Promise<void> {
  return sendWorkbook(reply, {
    fileName: { 'zh-CN': '用户充值记录', 'en-US': 'User top-ups' },
    sheetName: { 'zh-CN': '充值记录', 'en-US': 'Top-ups' },
    columns,
    bytesPerRow: BYTES_PER_ROW,
    open: async (zone) => ({
      total: await records.count(filter, zone),
      batches: keysetBatches<TopUpRecord, TopUpPosition>(
        BATCH,
        (after, size) => records.batch(filter, zone, after, size),
        (last) => ({ createdAt: new Date(last.created_at), orderNo: last.order_no }),
      ),
    }),
  });
}
