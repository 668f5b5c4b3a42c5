import { generalCalls, type FieldDefinition, type FieldType } from '@juqi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, Form } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../lib/preferences';
import { answerOf, fail, fakeApi } from '../../test/fake-api';
import { fieldRules } from './field-rules';
import { PlaceCell, PlaceDetail, PlaceEditor } from './field-place';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const cityTree = [
  { code: '440000', name: '广东省', cities: [{ code: '440300', name: '深圳市' }, { code: '440100', name: '广州市' }] },
  { code: '110000', name: '北京市', cities: [{ code: '110100', name: '北京城区' }] },
];
let queries: QueryClient;
beforeEach(() => {
  fakeApi({ 'POST /api/general/city_tree': () => answerOf(generalCalls.cityTree, cityTree) });
  queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const define = (type: FieldType, required = true): FieldDefinition => ({
  key: 'value',
  type,
  label: { 'zh-CN': '位置', 'en-US': 'Place' },
  required,
  unique: false,
  sort: 0,
  hidden: false,
  permission: 255,
});

const withQueries = (ui: ReactNode) => (
  <QueryClientProvider client={queries}>
    <AntApp>{ui}</AntApp>
  </QueryClientProvider>
);

/** The editor in a form item as FieldFormItem puts it (a picked type: checked as it changes). */
function renderEditor(definition = define('position'), initial?: unknown) {
  const changes: unknown[] = [];
  render(
    withQueries(
      <Form layout="vertical" initialValues={{ value: initial }} onValuesChange={(changed: { value?: unknown }) => void changes.push(changed.value)}>
        <Form.Item name="value" label={definition.label['zh-CN']} required={definition.required} rules={fieldRules(definition, 'zh-CN')} validateTrigger="onChange">
          <PlaceEditor definition={definition} />
        </Form.Item>
      </Form>,
    ),
  );
  return changes;
}

const shownError = () => document.querySelector('.ant-form-item-explain-error')?.textContent;
const menuItem = (title: string) => waitFor(() => document.querySelector(`.ant-cascader-menu-item[title="${title}"]`)!);

async function pickRegion(...titles: string[]) {
  await user.click(screen.getByRole('combobox', { name: '省 / 市' }));
  for (const title of titles) await user.click(await menuItem(title));
}

describe('place editor', () => {
  it('hands on nothing for a region alone, then the region and the address typed, in GCJ-02 unless told otherwise', async () => {
    const changes = renderEditor();
    await pickRegion('广东省', '深圳市');
    expect(changes).toEqual([]);
    await user.type(screen.getByLabelText('位置'), '科技园');
    expect(changes.at(-1)).toEqual({ province_code: '440000', city_code: '440300', address: '科技园', coordinate_system: 'gcj02' });
    expect(shownError()).toBeUndefined();
  });

  it('gives no value once the address is cleared, which a required place refuses', async () => {
    const changes = renderEditor(define('location'), { province_code: '440000', address: '科技园', coordinate_system: 'gcj02' });
    const address = screen.getByLabelText('位置');
    expect(address).toHaveValue('科技园');
    await user.clear(address);
    expect(changes.at(-1)).toBeNull();
    await waitFor(() => expect(shownError()).toBe('请输入位置'));
  });

  it('asks for both coordinates, and hands on the pair in the system chosen', async () => {
    const changes = renderEditor();
    await user.type(screen.getByLabelText('位置'), '科技园');
    await user.type(screen.getByRole('spinbutton', { name: '经度' }), '113.94');
    expect(screen.getByText('经度和纬度需一起填写')).toBeInTheDocument();
    await waitFor(() => expect(shownError()).toBe('位置格式不正确'));
    expect(changes.at(-1)).toEqual({ address: '科技园', lng: 113.94, coordinate_system: 'gcj02' });

    await user.type(screen.getByRole('spinbutton', { name: '纬度' }), '22.54');
    await user.click(screen.getByRole('combobox', { name: '坐标系' }));
    await user.click(await waitFor(() => document.querySelector('.ant-select-item-option[title="BD-09 百度"]')!));
    expect(changes.at(-1)).toEqual({ address: '科技园', lng: 113.94, lat: 22.54, coordinate_system: 'bd09' });
    expect(screen.queryByText('经度和纬度需一起填写')).toBeNull();
    await waitFor(() => expect(shownError()).toBeUndefined());
  });

  it('fills the browser’s position as WGS-84, and says so when there is none', async () => {
    type Answer = (position: { coords: { longitude: number; latitude: number } }) => void;
    const getCurrentPosition = vi.fn<(found: Answer, failed: () => void) => void>();
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    const answer: Answer = (position) => getCurrentPosition.mock.lastCall![0](position);
    const refuse = () => getCurrentPosition.mock.lastCall![1]();
    const changes = renderEditor();
    await user.type(screen.getByLabelText('位置'), '科技园');
    await user.click(screen.getByRole('button', { name: /定位/ }));
    // Typed while the browser looks: kept.
    await user.type(screen.getByLabelText('位置'), '一路');
    act(() => answer({ coords: { longitude: 113.9412345678, latitude: 22.5398765432 } }));
    expect(changes.at(-1)).toEqual({ address: '科技园一路', lng: 113.941235, lat: 22.539877, coordinate_system: 'wgs84' });
    expect(screen.getByRole('combobox', { name: '坐标系' }).closest('.ant-select')).toHaveTextContent('WGS-84 GPS');

    await user.click(screen.getByRole('button', { name: /定位/ }));
    act(() => refuse());
    expect(screen.getByText('无法获取当前位置')).toBeInTheDocument();
  });

  it('offers no locate button where the browser has no geolocation', () => {
    renderEditor();
    expect(screen.getByRole('spinbutton', { name: '经度' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /定位/ })).toBeNull();
  });
});

describe('place displays', () => {
  const place = { province_code: '440000', city_code: '440300', address: '科技园', lng: 113.94, lat: 22.54, coordinate_system: 'gcj02' };

  it('shows the address in a cell, with the region and coordinates by name in its tooltip', async () => {
    const { container } = render(withQueries(<PlaceCell definition={define('position')} value={place} />));
    expect(container).toHaveTextContent(/^科技园$/);
    await waitFor(() => expect(screen.getByText('科技园')).toHaveAttribute('title', '广东省 深圳市 科技园\n113.94, 22.54 · GCJ-02 国测局'));
  });

  it('shows the region, address and coordinates in full, with a map that reads their system', async () => {
    const { rerender } = render(withQueries(<PlaceDetail definition={define('position')} value={place} />));
    expect(await screen.findByText('广东省 深圳市 科技园')).toBeInTheDocument();
    expect(screen.getByText(/113\.94, 22\.54 · GCJ-02 国测局/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '在地图中查看' })).toHaveAttribute('href', 'https://uri.amap.com/marker?position=113.94,22.54&name=%E7%A7%91%E6%8A%80%E5%9B%AD');

    act(() => usePreferences.setState({ language: 'en-US' }));
    rerender(withQueries(<PlaceDetail definition={define('position')} value={{ ...place, coordinate_system: 'wgs84' }} />));
    expect(await screen.findByText(/113\.94, 22\.54 · WGS-84 \(GPS\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View on a map' })).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=22.54&mlon=113.94#map=17/22.54/113.94');

    rerender(withQueries(<PlaceDetail definition={define('position')} value={{ address: '中关村', lng: 116.31, lat: 39.98, coordinate_system: 'bd09' }} />));
    expect(await screen.findByText(/116\.31, 39\.98 · BD-09 \(Baidu\)/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows codes while the regions cannot be named, and a dash for no value', async () => {
    fakeApi({ 'POST /api/general/city_tree': () => fail(50000, 'down') });
    const { container } = render(
      withQueries(
        <>
          <PlaceDetail definition={define('position')} value={{ province_code: '440000', address: '科技园', coordinate_system: 'gcj02' }} />
          <PlaceCell definition={define('position')} value={null} />
        </>,
      ),
    );
    expect(screen.getByText('440000 科技园')).toBeInTheDocument();
    expect(container).toHaveTextContent('—');
  });
});
