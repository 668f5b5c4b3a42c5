import { userCalls } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { file } from '../../../test/fake-api';
import {
  answerOf,
  currentUrl,
  fakeApi,
  keysetPage,
  renderInShell,
  staffWith,
  verificationDetail,
  verificationRow,
  type SeenRequest,
} from '../testing';
import { VerificationPage } from './verification-page';

const user = userEvent.setup({ delay: null });

const pending = verificationRow(7, '赵六');
const company = verificationRow(8, '钱七', { type: 2, subject_name: '深圳众诚商贸有限公司', credit_code: '9144**********12', id_number: '' });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const documentFile = () => file([PNG], { 'content-type': 'image/png' });

/** The review screen's API; documents answer as `documents` says (every one the same). */
function api({ documents = documentFile, detail = verificationDetail(pending) }: { documents?: () => ReturnType<typeof file>; detail?: ReturnType<typeof verificationDetail> } = {}) {
  let current = detail;
  const seen = fakeApi({
    'POST /api/user/authentication_lists': () => answerOf(userCalls.authenticationLists, keysetPage([pending, company])),
    'POST /api/user/user_enterprise_verification_find': () => answerOf(userCalls.verificationFind, current),
    'GET /api/user/verification_document': documents,
    'POST /api/user/user_enterprise_verification_audit': ({ body }) => {
      const { action, reason } = body as { action: 'approve' | 'reject'; reason: string };
      const to = action === 'approve' ? 2 : 0;
      current = {
        ...current,
        state: to,
        reason,
        reviewed_at: '2026-03-04T02:00:00.000Z',
        reviewer_name: '审核员',
        audit: [...current.audit, { id: 2, action, from_state: 1, to_state: to, staff_id: 1, staff_name: '审核员', reason, created_at: '2026-03-04T02:00:00.000Z' }],
      };
      return answerOf(userCalls.verificationAudit, current);
    },
  });
  return seen;
}

const listBodies = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/user/authentication_lists').map((r) => r.body);
const rowOf = async (name: string) => (await screen.findByText(name, { selector: '.ant-table-row .user-cell__name' })).closest('.ant-table-row') as HTMLElement;

