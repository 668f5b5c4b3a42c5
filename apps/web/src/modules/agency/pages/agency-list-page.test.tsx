import {
  agencyApplicationCalls,
  agencyListCalls,
  businessApplyCalls,
  certificationCalls,
  merchantCalls,
  orderCalls,
  topUpRecordCalls,
  userCalls,
  type AgencyBusinessRow,
  type AgencyDetails,
  type AgencyRow,
  type CertificationRow,
  type FieldDefinitionRow,
} from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { answerOf, fakeApi, file, profileOf, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { AgencyListPage } from './agency-list-page';

const user = userEvent.setup({ delay: null });
/** antd spaces a button's two Chinese characters apart. */
const PAUSE = /^暂 ?停$/;
const RESUME = /^恢 ?复$/;

const row = (id: number, name: string, extra: Partial<AgencyRow> = {}): AgencyRow => ({
  id,
  name,
  mobile: `1390000000${id}`,
  head_img_url: '',
  level: 2,
  level_name: '白银代理',
  status: 'active',
  city_code: '330100',
  province: '浙江省',
  city: '杭州市',
  region_id: 1,
  region: '华东大区',
  agency_pw_id: null,
  agency_pw_name: '',
  balance_cents: 12_345,
  total_income_cents: 500_000,
  sales_fen: 6_543_210,
  activity_score: 72,
  activity_band: 'active',
  figures_at: '2026-03-08T16:30:00.000Z',
  joined_at: '2026-03-01T02:00:00.000Z',
  application_id: 31,
  ...extra,
});
const field = (key: string, label: string): FieldDefinitionRow =>
  ({ id: key.length, key, type: 'text', label: { 'zh-CN': label, 'en-US': label }, required: false, unique: false, permission: 0, updated_at: '2026-01-01T00:00:00.000Z' }) as FieldDefinitionRow;

const zhang = row(1, '张三代理');
const li = row(2, '李四代理', { status: 'suspended', level: 0, level_name: '普通代理', city_code: '110000', province: '北京市', city: '北京市', region: '', region_id: null, figures_at: null, activity_score: 0, activity_band: 'dormant', sales_fen: 0 });
const details = (agency: AgencyRow, status = agency.status): AgencyDetails => ({
  ...agency,
  status,
  frozen_cents: 0,
  held_commission_cents: 1_500,
  bean_balance: 30,
  real_name: '张三',
  authentication_state: 2,
  registered_at: '2025-12-01T02:00:00.000Z',
  last_login_at: null,
  locked: false,
  extra: { real_name: '张三', company_name: '杭州星火传媒' },
  form: [field('real_name', '姓名'), field('company_name', '公司名称')],
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const certification = (id: number, extra: Partial<CertificationRow> = {}): CertificationRow => ({
  id,
  agency_id: 1,
  agency_name: '张三代理',
  platform: 'douyin',
  account_name: '星火传媒官方',
  account_id: 'xinghuo2026',
  state: 1,
  reason: '',
  documents: [`/api/agency/certification_document?id=${id}&index=0`, `/api/agency/certification_document?id=${id}&index=1`],
  submitted_at: '2026-03-09T02:00:00.000Z',
  decided_at: null,
  reviewer_name: null,
  ...extra,
});

/** 全部代理's API: the agency's status follows what was posted. */
function api() {
  let certifications = [certification(5), certification(4, { platform: 'kuaishou', account_name: '星火快手', state: 0, reason: '截图与账号不符', reviewer_name: '王审核', decided_at: '2026-03-08T02:00:00.000Z', documents: [] })];
  let status: AgencyRow['status'] = 'active';
  const history: { action: string; reason: string | null; subject?: string }[] = [];
  let businesses: AgencyBusinessRow[] = [
    { business_id: 5, business_name: '短视频代运营', business_enabled: true, selling: true, packages_on_sale: 2, price_from: 99_900, price_to: 299_900, approved_at: '2026-03-05T02:00:00.000Z', request_id: 40 },
    { business_id: 6, business_name: '企业建站', business_enabled: false, selling: false, packages_on_sale: 0, price_from: null, price_to: null, approved_at: '2026-03-06T02:00:00.000Z', request_id: 41 },
  ];
  return fakeApi({
    'POST /api/agency/agency_list': () => answerOf(agencyListCalls.agencyList, { count: 2, data: [zhang, li], next_cursor: null }),
    'POST /api/agency/agency_options': () =>
      answerOf(agencyListCalls.agencyOptions, {
        levels: [
          { level: 0, name: '普通代理' },
          { level: 2, name: '白银代理' },
        ],
        regions: [{ id: 1, name: '华东大区' }],
        cities: [{ code: '330100', name: '杭州市', province: '浙江省' }],
        posts: [],
      }),
    'POST /api/agency/agency_details': () => answerOf(agencyListCalls.agencyDetails, details(zhang, status)),
    'POST /api/agency/agency_history': () =>
      answerOf(
        agencyListCalls.agencyHistory,
        history.map((h) => ({ at: '2026-03-02T02:00:00.000Z', staff_name: '运营', action: h.action, from: null, to: null, reason: h.reason, ...(h.subject && { subject: h.subject }) })),
      ),
    'POST /api/merchant/merchant_list': () =>
      answerOf(merchantCalls.merchantList, {
        count: 1,
        next_cursor: null,
        data: [{ id: 3, customer_name: '杭州星河餐饮有限公司', agency_id: 1, agency_name: '张三代理', agency_mobile: '13900000001', user_id: null, source: 'staff', extra: {}, created_at: '2026-03-03T02:00:00.000Z', updated_at: '2026-03-03T02:00:00.000Z' }],
      }),
    'POST /api/order/order_import': () => answerOf(orderCalls.orderImport, { added: 12, unchanged: 3 }),
    'POST /api/order/order_list': () =>
      answerOf(orderCalls.orderList, {
        count: 1,
        next_cursor: null,
        data: [
          {
            id: 8,
            order_no: 'OD20260303100000000008',
            external_no: null,
            remark: '',
            agency_id: 1,
            agency_name: '张三代理',
            agency_mobile: '13900000001',
            merchant_id: 3,
            customer_name: '杭州星河餐饮有限公司',
            region_id: 1,
            business_id: 5,
            business_name: '短视频代运营',
            package_id: 51,
            package_name: '基础版',
            price: 99_900,
            duration_days: 30,
            quota: 0,
            delivered: 0,
            pay_by: 'customer',
            amount: 99_900,
            discount_bp: 10_000,
            commission_rate_bp: 1_000,
            refunded: 0,
            commission: 0,
            state: 'in_service',
            source: 'app',
            created_at: '2026-03-03T02:00:00.000Z',
            paid_at: '2026-03-03T02:05:00.000Z',
            started_at: '2026-03-03T03:00:00.000Z',
            service_end_at: '2026-04-02T15:59:59.999Z',
            ended_at: null,
          },
        ],
      }),
    'POST /api/agency/certification_list': () => answerOf(certificationCalls.certificationList, { count: certifications.length, data: certifications }),
    'GET /api/agency/certification_document': () => file([PNG], { 'content-type': 'image/png' }),
    'POST /api/agency/certification_audit': ({ body }) => {
      const { id, action, reason } = body as { id: number; action: 'approve' | 'reject'; reason: string };
      certifications = certifications.map((c) => (c.id === id ? { ...c, state: action === 'approve' ? 2 : 0, reason, reviewer_name: '王审核', decided_at: '2026-03-10T02:00:00.000Z' } : c));
      return answerOf(certificationCalls.certificationAudit, certifications.find((c) => c.id === id)!);
    },
    'POST /api/order/commission_list': () =>
      answerOf(orderCalls.commissionList, {
        count: 2,
        held: 14_985,
        released: 9_990,
        clawed_back: 9_990,
        clawback_due: 1_499,
        data: [
          { id: 12, order_no: 'OD20260303100000000012', business_name: '短视频代运营', package_name: '专业版', customer_name: '杭州星河餐饮有限公司', agency_id: 1, base: 149_850, rate_bp: 1_000, amount: 14_985, state: 'held', release_at: '2026-03-10T02:00:00.000Z', released_at: null, clawed_back: 0, clawback_due: 0, created_at: '2026-03-03T02:00:00.000Z' },
          { id: 9, order_no: 'OD20260201100000000009', business_name: '短视频代运营', package_name: '基础版', customer_name: '杭州星河餐饮有限公司', agency_id: 1, base: 99_900, rate_bp: 1_000, amount: 9_990, state: 'released', release_at: '2026-02-08T02:00:00.000Z', released_at: '2026-02-08T02:10:00.000Z', clawed_back: 9_990, clawback_due: 1_499, created_at: '2026-02-01T02:00:00.000Z' },
        ],
      }),
    'POST /api/order/return_list': () =>
      answerOf(orderCalls.returnList, {
        count: 1,
        sum_amount: 99_900,
        data: [{ id: 40, order_no: 'OD20260201100000000009', business_name: '短视频代运营', package_name: '基础版', customer_name: '杭州星河餐饮有限公司', action: 'refund', amount: 99_900, reason: '服务未达标', by: '王运营', at: '2026-02-20T02:00:00.000Z' }],
      }),
    'POST /api/finance/recharge_list': () =>
      answerOf(topUpRecordCalls.list, {
        count: 1,
        sum_amount: 50_000,
        sum_paid: 50_000,
        data: [{ order_no: 'TU202603030001', user_id: 1, amount: 50_000, bonus_beans: 0, channel: 'wechat', provider: 'fake', state: 'paid', trade_no: null, created_at: '2026-03-03T02:00:00.000Z', paid_at: '2026-03-03T02:01:00.000Z', transfer_id: 9, user_name: '张三代理', user_mobile: '13900000001', mismatch: '', notify_count: 1 }],
      }),
    'POST /api/user/login_log_list': () =>
      answerOf(userCalls.loginLogList, {
        count: 1,
        next_cursor: null,
        data: [{ id: 4, user_id: 1, user_name: '张三代理', user_mobile: '13900000001', login_at: '2026-03-04T02:00:00.000Z', ip: '10.0.0.8', location: '杭州', device: 'iPhone', platform: 'ios', result: 'success' }],
      }),
    'POST /api/agency/application_options': () =>
      answerOf(agencyApplicationCalls.applicationOptions, { form: [field('real_name', '姓名'), field('company_name', '公司名称')], cities: [{ code: '330100', name: '杭州市', province: '浙江省' }] }),
    'POST /api/agency/application_candidates': () => answerOf(agencyApplicationCalls.applicationCandidates, [{ id: 42, name: '王五', mobile: '13800000042', verified: true }]),
    'POST /api/agency/application_add': () => answerOf(agencyApplicationCalls.applicationAdd, { request_id: 77 }),
    'POST /api/agency/agency_businesses': () => answerOf(businessApplyCalls.agencyBusinesses, businesses),
    'POST /api/agency/agency_business_revoke': ({ body }) => {
      const { business_id, reason } = body as { business_id: number; reason: string };
      businesses = businesses.map((b) => (b.business_id === business_id ? { ...b, selling: false } : b));
      history.push({ action: 'business_revoke', reason, subject: '短视频代运营' });
      return answerOf(businessApplyCalls.agencyBusinessRevoke, null);
    },
    'POST /api/agency/agency_suspend': ({ body }) => {
      status = 'suspended';
      history.push({ action: 'suspend', reason: (body as { reason: string }).reason });
      return answerOf(agencyListCalls.agencySuspend, null);
    },
  });
}

const listBodies = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/agency/agency_list').map((r) => r.body);
const rowOf = async (name: string) => (await screen.findByRole('button', { name })).closest('.ant-table-row') as HTMLElement;

describe('AgencyListPage', () => {
  it('lists the agencies its URL filters, with level, status, activity, place, region and money', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list?level=2&region_id=1&activity_band=active' });
    const first = await rowOf('张三代理');
    expect(within(first).getByText('白银代理')).toBeInTheDocument();
    expect(within(first).getByText('正常')).toBeInTheDocument();
    expect(within(first).getByText('浙江省 · 杭州市')).toBeInTheDocument();
    expect(within(first).getByText('华东大区')).toBeInTheDocument();
    expect(within(first).getByText('¥ 123.45')).toBeInTheDocument();
    expect(within(first).getByText('活跃 · 72')).toBeInTheDocument();
    const second = await rowOf('李四代理');
    expect(within(second).getByText('已暂停')).toBeInTheDocument();
    expect(within(second).getByText('尚未统计')).toBeInTheDocument();
    expect(within(second).getByText('北京市')).toBeInTheDocument();
    expect(listBodies(seen)[0]).toEqual({ level: 2, region_id: 1, activity_band: 'active', limit: 50 });
    expect(screen.getByText('共 2 个代理')).toBeInTheDocument();
  });

  it('opens an agency in the URL with its particulars and form, suspends it with a reason and shows it in its history', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list' });
    await user.click(await screen.findByRole('button', { name: '张三代理' }));
    expect(currentUrl()).toBe('/agency/list?id=1');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('申请单 #31')).toBeInTheDocument();
    expect(within(drawer).getByText('已认证 张三')).toBeInTheDocument();
    // The nightly figures, and when they were computed.
    for (const text of ['¥ 65,432.10', '活跃 · 72', '2026-03-09 00:30']) expect(within(drawer).getByText(text)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: '申请表' }));
    expect(await within(drawer).findByText('杭州星火传媒')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: PAUSE }));
    const dialog = (await screen.findByText('暂停 · 张三代理')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: PAUSE }));
    expect(await within(dialog).findByText('请输入原因')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), '投诉核查中');
    await user.click(within(dialog).getByRole('button', { name: PAUSE }));
    expect(await screen.findByText('已暂停代理')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === '/api/agency/agency_suspend').map((r) => r.body)).toEqual([{ id: 1, reason: '投诉核查中' }]);
    // Suspended now: the drawer offers 恢复 instead.
    expect(await within(drawer).findByRole('button', { name: RESUME })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: '历史' }));
    expect(await within(drawer).findByText('原因：投诉核查中')).toBeInTheDocument();
  });

  it('shows the businesses it may sell with their packages, and revokes one with a reason, seen in its history', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list?id=1' });
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: '可售业务' }));
    const video = (await within(drawer).findByText('短视频代运营')).closest<HTMLElement>('.ant-list-item')!;
    expect(within(video).getByText('可销售')).toBeInTheDocument();
    expect(within(video).getByText(/在售套餐 2 个 · ¥ 999.00 – ¥ 2,999.00/)).toBeInTheDocument();
    const site = within(drawer).getByText('企业建站').closest<HTMLElement>('.ant-list-item')!;
    expect(within(site).getByText('已撤销')).toBeInTheDocument();
    expect(within(site).getByText('业务已下架')).toBeInTheDocument();
    expect(within(site).queryByRole('button')).toBeNull();

    await user.click(within(video).getByRole('button', { name: '撤销 短视频代运营' }));
    const dialog = (await screen.findByText('撤销可售业务 · 张三代理 · 短视频代运营')).closest<HTMLElement>('.ant-modal')!;
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), '客户投诉');
    await user.click(within(dialog).getByRole('button', { name: /^撤\s*销$/ }));
    expect(await screen.findByText('已撤销该代理的可售业务')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === '/api/agency/agency_business_revoke').map((r) => r.body)).toEqual([{ agency_id: 1, business_id: 5, reason: '客户投诉' }]);
    await within(video).findByText('已撤销');
    await user.click(within(drawer).getByRole('tab', { name: '历史' }));
    expect(await within(drawer).findByText('撤销可售业务')).toBeInTheDocument();
    expect(within(drawer).getByText('原因：客户投诉')).toBeInTheDocument();
  });

  it('shows the agency’s customers, orders, top-ups and sign-ins, each with a link to all of them', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list?id=1' });
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: '客户' }));
    expect(await within(drawer).findByRole('link', { name: '杭州星河餐饮有限公司' })).toHaveAttribute('href', '/merchant/info?id=3');
    expect(within(drawer).getByRole('link', { name: '查看全部' })).toHaveAttribute('href', '/merchant/info?agency_id=1');
    await user.click(within(drawer).getByRole('tab', { name: '订单' }));
    expect(await within(drawer).findByRole('link', { name: 'OD20260303100000000008' })).toHaveAttribute('href', '/agencyorder_center/index?order=OD20260303100000000008');
    for (const text of ['短视频代运营 · 基础版', '¥ 999.00', '服务中']) expect(within(drawer).getByText(text)).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '查看全部' })).toHaveAttribute('href', '/agencyorder_center/index?agency_id=1');
    expect(seen.filter((r) => r.url === '/api/order/order_list').map((r) => r.body)).toEqual([{ agency_id: 1, limit: 20 }]);
    await user.click(within(drawer).getByRole('tab', { name: '充值记录' }));
    expect(await within(drawer).findByText('¥ 500.00')).toBeInTheDocument();
    expect(within(drawer).getByText('TU202603030001')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: '登录记录' }));
    expect(await within(drawer).findByText('10.0.0.8 · 杭州')).toBeInTheDocument();
  });

  it('shows the agency’s commissions with what is held, released, clawed back and due, and its returns with their reasons', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list?id=1' });
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: '收益' }));
    expect(await within(drawer).findByText('共 2 条 · 待结算 ¥ 149.85 · 已结算 ¥ 99.90 · 已追回 ¥ 99.90')).toBeInTheDocument();
    expect(within(drawer).getByText('待追回 ¥ 14.99：从其后结算的佣金或提现前的余额中扣除')).toBeInTheDocument();
    const held = within(drawer).getByRole('link', { name: 'OD20260303100000000012' }).closest('tr')!;
    for (const text of ['短视频代运营 · 专业版', '¥ 1,498.50', '10.00%', '¥ 149.85', '待结算', '2026-03-10 10:00']) expect(within(held).getByText(text)).toBeInTheDocument();
    const released = within(drawer).getByRole('link', { name: 'OD20260201100000000009' }).closest('tr')!;
    for (const text of ['已结算', '-¥ 99.90', '2026-02-08 10:10']) expect(within(released).getByText(text)).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '用户收益记录' })).toHaveAttribute('href', '/finance/user_earnings?user_id=1');
    expect(seen.filter((r) => r.url === '/api/order/commission_list').map((r) => r.body)).toEqual([{ agency_id: 1, page: 1, limit: 20 }]);

    await user.click(within(drawer).getByRole('tab', { name: '退单' }));
    expect(await within(drawer).findByText('共 1 条 · 共退款 ¥ 999.00')).toBeInTheDocument();
    const refund = within(drawer).getByText('服务未达标').closest('tr')!;
    for (const text of ['OD20260201100000000009', '杭州星河餐饮有限公司', '退款', '¥ 999.00', '王运营', '2026-02-20 10:00']) expect(within(refund).getByText(text)).toBeInTheDocument();
  });

  it('shows the agency’s video platform certifications with their pictures; one under review is approved or rejected with a reason', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list?id=1' });
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: '视频平台认证' }));
    const douyin = (await within(drawer).findByText('抖音')).closest<HTMLElement>('.ant-card')!;
    expect(within(douyin).getByText('审核中')).toBeInTheDocument();
    expect(within(douyin).getByText(/星火传媒官方/)).toBeInTheDocument();
    // The pictures come through the checked call with the session's token, shown from the answer's bytes.
    const picture = await within(douyin).findByRole('img', { name: '抖音认证材料 1' });
    await waitFor(() => expect(picture.getAttribute('src')).toMatch(/^data:/));
    expect(seen.filter((r) => r.url === '/api/agency/certification_document')).toHaveLength(2);
    const kuaishou = within(drawer).getByText('快手').closest<HTMLElement>('.ant-card')!;
    for (const text of ['已驳回', '驳回原因：截图与账号不符']) expect(within(kuaishou).getByText(text)).toBeInTheDocument();
    expect(within(kuaishou).queryByRole('button')).toBeNull();

    await user.click(within(douyin).getByRole('button', { name: /驳\s*回/ }));
    const dialog = (await screen.findByText('驳回 · 抖音 · 星火传媒官方')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '驳回原因' }), '主页截图模糊');
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await screen.findByText('已驳回认证')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === '/api/agency/certification_audit').map((r) => r.body)).toEqual([{ id: 5, action: 'reject', reason: '主页截图模糊' }]);
    expect(await within(douyin).findByText('驳回原因：主页截图模糊')).toBeInTheDocument();
  });

  it('imports the agency’s orders from a workbook, sending the agency first, and shows the counts', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list?id=1' });
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: '导入订单' }));
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type=file]')!, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'orders.xlsx'));
    expect(await within(drawer).findByText('导入完成：新增 12 笔订单，3 笔已导入过')).toBeInTheDocument();
    const sent = seen.find((r) => r.url === '/api/order/order_import')!.body as FormData;
    expect([...sent.keys()]).toEqual(['agency_id', 'file']);
    expect(sent.get('agency_id')).toBe('1');
  });

  it('offers a staff who may only view neither the changes nor the export', async () => {
    api();
    renderInShell(<AgencyListPage />, { path: '/agency/list?id=1', profile: staffWith('agency.view') });
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('申请单 #31');
    expect(within(drawer).queryByRole('button', { name: PAUSE })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: '调整等级' })).toBeNull();
    await user.click(within(drawer).getByRole('tab', { name: '可售业务' }));
    await within(drawer).findByText('短视频代运营');
    expect(within(drawer).queryByRole('button', { name: /撤\s*销/ })).toBeNull();
    // Other areas' records are tabs only for staff who may read them there.
    expect(within(drawer).queryByRole('tab', { name: '客户' })).toBeNull();
    expect(within(drawer).queryByRole('tab', { name: '订单' })).toBeNull();
    expect(within(drawer).queryByRole('tab', { name: '收益' })).toBeNull();
    expect(within(drawer).queryByRole('tab', { name: '退单' })).toBeNull();
    expect(within(drawer).queryByRole('tab', { name: '导入订单' })).toBeNull();
    expect(within(drawer).queryByRole('tab', { name: '视频平台认证' })).toBeNull();
    expect(within(drawer).queryByRole('tab', { name: '充值记录' })).toBeNull();
    expect(screen.queryByRole('button', { name: /为用户提交代理申请/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
  });

  it('files 代理申请 for a user: the user, the city and 代理申请表’s values', async () => {
    const seen = api();
    renderInShell(<AgencyListPage />, { path: '/agency/list' });
    await user.click(await screen.findByRole('button', { name: /为用户提交代理申请/ }));
    const dialog = (await screen.findByText('为用户提交代理申请', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择申请用户')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: '申请用户' }));
    await user.click(await visibleOption('王五 · 13800000042'));
    await user.click(within(dialog).getByRole('combobox', { name: '城市' }));
    await user.click(await visibleOption('浙江省 · 杭州市'));
    await user.type(within(dialog).getByLabelText('姓名'), '王五');
    await user.type(within(dialog).getByLabelText('公司名称'), '星火传媒');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已提交代理申请')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === '/api/agency/application_add').map((r) => r.body)).toEqual([{ user_id: 42, city_code: '330100', values: { real_name: '王五', company_name: '星火传媒' } }]);
  });

  it('offers the super-admin the export', async () => {
    api();
    renderInShell(<AgencyListPage />, { path: '/agency/list', profile: profileOf() });
    await rowOf('张三代理');
    expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();
  });
});
