import { informCalls, userCalls, type UserSelection, type UserSelectRow } from '@juqi/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, type Handler, type SeenRequest } from '../../../test/fake-api';
import { seededTypes, typeOptionsHandler } from '../test/type-options';
import { usePreferences } from '../../../lib/preferences';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { PublishPage } from './publish-page';
import { visibleOption } from '../../../test/antd';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const agent = (id: number): UserSelectRow => ({
  id,
  name: `代理${id}`,
  head_img_url: '',
  authentication_state: 0,
  mobile: `139${String(id).padStart(8, '0')}`,
  type_user: 1,
  level: 0,
});

const searchOptions = { pw_list: [], level_list: [{ level: 0, name: '普通用户' }], quantity_list: [] };

function api(extra: Record<string, Handler> = {}): SeenRequest[] {
  return fakeApi({
    ...typeOptionsHandler(),
    'POST /api/inform/template_select': () => answerOf(informCalls.templateSelect, []),
    'POST /api/inform/staff_options': () => answerOf(informCalls.staffOptions, []),
    'POST /api/user/user_select_search_list': () => answerOf(userCalls.selectSearchList, searchOptions),
    'POST /api/user/user_select_list': ({ body }) =>
      (body as { type_user?: number }).type_user === 1
        ? answerOf(userCalls.selectList, { count: 1234, data: [agent(1), agent(2)], next_cursor: null })
        : answerOf(userCalls.selectList, { count: 5000, data: [agent(1), agent(2), agent(3)], next_cursor: null }),
    'POST /api/user/select': ({ body }) => answerOf(userCalls.select, { count: 1234, selection: (body as { selection: UserSelection }).selection }),
    'POST /api/inform/add_notifications': () => answerOf(informCalls.addNotifications, { id: 31, recipient_count: 1234 }),
    ...extra,
  });
}

const fieldErrors = (form: HTMLElement) => [...form.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const bodiesOf = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).map((r) => r.body);

async function choose(label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const item = await visibleOption(option);
  await user.click(item);
}

async function writeMessage() {
  const form = await waitFor(() => document.querySelector<HTMLFormElement>('form#inform-message')!);
  await user.type(within(form).getByRole('textbox', { name: '标题' }), '代理商专属活动');
  await user.type(within(form).getByRole('textbox', { name: '内容' }), '本月推广奖励翻倍。');
  return form;
}

describe('PublishPage: a notification to chosen users', () => {
  it('chooses the users in the user-select drawer and sends their selection', async () => {
    const seen = api();
    renderInShell(<PublishPage />, { path: '/notification/publish' });
    const form = await writeMessage();

    await user.click(within(form).getByRole('radio', { name: '指定用户' }));
    expect(within(form).queryByRole('combobox', { name: '指定员工' })).toBeNull();
    // Without a selection the form refuses to publish, on the field.
    await user.click(within(form).getByRole('button', { name: /发\s*布/ }));
    expect(await within(form).findByText('请选择用户')).toBeInTheDocument();
    expect(bodiesOf(seen, '/api/inform/add_notifications')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: /选择用户/ }));
    const drawer = await screen.findByRole('dialog', { name: '选择用户' });
    // jsdom lays nothing out, so the virtual list shows no rows: the count says the list has loaded.
    expect(await within(drawer).findByRole('radio', { name: '筛选结果（5,000）' })).toBeInTheDocument();
    await choose('用户类型', '代理');
    await within(drawer).findByRole('radio', { name: '筛选结果（1,234）' });
    await user.click(within(drawer).getByRole('button', { name: '提交全部（1,234 人）' }));

    expect(await within(form).findByRole('button', { name: /已选 1,234 人/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择用户' })).toBeNull());
    await waitFor(() => expect(within(form).queryByText('请选择用户')).toBeNull());
    const selection = { mode: 'filter', filter: { type_user: 1 }, exclude_ids: [] };
    expect(bodiesOf(seen, '/api/user/select')).toEqual([{ selection }]);

    await user.click(within(form).getByRole('button', { name: /发\s*布/ }));
    expect(await screen.findByText('发布成功，共 1,234 位用户')).toBeInTheDocument();
    expect(bodiesOf(seen, '/api/inform/add_notifications')).toEqual([{ type: 1, title: '代理商专属活动', content: '本月推广奖励翻倍。', target: 'users', selection }]);
  });

  it('does not offer chosen users to a staff who may not use the user-select drawer', async () => {
    api();
    renderInShell(<PublishPage />, { path: '/notification/publish', profile: staffWith('notification.publish') });
    const form = await waitFor(() => document.querySelector<HTMLFormElement>('form#inform-message')!);
    expect(await within(form).findByRole('radio', { name: '指定员工' })).toBeInTheDocument();
    expect(within(form).queryByRole('radio', { name: '指定用户' })).toBeNull();
  });
});

describe('PublishPage: notification types', () => {
  it('offers the types turned on in 通知类型, by their names there, and starts on the first of them', async () => {
    const types = seededTypes.map((x) => (x.id === 1 ? { ...x, enabled: false } : x.id === 2 ? { ...x, name: '知识库通知' } : x));
    const seen = api(typeOptionsHandler(types));
    renderInShell(<PublishPage />, { path: '/notification/publish' });
    const form = await writeMessage();
    const typeSelect = within(form).getByRole('combobox', { name: '通知类型' });
    await waitFor(() => expect(typeSelect.closest('.ant-select')).toHaveTextContent('知识库通知'));
    await user.click(typeSelect);
    const titles = await waitFor(() => {
      const options = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      if (options.length === 0) throw new Error('no options yet');
      return options.map((o) => o.getAttribute('title'));
    });
    expect(titles).toEqual(['知识库通知', '版本迭代通知', '预警监督通知', '跟进消息通知']);
    await user.keyboard('{Escape}');

    await user.click(within(form).getByRole('radio', { name: '全部员工' }));
    await waitFor(() => expect(within(form).getByRole('radio', { name: '全部员工' })).toBeChecked());
    await user.click(within(form).getByRole('button', { name: /发\s*布/ }));
    // A refusal on a field is in the failure's message, beside what was sent.
    await waitFor(() =>
      expect({ sent: bodiesOf(seen, '/api/inform/add_notifications'), refusals: fieldErrors(form) }).toEqual({
        sent: [expect.objectContaining({ type: 2, title: '代理商专属活动', target: 'all' })],
        refusals: [],
      }),
    );
  });
});

describe('PublishPage: a pop-up announcement in English', () => {

  it('names each display once, with its class code where the name differs', async () => {
    usePreferences.getState().setLanguage('en-US');
    api({ 'POST /api/inform/site_show_template_select': () => answerOf(informCalls.siteShowTemplateSelect, []) });
    renderInShell(<PublishPage />, { path: '/notification/publish' });
    await user.click(await screen.findByRole('tab', { name: 'Pop-up announcement' }));
    await user.click(await screen.findByRole('combobox', { name: 'Display' }));
    const titles = await waitFor(() => {
      const options = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      if (options.length === 0) throw new Error('no options yet');
      return options.map((o) => o.getAttribute('title'));
    });
    expect(titles).toEqual(['Dialog', 'Message box', 'Toast · Message', 'Notification', 'Picture dialog · imgDialog']);
  });
});
