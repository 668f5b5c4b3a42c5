import { material, MATERIAL_STATES, PLATFORM, PUBLICATION_STATES, publishAccount, publishingCalls, type PublicationRow } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { ManualPublishingPage, SmartPublishingPage } from './publications-page';

vi.setConfig({ testTimeout: 60_000 });

const base: PublicationRow = {
  id: 1,
  material_id: 3,
  title: '装修避坑指南',
  account_id: 1,
  account_name: '官方博客',
  platform: PLATFORM.wordpress,
  mode: 1,
  state: PUBLICATION_STATES.published,
  scheduled_at: '2026-12-01T02:00:00.000Z',
  attempts: 1,
  error: '',
  post_id: '101',
  url: 'https://blog.example.com/?p=101',
  published_at: '2026-12-01T02:00:01.000Z',
  created_at: '2026-12-01T01:59:00.000Z',
};
const unknown: PublicationRow = { ...base, id: 2, title: '婚纱摄影多少钱', state: PUBLICATION_STATES.unknown, error: 'HTTP 503: Database error', post_id: null, url: null, published_at: null };

function serve() {
  return fakeApi({
    [`POST ${publishingCalls.publicationList.path}`]: () => answerOf(publishingCalls.publicationList, { count: 2, data: [base, unknown] }),
    [`POST ${publishingCalls.publicationDetails.path}`]: () =>
      answerOf(publishingCalls.publicationDetails, { ...unknown, attempts_made: [{ at: '2026-12-01T02:00:00.000Z', ms: 120, outcome: 'unknown', message: 'HTTP 503: Database error' }] }),
    [`POST ${publishingCalls.publicationCheck.path}`]: () => answerOf(publishingCalls.publicationCheck, { ...unknown, state: PUBLICATION_STATES.scheduled }),
    [`POST ${material.calls.list.path}`]: () => answerOf(material.calls.list, { count: 1, data: [{ id: 3, title: '装修避坑指南', keyword: '装修', body: '<p>x</p>', state: MATERIAL_STATES.approved, updated_at: '2026-12-01T00:00:00.000Z' }] }),
    [`POST ${publishAccount.calls.list.path}`]: () =>
      answerOf(publishAccount.calls.list, {
        count: 1,
        data: [{ id: 1, name: '官方博客', platform: PLATFORM.wordpress, url: 'https://blog.example.com', username: 'editor', credential: '••••••', daily_quota: 10, min_gap: 60, remark: '', enabled: true, updated_at: '2026-12-01T00:00:00.000Z' }],
      }),
    [`POST ${publishingCalls.publish.path}`]: () => answerOf(publishingCalls.publish, { ids: [7] }),
    [`POST ${publishingCalls.smartPlan.path}`]: () =>
      answerOf(publishingCalls.smartPlan, {
        entries: [
          { material_id: 3, title: '装修避坑指南', account_id: 1, account_name: '官方博客', at: '2026-12-07T01:00:00.000Z' },
          { material_id: 4, title: '旧房翻新预算', account_id: 1, account_name: '官方博客', at: '2026-12-07T02:00:00.000Z' },
        ],
        unplaced: [{ material_id: 5, title: '厨房装修要点', reason: 'no_slot' }],
        from: '2026-12-07T00:00:00.000Z',
        until: '2026-12-07T16:00:00.000Z',
      }),
    [`POST ${publishingCalls.smartPublish.path}`]: () => answerOf(publishingCalls.smartPublish, { ids: [8, 9] }),
  });
}

