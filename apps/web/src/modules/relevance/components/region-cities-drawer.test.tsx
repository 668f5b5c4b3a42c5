import { relevanceCalls, type CityRegion } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { RegionCitiesDrawer } from './region-cities-drawer';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const EAST = 1;
const NORTH = 2;
const city = (code: string, name: string, province: [string, string], pinyin: string, initials: string, extra: Partial<CityRegion> = {}): CityRegion => ({
  code,
  name,
  province_code: province[0],
  province_name: province[1],
  pinyin,
  initials,
  enabled: true,
  region_id: null,
  region_name: null,
  ...extra,
});
const zhejiang: [string, string] = ['330000', '浙江省'];
const jiangsu: [string, string] = ['320000', '江苏省'];
const cities = [
  city('110000', '北京市', ['110000', '北京市'], 'beijingshi', 'bjs', { region_id: NORTH, region_name: '华北区' }),
  city('310000', '上海市', ['310000', '上海市'], 'shanghaishi', 'shs', { region_id: EAST, region_name: '华东区' }),
  city('320100', '南京市', jiangsu, 'nanjingshi', 'njs'),
  city('320500', '苏州市', jiangsu, 'suzhoushi', 'szs', { region_id: NORTH, region_name: '华北区' }),
  city('330100', '杭州市', zhejiang, 'hangzhoushi', 'hzs'),
  city('330200', '宁波市', zhejiang, 'ningboshi', 'nbs'),
  // Not offered by 城市设置: left out of the picker.
  city('330300', '温州市', zhejiang, 'wenzhoushi', 'wzs', { enabled: false }),
];

function api(setCities = () => answerOf(relevanceCalls.regionCitiesSet, null)) {
  return fakeApi({
    'POST /api/relevance/city_regions': () => answerOf(relevanceCalls.cityRegions, cities),
    'POST /api/relevance/region_cities': () => answerOf(relevanceCalls.regionCities, [{ code: '310000', name: '上海市', province_name: '上海市' }]),
    'POST /api/relevance/region_cities_set': setCities,
  });
}

const tree = () => within(document.querySelector('.relevance-cities__tree') as HTMLElement);
/** The tree node whose title is `name`. */
const treeNode = (name: string) => tree().getByText(name).closest('.ant-tree-treenode') as HTMLElement;
const checkbox = (name: string) => treeNode(name).querySelector('.ant-tree-checkbox') as HTMLElement;
const chosen = () => within(screen.getByRole('region', { name: '已选城市' }));
const saves = (seen: ReturnType<typeof api>) => seen.filter((r) => r.url === relevanceCalls.regionCitiesSet.path).map((r) => r.body);

describe('a region’s cities (关联设置)', () => {
  it('starts from the region’s cities, shows cities of other regions disabled with their region, and saves the cities chosen', async () => {
    const seen = api();
    const onClose = vi.fn();
    renderInShell(<RegionCitiesDrawer region={{ id: EAST, name: '华东区' }} editable onClose={onClose} />);
    expect(await screen.findByText('华东区 · 所辖城市')).toBeInTheDocument();
    await screen.findByText('已选 1 个城市');
    expect(chosen().getByText('上海市')).toBeInTheDocument();

    // A municipality is one entry; a city of another region is disabled and names it; a city not offered is left out.
    expect(checkbox('上海市')).toHaveClass('ant-tree-checkbox-checked');
    expect(treeNode('北京市（华北区）')).toHaveClass('ant-tree-treenode-disabled');
    expect(screen.queryByText('温州市')).toBeNull();

    // Checking a province chooses its free cities only (苏州 is 华北区's).
    await user.click(checkbox('江苏省'));
    await screen.findByText('已选 2 个城市');
    expect(chosen().getByText('南京市')).toBeInTheDocument();
    expect(chosen().queryByText('苏州市')).toBeNull();

    // Search by pinyin initials narrows the tree; what the search hides keeps its state.
    await user.type(screen.getByRole('searchbox', { name: '搜索城市名称或拼音' }), 'hzs');
    await waitFor(() => expect(tree().queryByText('宁波市')).toBeNull());
    await user.click(checkbox('杭州市'));
    await screen.findByText('已选 3 个城市');
    await user.clear(screen.getByRole('searchbox', { name: '搜索城市名称或拼音' }));
    expect(checkbox('南京市')).toHaveClass('ant-tree-checkbox-checked');
    await user.type(screen.getByRole('searchbox', { name: '搜索城市名称或拼音' }), 'hangzhou');
    await waitFor(() => expect(tree().queryByText('南京市')).toBeNull());
    expect(checkbox('杭州市')).toHaveClass('ant-tree-checkbox-checked');

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(seen)).toEqual([{ id: EAST, city_codes: expect.arrayContaining(['310000', '320100', '330100']) }]);
    expect((saves(seen)[0] as { city_codes: string[] }).city_codes).toHaveLength(3);
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('keeps the choices and says why when the server refuses a city another region took meanwhile', async () => {
    api(() => fail(40900, '宁波市已属于华北区', { field: 'city_codes' }));
    const onClose = vi.fn();
    renderInShell(<RegionCitiesDrawer region={{ id: EAST, name: '华东区' }} editable onClose={onClose} />);
    await screen.findByText('浙江省');
    await user.click(treeNode('浙江省').querySelector('.ant-tree-switcher') as HTMLElement);
    await user.click(checkbox('宁波市'));
    await screen.findByText('已选 2 个城市');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('宁波市已属于华北区');
    expect(onClose).not.toHaveBeenCalled();
    expect(chosen().getByText('宁波市')).toBeInTheDocument();
  });

  it('shows the cities read-only to staff who may not change them', async () => {
    api();
    renderInShell(<RegionCitiesDrawer region={{ id: EAST, name: '华东区' }} editable={false} onClose={() => {}} />);
    await screen.findByText('已选 1 个城市');
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(treeNode('上海市')).toHaveClass('ant-tree-treenode-disabled');
    expect(treeNode('江苏省')).toHaveClass('ant-tree-treenode-disabled');
  });
});
