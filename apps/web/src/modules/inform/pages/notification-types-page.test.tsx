import { notificationTypeResource } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type SeenRequest } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { seededTypes } from '../test/type-options';
import { NotificationTypesPage } from './notification-types-page';

vi.setConfig({ testTimeout: 60_000 });

const at = '2026-03-01T08:00:00.000Z';
const path = notificationTypeResource.menu;
const row = (text: string) => screen.getByText(text).closest('tr')!;
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const edits = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/inform/type_edit').map((r) => r.body);

/** The five types as the server keeps them; an edit changes the record the next list and details read. */
function fakeServer() {
  const rows = seededTypes.map((x) => ({ ...x, updated_at: at }));
  return fakeApi({
    'POST /api/inform/type_list': () => ok({ count: rows.length, data: rows }),
    'POST /api/inform/type_details': ({ body }) => ok(rows.find((r) => r.id === (body as { id: number }).id)),
    'POST /api/inform/type_edit': ({ body }) => {
      const { id, ...changes } = body as { id: number };
      Object.assign(rows.find((r) => r.id === id)!, changes);
      return ok(null);
    },
  });
}

describe('NotificationTypesPage (通知类型)', () => {
  it('lists the five types with both names, a colour dot and the code, and offers no add or delete', async () => {
    fakeServer();
    renderInShell(<NotificationTypesPage />, { path });
    expect(await screen.findByText('预警监督通知')).toBeInTheDocument();
    expect(within(row('预警监督通知')).getByText('Early-warning supervision notice')).toBeInTheDocument();
    expect(within(row('预警监督通知')).getByText('#d62234')).toBeInTheDocument();
    expect(row('预警监督通知').querySelector<HTMLElement>('.notification-type-tag__dot')?.style.background).toBe('rgb(214, 34, 52)');
    expect(screen.getAllByRole('button', { name: /编\s*辑/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('renames and recolours a type; a colour that is not #rrggbb is refused on the field, nothing sent', async () => {
    const seen = fakeServer();
    renderInShell(<NotificationTypesPage />, { path, profile: staffWith('notification.type.view', 'notification.type.edit') });
    await screen.findByText('知识更新通知');
    await userEvent.click(within(row('知识更新通知')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByDisplayValue('知识更新通知');
    fill(name, '知识库通知');
    fill(within(dialog).getByLabelText('颜色'), 'teal');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('颜色格式不正确')).toBeInTheDocument();
    expect(edits(seen)).toEqual([]);

    fill(within(dialog).getByLabelText('颜色'), '#13a8a8');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(edits(seen)).toEqual([expect.objectContaining({ id: 2, name: '知识库通知', color: '#13a8a8' })]);
    expect(await screen.findByText('知识库通知')).toBeInTheDocument();
  });

  it('shows a view-only staff the list without 编辑', async () => {
    fakeServer();
    renderInShell(<NotificationTypesPage />, { path, profile: staffWith('notification.type.view') });
    expect(await screen.findByText('操作执行通知')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
