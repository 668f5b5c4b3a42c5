import { material, MATERIAL_STATES } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { currentUrl, renderInShell } from '../../../test/render-in-shell';
import { materialReviewLink, MATERIAL_REVIEW_PATH } from '../subjects';
import { MaterialReviewPage } from './material-review-page';

vi.setConfig({ testTimeout: 60_000 });

const waiting = { id: 3, title: '装修避坑指南', keyword: '装修', body: '<p>正文</p>', state: MATERIAL_STATES.reviewing, updated_at: '2026-12-01T08:00:00.000Z' };

describe('素材审核', () => {
  it('opens on the materials waiting for review, under its own title; cleared, it lists them all', async () => {
    const seen = fakeApi({ [`POST ${material.calls.list.path}`]: () => answerOf(material.calls.list, { count: 1, data: [waiting] }) });
    renderInShell(<MaterialReviewPage />, { path: MATERIAL_REVIEW_PATH, routes: [MATERIAL_REVIEW_PATH] });
    expect(await screen.findByText('装修避坑指南')).toBeInTheDocument();
    await waitFor(() => expect(seen.filter((r) => r.url === material.calls.list.path).at(-1)?.body).toMatchObject({ state: [MATERIAL_STATES.reviewing] }));
    expect(currentUrl()).toBe(materialReviewLink());
    expect(screen.getByText(/不能审核本人提交的素材/)).toBeInTheDocument();
    expect(screen.getByText(MATERIAL_REVIEW_PATH)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /清空筛选/ }));
    await waitFor(() => expect(seen.filter((r) => r.url === material.calls.list.path).at(-1)?.body).not.toHaveProperty('state'));
    expect(currentUrl()).toBe(MATERIAL_REVIEW_PATH);
  });
});