describe('手动发布', () => {
  it('lists publications with their link, state and what each allows; 核实 an unknown one; its tries in the drawer', async () => {
    const seen = serve();
    renderInShell(<ManualPublishingPage />, { path: '/automatic_publishing_tool/publish/manual' });
    const published = (await screen.findByText('装修避坑指南')).closest('tr')!;
    expect(within(published).getByRole('link', { name: 'https://blog.example.com/?p=101' })).toHaveAttribute('href', 'https://blog.example.com/?p=101');
    expect(within(published).getByText('已发布')).toBeInTheDocument();
    expect(within(published).queryByText('重试')).not.toBeInTheDocument();

    const waiting = screen.getByText('婚纱摄影多少钱').closest('tr')!;
    expect(within(waiting).getByText('结果未知')).toBeInTheDocument();
    await userEvent.click(within(waiting).getByRole('button', { name: '核实' }));
    expect(await screen.findByText('已核实：待发布')).toBeInTheDocument();
    expect(seen.find((r) => r.url === publishingCalls.publicationCheck.path)?.body).toEqual({ id: 2 });

    await userEvent.click(within(waiting).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(/系统不会盲目重发/)).toBeInTheDocument();
    expect(within(drawer).getByText('120 ms')).toBeInTheDocument();
  });

  it('publishes the chosen approved materials on the chosen accounts now', async () => {
    const seen = serve();
    renderInShell(<ManualPublishingPage />, { path: '/automatic_publishing_tool/publish/manual' });
    await userEvent.click(await screen.findByRole('button', { name: /立即发布/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('素材'));
    await userEvent.click(await screen.findByText('装修避坑指南', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(dialog).getByLabelText('发布账号'));
    await userEvent.click(await screen.findByText('官方博客', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /立即发布/ }));
    expect(await screen.findByText('已安排 1 篇发布')).toBeInTheDocument();
    await waitFor(() => expect(seen.find((r) => r.url === publishingCalls.publish.path)?.body).toEqual({ material_ids: [3], account_ids: [1] }));
    expect(seen.find((r) => r.url === material.calls.list.path)?.body).toMatchObject({ state: [MATERIAL_STATES.approved] });
  });
});

/** 智能发布 opened, a material and an account chosen, 生成计划 pressed: the dialog. */
async function planOne() {
  renderInShell(<SmartPublishingPage />, { path: '/automatic_publishing_tool/publish/smart' });
  await userEvent.click(await screen.findByRole('button', { name: /智能发布/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByLabelText('素材'));
  await userEvent.click(await screen.findByText('装修避坑指南', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(within(dialog).getByLabelText('发布账号'));
  await userEvent.click(await screen.findByText('官方博客', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(within(dialog).getByRole('button', { name: '生成计划' }));
  return dialog;
}

describe('智能发布', () => {
  it('shows the plan — each material’s account and time, what did not fit and why — and schedules it as shown once confirmed', async () => {
    const seen = serve();
    const dialog = await planOne();

    expect(await within(dialog).findByText('计划发布 2 篇，2026-12-07 09:00 至 2026-12-07 10:00')).toBeInTheDocument();
    const second = within(dialog).getByText('旧房翻新预算').closest('tr')!;
    expect(within(second).getByText('2026-12-07 10:00')).toBeInTheDocument();
    expect(within(second).getByText('官方博客')).toBeInTheDocument();
    expect(within(dialog).getByText('1 篇未能安排')).toBeInTheDocument();
    expect(within(dialog).getByText(/厨房装修要点：计划期内各账号的发布时段已满/)).toBeInTheDocument();
    expect(seen.find((r) => r.url === publishingCalls.smartPlan.path)?.body).toEqual({ material_ids: [3], account_ids: [1], days: 7 });

    await userEvent.click(within(dialog).getByRole('button', { name: '确认发布（2）' }));
    expect(await screen.findByText('已安排 2 篇发布')).toBeInTheDocument();
    expect(seen.find((r) => r.url === publishingCalls.smartPublish.path)?.body).toEqual({
      entries: [
        { material_id: 3, account_id: 1, at: '2026-12-07T01:00:00.000Z' },
        { material_id: 4, account_id: 1, at: '2026-12-07T02:00:00.000Z' },
      ],
    });
  });

  it('sets the plan aside when a choice changes, so what is confirmed is what was shown', async () => {
    serve();
    const dialog = await planOne();
    expect(await within(dialog).findByRole('button', { name: '确认发布（2）' })).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('计划天数'));
    await userEvent.type(within(dialog).getByLabelText('计划天数'), '3');
    expect(within(dialog).queryByRole('button', { name: '确认发布（2）' })).not.toBeInTheDocument();
  });
});
