import { helpCalls } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { renderInShell } from '../test/render-in-shell';
import { useCallMutation, useCallQuery } from './call-hooks';

vi.setConfig({ testTimeout: 30_000 });

const categoryOf = (id: number, name: string) => ({ id, name, pid: 0, sort: 0, options: [] });

/** The categories' names, a way to add one, and a subcategory list that waits for a choice. */
function Categories() {
  const [top, setTop] = useState<number | null>(null);
  const categories = useCallQuery(helpCalls.powerlist, { level_id: 1 });
  const subcategories = useCallQuery(helpCalls.powerlistsubset, top === null ? null : { pid: top });
  const add = useCallMutation(helpCalls.categoryAdd, [helpCalls.powerlist]);
  return (
    <>
      <p>{categories.data?.map((category) => category.name).join(',')}</p>
      <p>{subcategories.data ? `subs ${subcategories.data.length}` : 'no choice'}</p>
      <button type="button" onClick={() => setTop(1)}>
        choose
      </button>
      <button type="button" onClick={() => void add.mutateAsync({ name: '新类', pid: 0, sort: 0 })}>
        add
      </button>
    </>
  );
}

describe('the typed call hooks', () => {
  it('asks a call with its body, waits for a null body, and asks again the calls a write changes', async () => {
    let added = false;
    const seen = fakeApi({
      [`POST ${helpCalls.powerlist.path}`]: () => ok(added ? [categoryOf(1, '旧类'), categoryOf(2, '新类')] : [categoryOf(1, '旧类')]),
      [`POST ${helpCalls.powerlistsubset.path}`]: () => ok([]),
      [`POST ${helpCalls.categoryAdd.path}`]: () => {
        added = true;
        return ok({ id: 2 });
      },
    });
    renderInShell(<Categories />);
    expect(await screen.findByText('旧类')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === helpCalls.powerlist.path).map((r) => r.body)).toEqual([{ level_id: 1 }]);
    expect(screen.getByText('no choice')).toBeInTheDocument();
    expect(seen.some((r) => r.url === helpCalls.powerlistsubset.path)).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'choose' }));
    expect(await screen.findByText('subs 0')).toBeInTheDocument();
    expect(seen.find((r) => r.url === helpCalls.powerlistsubset.path)?.body).toEqual({ pid: 1 });

    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('旧类,新类')).toBeInTheDocument();
    // The subcategories were not named by the write: asked once.
    await waitFor(() => expect(seen.filter((r) => r.url === helpCalls.powerlistsubset.path)).toHaveLength(1));
  });
});