async function openReview(name: string) {
  await user.click(within(await rowOf(name)).getByRole('button', { name: '审核' }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText('提交的资料');
  return drawer;
}

/** The Popconfirm's OK button once it is open. */
const confirmButton = () =>
  waitFor(() => {
    const button = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary');
    if (!button) throw new Error('no confirmation');
    return button;
  });
const audits = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/user/user_enterprise_verification_audit');

describe('VerificationPage', () => {
  it('lists submissions by the state and type in its URL, and writes a new choice there', async () => {
    const seen = api();
    renderInShell(<VerificationPage />, { path: '/user/authentication?state=1' });
    const row = await rowOf('赵六');
    expect(within(row).getByText('待审核')).toBeInTheDocument();
    expect(within(row).getByText('110***********1234')).toBeInTheDocument();
    expect(within(await rowOf('钱七')).getByText('深圳众诚商贸有限公司')).toBeInTheDocument();
    expect(listBodies(seen)[0]).toEqual({ state: 1, limit: 50 });

    await user.click(screen.getByText('企业认证', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(currentUrl()).toBe('/user/authentication?state=1&type=2'));
    await waitFor(() => expect(listBodies(seen).at(-1)).toEqual({ state: 1, type: 2, limit: 50 }));
    await user.click(screen.getAllByText('全部', { selector: '.ant-segmented-item-label' })[0]!);
    await waitFor(() => expect(currentUrl()).toBe('/user/authentication?type=2'));
  });

  it('opens the submission its URL names (a notification’s link), and closing it leaves the filters as they were', async () => {
    const seen = api();
    renderInShell(<VerificationPage />, { path: '/user/authentication?state=1&id=7' });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('110101199001011234')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/user/user_enterprise_verification_find')!.body).toEqual({ id: 7 });
    // The open submission is no filter of the list.
    expect(listBodies(seen)[0]).toEqual({ state: 1, limit: 50 });
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentUrl()).toBe('/user/authentication?state=1'));
  });

  it('shows the documents of a submission and approves it', async () => {
    const seen = api();
    renderInShell(<VerificationPage />, { path: '/user/authentication' });
    const drawer = await openReview('赵六');
    expect(within(drawer).getByText('110101199001011234')).toBeInTheDocument();
    // The documents come through the checked call (with the session's token), shown from the answer's bytes. jsdom
    // loads no pictures: the test says when each has loaded.
    const front = await within(drawer).findByRole('img', { name: '身份证正面' });
    await waitFor(() => expect(front.getAttribute('src')).toMatch(/^data:.*;base64,iVBORw0KGgo=$/));
    const back = await within(drawer).findByRole('img', { name: '身份证反面' });
    await waitFor(() => expect(back.getAttribute('src')).toMatch(/^data:/));
    const fetched = seen.filter((r) => r.url === '/api/user/verification_document');
    expect(fetched).toHaveLength(2);
    fireEvent.load(front);
    fireEvent.load(back);

    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    const confirm = await confirmButton();
    expect(document.querySelector('.ant-popconfirm')).toHaveTextContent('确定通过这份认证吗？');
    await user.click(confirm);
    expect(await screen.findByText('已通过认证')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/user/user_enterprise_verification_audit')!.body).toEqual({ id: 7, action: 'approve', reason: '' });
    // Decided: the buttons go, the history shows who approved, and the list is read again.
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: /驳\s*回/ })).toBeNull());
    expect(within(drawer).getByText('操作人：审核员')).toBeInTheDocument();
    await waitFor(() => expect(listBodies(seen)).toHaveLength(2));
  });

  it('asks again before approving when a document could not be loaded, and approves only when confirmed', async () => {
    // A refusal of a file call arrives as a JSON envelope, as the server sends it.
    const seen = api({ documents: () => file([JSON.stringify({ code: 40400, message: '资源不存在', data: null })], { 'content-type': 'application/json' }) });
    renderInShell(<VerificationPage />, { path: '/user/authentication' });
    const drawer = await openReview('赵六');
    await waitFor(() => expect(within(drawer).getAllByText('图片无法加载')).toHaveLength(2));

    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    const popup = document.querySelector('.ant-popconfirm') as HTMLElement;
    await waitFor(() => expect(popup).toHaveTextContent('有 2 份资料图片未能显示，你还没有看过它们。确定仍要通过吗？'));
    await user.click(within(popup).getByRole('button', { name: /取\s*消/ }));
    expect(audits(seen)).toHaveLength(0);

    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    await user.click(within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: '仍要通过' }));
    expect(await screen.findByText('已通过认证')).toBeInTheDocument();
    expect(audits(seen).map((r) => r.body)).toEqual([{ id: 7, action: 'approve', reason: '' }]);
  });

  it('counts a document as seen only once its picture has loaded', async () => {
    api();
    renderInShell(<VerificationPage />, { path: '/user/authentication' });
    const drawer = await openReview('赵六');
    const front = await within(drawer).findByRole('img', { name: '身份证正面' });
    await waitFor(() => expect(front.getAttribute('src')).toMatch(/^data:.*;base64,/));
    fireEvent.load(front);
    // The back arrived but the browser could not show it.
    fireEvent.error(within(drawer).getByRole('img', { name: '身份证反面' }));
    expect(within(drawer).getByText('图片无法加载')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm')).toHaveTextContent('有 1 份资料图片未能显示'));
  });

  it('asks again before approving a submission without documents', async () => {
    const seen = api({ detail: verificationDetail(pending, { documents: [] }) });
    renderInShell(<VerificationPage />, { path: '/user/authentication' });
    const drawer = await openReview('赵六');
    expect(within(drawer).getByText('没有资料')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm')).toHaveTextContent('这份认证没有任何资料可以查看。确定仍要通过吗？'));
    await user.click(within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: '仍要通过' }));
    expect(await screen.findByText('已通过认证')).toBeInTheDocument();
    expect(audits(seen)).toHaveLength(1);
  });

  it('rejects only with a reason', async () => {
    const seen = api();
    renderInShell(<VerificationPage />, { path: '/user/authentication' });
    const drawer = await openReview('赵六');
    await user.click(within(drawer).getByRole('button', { name: /驳\s*回/ }));
    const dialog = (await screen.findByText('驳回认证', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请填写驳回原因，用户会看到它')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/user/user_enterprise_verification_audit')).toBe(false);

    await user.type(within(dialog).getByLabelText('驳回原因'), '照片模糊');
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await screen.findByText('已驳回认证')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/user/user_enterprise_verification_audit')!.body).toEqual({ id: 7, action: 'reject', reason: '照片模糊' });
    await waitFor(() => expect(within(drawer).getAllByText('照片模糊').length).toBeGreaterThan(0));
  });

  it('lets staff without the review operation look but not decide', async () => {
    api();
    renderInShell(<VerificationPage />, { path: '/user/authentication', profile: staffWith('user.verification.list', 'user.verification.view') });
    await user.click(within(await rowOf('赵六')).getByRole('button', { name: '查看' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('提交的资料');
    expect(within(drawer).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /驳\s*回/ })).toBeNull();
  });
});
