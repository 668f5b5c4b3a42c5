import { businessApplyCalls, type BusinessApplyRow, type FieldDefinitionRow } from '@juqi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { answerOf, fakeApi, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell } from '../../../test/render-in-shell';
import { BusinessApplyPage } from './business-apply-page';

const user = userEvent.setup({ delay: null });

const row = (id: number, extra: Partial<BusinessApplyRow>): BusinessApplyRow => ({
  id,
  agency_id: 7,
  agency_name: '张三代理',
  agency_mobile: '13900000001',
  agency_level_name: '白银代理',
  business_id: 5,
  business_name: '短视频代运营',
  state: 'pending',
  selling: false,
  flow_name: '业务审核',
  created_at: '2026-03-05T02:00:00.000Z',
  finished_at: null,
  ...extra,
});
const pending = row(41, {});
const rejected = row(40, { state: 'rejected', finished_at: '2026-03-04T02:00:00.000Z' });
const field = (key: string, label: string, type: FieldDefinitionRow['type'] = 'textarea'): FieldDefinitionRow =>
  ({ id: key.length, key, type, label: { 'zh-CN': label, 'en-US': label }, required: false, unique: false, permission: 0, updated_at: '2026-01-01T00:00:00.000Z' }) as FieldDefinitionRow;

function api() {
  return fakeApi({
    'POST /api/agency/business_apply_list': () => answerOf(businessApplyCalls.businessApplyList, { count: 2, data: [pending, rejected] }),
    'POST /api/agency/business_apply_options': () => answerOf(businessApplyCalls.businessApplyOptions, { businesses: [{ id: 5, name: '短视频代运营' }] }),
    'POST /api/agency/business_apply_details': ({ body }) => {
      const base = (body as { id: number }).id === 40 ? rejected : pending;
      return answerOf(businessApplyCalls.businessApplyDetails, {
        ...base,
        values: { sales_plan: '面向本地餐饮商户推广', remark: null },
        form: [field('sales_plan', '销售计划'), field('remark', '申请说明')],
        comment: base.state === 'rejected' ? '请补充销售计划' : '',
      });
    },
  });
}
const listBodies = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/agency/business_apply_list').map((r) => r.body);

describe('BusinessApplyPage', () => {
  it('lists the applications its URL filters, with agency, business, state and whether it sells now', async () => {
    const seen = api();
    renderInShell(<BusinessApplyPage />, { path: '/agency/business_apply?state=pending' });
    const first = (await screen.findByRole('button', { name: '#41' })).closest('.ant-table-row') as HTMLElement;
    expect(within(first).getByText('张三代理')).toBeInTheDocument();
    expect(within(first).getByText('13900000001 · 白银代理')).toBeInTheDocument();
    expect(within(first).getByText('短视频代运营')).toBeInTheDocument();
    expect(within(first).getByText('审批中')).toBeInTheDocument();
    expect(screen.getByText('共 2 条业务申请')).toBeInTheDocument();
    expect(listBodies(seen)[0]).toMatchObject({ state: 'pending', page: 1 });

    await user.click(screen.getByRole('combobox', { name: '业务' }));
    await user.click(await visibleOption('短视频代运营'));
    expect(currentUrl()).toBe('/agency/business_apply?business_id=5&state=pending');
    expect(listBodies(seen).at(-1)).toMatchObject({ state: 'pending', business_id: 5, page: 1 });
  });

  it('opens an application with 业务申请表 drawn by its fields, a rejection with its comment', async () => {
    api();
    renderInShell(<BusinessApplyPage />, { path: '/agency/business_apply' });
    await user.click(await screen.findByRole('button', { name: '#40' }));
    expect(currentUrl()).toBe('/agency/business_apply?id=40');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('面向本地餐饮商户推广')).toBeInTheDocument();
    expect(within(drawer).getByText('销售计划')).toBeInTheDocument();
    expect(within(drawer).getByText('请补充销售计划')).toBeInTheDocument();
    expect(within(drawer).getByText('已驳回')).toBeInTheDocument();
    expect(within(drawer).queryByText('审批在右上角的“待办审批”中处理。')).toBeNull();
  });
});
