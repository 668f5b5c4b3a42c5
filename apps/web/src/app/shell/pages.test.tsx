import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
import type { WebPage } from '../../lib/web-module';
import { screenOf } from './pages';

const user = userEvent.setup({ delay: null });
const pageSaying = (text: string, section?: WebPage['section']): WebPage => ({ load: async () => ({ default: () => createElement('p', null, text) }), ...(section && { section }) });
const businesses = pageSaying('业务列表内容', { label: { 'zh-CN': '业务列表', 'en-US': 'Businesses' }, order: 0, operation: 'business.setting.view' });
const setUp = pageSaying('业务开通表内容', { label: { 'zh-CN': '业务开通表', 'en-US': 'Set-up form' }, order: 1, operation: 'field.business_set.view' });

async function show(page: WebPage, operations: string[], path?: string) {
  fakeApi({});
  const { default: Screen } = await page.load();
  renderInShell(createElement(Screen), { profile: staffWith(...operations), path });
}

describe('a screen several modules serve', () => {
  it('is the one module’s page where only one serves the path', () => {
    expect(screenOf('/user/list', [businesses])).toBe(businesses);
  });

  it('refuses to be built unless every page of a shared path names its section', () => {
    expect(() => screenOf('/permission/business/business', [businesses, pageSaying('无名')])).toThrow(/each must name its section/);
  });

  it('shows each section the staff may see as a tab, in order, whatever order the modules come in', async () => {
    await show(screenOf('/permission/business/business', [setUp, businesses]), ['business.setting.view', 'field.business_set.view']);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['业务列表', '业务开通表']);
    expect(screen.getByText('业务列表内容')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '业务开通表' }));
    expect(await screen.findByText('业务开通表内容')).toBeInTheDocument();
  });

  it('draws only the open tab, and clears the query string (the tab left’s filters) when another is opened', async () => {
    const path = '/permission/keyword/master';
    await show(screenOf(path, [setUp, businesses]), ['business.setting.view', 'field.business_set.view'], `${path}?keyword=SEO&enabled=true`);
    expect(await screen.findByText('业务列表内容')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '业务开通表' }));
    expect(await screen.findByText('业务开通表内容')).toBeInTheDocument();
    expect(screen.queryByText('业务列表内容')).toBeNull();
    expect(currentUrl()).toBe(path);
  });

  it('is the one section itself, without tabs, for staff who may see only it', async () => {
    await show(screenOf('/permission/business/business', [setUp, businesses]), ['business.setting.view']);
    expect(await screen.findByText('业务列表内容')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(within(document.body).queryByText('业务开通表内容')).toBeNull();
  });
});
