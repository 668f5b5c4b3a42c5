import { adjustmentCalls, withdrawalCalls } from '@juqi/contract';
import { urlField } from '../../lib/url-state';

const adjustments = adjustmentCalls.adjustmentList.body!.shape;
const withdrawals = withdrawalCalls.list.body!.shape;

export const ADJUSTMENT_PATH = '/finance/adjustment';
export const WITHDRAW_PATH = '/finance/agency_withdraw';

/**
 * 调账记录's URL (`/finance/adjustment?state=pending&currency=BEAN`): its filters, and `no`, the adjustment open in the
 * drawer, so a link opens it (a notification or a to-do about it).
 */
export const ADJUSTMENT_URL = {
  keyword: urlField('text', adjustments.keyword),
  user_id: urlField('number', adjustments.user_id),
  state: urlField('text', adjustments.state),
  currency: urlField('text', adjustments.currency),
  direction: urlField('text', adjustments.direction),
  time: urlField('days', adjustments.time),
  amount_min: urlField('number', adjustments.amount_min),
  amount_max: urlField('number', adjustments.amount_max),
  no: urlField('text', adjustmentCalls.adjustmentDetails.body!.shape.adjustment_no),
};

/** 代理提现记录's URL (`/finance/agency_withdraw?state=applied&payout_type=2`): its filters, and `no`, the withdrawal open in the drawer. */
export const WITHDRAW_URL = {
  keyword: urlField('text', withdrawals.keyword),
  user_id: urlField('number', withdrawals.user_id),
  state: urlField('text', withdrawals.state),
  payout_type: urlField('number', withdrawals.payout_type),
  time: urlField('days', withdrawals.time),
  amount_min: urlField('number', withdrawals.amount_min),
  amount_max: urlField('number', withdrawals.amount_max),
  no: urlField('text', withdrawalCalls.details.body!.shape.withdraw_no),
};

/** The id of 调账审批设置 on 调账记录: a link's fragment scrolls it into view (a raise waiting for approval). */
export const ADJUSTMENT_SETTINGS_ANCHOR = 'adjustment-settings';
