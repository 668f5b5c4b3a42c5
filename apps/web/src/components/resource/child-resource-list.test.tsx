import { businessResource } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type SeenRequest } from '../../test/fake-api';
import { renderInShell, staffWith } from '../../test/render-in-shell';
import { ResourcePage } from './resource-page';

vi.setConfig({ testTimeout: 60_000 });

const at = '2026-03-01T08:00:00.000Z';
const businesses = [
  { id: 1, name: '短视频代运营', industry_id: null, summary: '账号代运营', content: '<p>介绍</p>', sort: 10, enabled: true, updated_at: at },
  { id: 2, name: '企业官网建设', industry_id: null, summary: '', content: '', sort: 20, enabled: true, updated_at: at },
];
const packageOf = (id: number, businessId: number, name: string, price: number) => ({ id, business_id: businessId, name, price, duration_days: 30, quota: 8, description: '', sort: id, enabled: true, updated_at: at });
const packages = [packageOf(1, 1, '基础版', 298_000), packageOf(2, 1, '旗舰版', 1_280_000), packageOf(3, 2, '模板站', 380_000)];
/** The open dialog whose title starts its text (the drawer stays open under a form). */
const dialogTitled = (title: string) => waitFor(() => screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.startsWith(title)) ?? Promise.reject(new Error(`no dialog ${title}`)));
const packageCalls = (seen: SeenRequest[], action: string) => seen.filter((r) => r.url === `/api/business/package_${action}`);

/** The fake server's package list: the asked business's packages alone, as the server filters them. */
function packageList({ body }: SeenRequest) {
  const { business_id } = body as { business_id?: number };
  const data = packages.filter((one) => business_id === undefined || one.business_id === business_id);
  return ok({ count: data.length, data });
}

describe('a child list in its parent’s details (a business’s packages)', () => {
  it('shows the parent’s records alone in a tab with their count, and adds, edits and deletes one in place', async () => {
    const seen = fakeApi({
      'POST /api/business/business_list': () => ok({ count: 2, data: businesses }),
      'POST /api/business/business_details': ({ body }) => ok(businesses.find((one) => one.id === (body as { id: number }).id)),
      'POST /api/business/package_list': packageList,
      'POST /api/business/package_details': ({ body }) => ok(packages.find((one) => one.id === (body as { id: number }).id)),
      'POST /api/business/package_add': () => ok({ id: 9 }),
      'POST /api/business/package_edit': () => ok(null),
      'POST /api/business/package_del': () => ok(null),
      'POST /api/field/lookup': () => ok({ available: true, items: [] }),
    });
    renderInShell(<ResourcePage resource={businessResource} />, {
      path: businessResource.menu,
      profile: staffWith('business.setting.view', 'business.package.view', 'business.package.edit'),
    });
    const row = (await screen.findByText('短视频代运营')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('账号代运营')).toBeInTheDocument();

    await userEvent.click(await within(drawer).findByRole('tab', { name: '业务套餐（2）' }));
    expect(await within(drawer).findByText('旗舰版')).toBeInTheDocument();
    expect(within(drawer).queryByText('模板站')).toBeNull();
    // Every call for the tab asks for this business's packages; the count and the first page are one call.
    expect(packageCalls(seen, 'list').map((r) => r.body)).toEqual([{ business_id: 1, page: 1, limit: 20 }]);
    // The parent is the drawer's own: no 所属业务 column, money in yuan.
    expect(within(drawer).queryByRole('columnheader', { name: '所属业务' })).toBeNull();
    expect(within(drawer).getByText('¥ 2,980.00')).toBeInTheDocument();

    // An add takes the business without the staff picking it.
    await userEvent.click(within(drawer).getByRole('button', { name: /新\s*增/ }));
    const form = await dialogTitled('新增 · 业务套餐');
    expect(within(form).queryByLabelText('所属业务')).toBeNull();
    fireEvent.change(within(form).getByLabelText('套餐名称'), { target: { value: '标准版' } });
    fireEvent.change(within(form).getByLabelText('价格'), { target: { value: '5980' } });
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(packageCalls(seen, 'add')).toHaveLength(1));
    expect(packageCalls(seen, 'add')[0]!.body).toMatchObject({ business_id: 1, name: '标准版', price: 598_000, duration_days: 30 });
    // The write refreshes the tab.
    await waitFor(() => expect(packageCalls(seen, 'list').length).toBeGreaterThan(1));

    const packageRow = (await within(drawer).findByText('基础版')).closest('tr')!;
    await userEvent.click(within(packageRow).getByRole('button', { name: /编\s*辑/ }));
    const editForm = await dialogTitled('编辑 · 业务套餐');
    expect(await within(editForm).findByDisplayValue('基础版')).toBeInTheDocument();
    fireEvent.change(within(editForm).getByLabelText('套餐名称'), { target: { value: '入门版' } });
    await userEvent.click(within(editForm).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(packageCalls(seen, 'edit')).toHaveLength(1));
    expect(packageCalls(seen, 'edit')[0]!.body).toMatchObject({ id: 1, business_id: 1, name: '入门版' });

    await userEvent.click(within((await within(drawer).findByText('旗舰版')).closest('tr')!).getByRole('button', { name: /更多/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /删除/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(packageCalls(seen, 'del').map((r) => r.body)).toEqual([{ id: 2 }]));
  });

  it('offers no writes in the tab to staff who only view the packages', async () => {
    fakeApi({
      'POST /api/business/business_list': () => ok({ count: 2, data: businesses }),
      'POST /api/business/business_details': () => ok(businesses[1]),
      'POST /api/business/package_list': packageList,
      'POST /api/field/lookup': () => ok({ available: true, items: [] }),
    });
    renderInShell(<ResourcePage resource={businessResource} />, { path: businessResource.menu, profile: staffWith('business.setting.view', 'business.package.view') });
    await userEvent.click(within((await screen.findByText('企业官网建设')).closest('tr')!).getByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('tab', { name: '业务套餐（1）' }));
    expect(await within(drawer).findByText('模板站')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /新\s*增|编\s*辑|更多/ })).toBeNull();
  });
});
