import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUrlState, urlField, useUrlState, type UrlValues } from './url-state';

const FIELDS = {
  kind: urlField('number', z.number().int().min(1).optional()),
  size: urlField('number', z.number().int().min(1).optional()),
  name: urlField('text', z.string().optional()),
};

interface Probe {
  values: UrlValues<typeof FIELDS>;
  set: (patch: UrlValues<typeof FIELDS>) => void;
}

/** A page that hands the test its filters and their setter after each render. */
function Page({ onRender, keep }: { onRender: (probe: Probe) => void; keep?: readonly string[] }) {
  const [values, set] = useUrlState(FIELDS, keep);
  useLayoutEffect(() => {
    onRender({ values, set });
  });
  return null;
}

function mount(initial: string, keep?: readonly string[]) {
  let probe: Probe = { values: {}, set: () => {} };
  const page = (
    <Page
      keep={keep}
      onRender={(latest) => {
        probe = latest;
      }}
    />
  );
  const router = createMemoryRouter([{ path: '/list', element: page }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return { router, set: (patch: UrlValues<typeof FIELDS>) => probe.set(patch), shown: () => probe.values };
}

describe('useUrlState', () => {
  it('keeps both of two filters set before the page re-renders', () => {
    const page = mount('/list');
    act(() => {
      page.set({ kind: 1 });
      page.set({ size: 2 });
    });
    expect(page.router.state.location.search).toBe('?kind=1&size=2');
    expect(page.shown()).toEqual({ kind: 1, size: 2 });
  });

  it('changes only what a patch names; undefined clears a filter', () => {
    const page = mount('/list?kind=1&name=a');
    act(() => page.set({ size: 3 }));
    expect(page.router.state.location.search).toBe('?kind=1&size=3&name=a');
    act(() => page.set({ kind: undefined }));
    expect(page.router.state.location.search).toBe('?size=3&name=a');
  });

  it('after Back, a new filter builds on the filters Back returned to', async () => {
    const page = mount('/list?kind=1');
    act(() => page.set({ size: 2 }));
    await act(() => page.router.navigate(-1));
    expect(page.shown()).toEqual({ kind: 1 });
    act(() => page.set({ name: 'b' }));
    expect(page.router.state.location.search).toBe('?kind=1&name=b');
  });

  it('drops parameters outside its fields when they change, but those an enclosing page keeps', () => {
    const alone = mount('/list?tab=b&kind=1');
    act(() => alone.set({ size: 2 }));
    expect(alone.router.state.location.search).toBe('?kind=1&size=2');
    const inTab = mount('/list?tab=b&kind=1', ['tab']);
    act(() => inTab.set({ size: 2 }));
    expect(inTab.router.state.location.search).toBe('?kind=1&size=2&tab=b');
    expect(inTab.shown()).toEqual({ kind: 1, size: 2 });
  });

  it('a patch that changes nothing pushes no history entry', () => {
    const page = mount('/list?kind=1');
    act(() => page.set({ kind: 1 }));
    expect(page.router.state.historyAction).toBe('POP');
  });
});

describe('readUrlState', () => {
  it('takes a list as texts, or else as the numbers a JSON-only schema wants; drops what neither fits', () => {
    const fields = {
      action: urlField('list', z.array(z.string())),
      price: urlField('list', z.tuple([z.number().int(), z.number().int()])),
      amount: urlField('number', z.number().int()),
    };
    const read = (query: string) => readUrlState(new URLSearchParams(query), fields);
    expect(read('action=user.lock&action=123&price=10000&price=29950&amount=500')).toEqual({ action: ['user.lock', '123'], price: [10_000, 29_950], amount: 500 });
    expect(read('price=1e3&price=5&amount=1e3')).toEqual({});
  });
});
