import type { UserFilter } from '@juqi/contract';
import { defineMessages } from '../../../lib/i18n';

/**
 * The §3 filter's field names, one per field: the all-users filter bar and the user-select drawer filter the same way,
 * so they name each field the same. The names follow the list's columns and the export's headers (代理岗位 / 服务岗位,
 * 订单数), and say what the field matches (the keyword also finds an ID; 最近下单 is the latest order's day).
 */
export const userFilterLabels = defineMessages<keyof UserFilter>({
  'zh-CN': {
    keyword: '姓名 / 手机号 / ID',
    type_user: '用户类型',
    system_id: '用户来源',
    authentication_state: '实名状态',
    withdraw_state: '提现状态',
    withdraw_type: '提现方式',
    quantity: '订单数',
    level: '等级',
    agency_pw_id: '代理岗位',
    pw_id: '服务岗位',
    locked: '账号状态',
    time_quantum: '注册时间',
    issue_time_quantum: '最近下单',
  },
  'en-US': {
    keyword: 'Name / mobile / ID',
    type_user: 'User type',
    system_id: 'Source',
    authentication_state: 'Verification',
    withdraw_state: 'Withdrawal',
    withdraw_type: 'Payout account',
    quantity: 'Orders',
    level: 'Level',
    agency_pw_id: 'Agency post',
    pw_id: 'Service post',
    locked: 'Account',
    time_quantum: 'Registered',
    issue_time_quantum: 'Last order',
  },
});
