import { fieldLookupCalls, type FieldDefinition, type FieldType } from '@juqi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, Form } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../test/antd';
import { answerOf, fakeApi, type SeenRequest } from '../../test/fake-api';
import { FieldFormItem, fieldViewOf } from '.';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const define = (type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key: 'value',
  type,
  label: { 'zh-CN': '负责人', 'en-US': 'Owner' },
  required: false,
  unique: false,
  sort: 0,
  hidden: false,
  permission: 255,
  ...extra,
});

const STAFF = [
  { id: 7, name: '王五', hint: 'ops07' },
  { id: 9, name: '赵六', hint: 'ops09' },
];

/** The lookup as the server answers it: staff by keyword or ids, no records for types no module provides. */
function fakeLookup(): SeenRequest[] {
  return fakeApi({
    [`POST ${fieldLookupCalls.lookup.path}`]: ({ body }) => {
      const { type, keyword, ids } = body as { type: string; keyword?: string; ids?: number[] };
      if (type === 'customer') return answerOf(fieldLookupCalls.lookup, { available: false, items: [] });
      const items = ids ? STAFF.filter((s) => ids.includes(s.id)) : STAFF.filter((s) => !keyword || s.name.includes(keyword) || s.hint.includes(keyword));
      return answerOf(fieldLookupCalls.lookup, { available: true, items });
    },
  });
}

function renderIn(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>{children}</AntApp>
    </QueryClientProvider>,
  );
}

function renderPicker(definition: FieldDefinition, initial?: unknown) {
  const changes: unknown[] = [];
  renderIn(
    <Form layout="vertical" initialValues={{ value: initial }} onValuesChange={(changed: { value?: unknown }) => void changes.push(changed.value)}>
      <FieldFormItem definition={definition} />
    </Form>,
  );
  return changes;
}

const lookups = (seen: SeenRequest[]) => seen.filter((r) => r.url === fieldLookupCalls.lookup.path).map((r) => r.body);

describe('record pickers', () => {
  it('searches the type’s lookup as the staff types and hands on the picked ids', async () => {
    const seen = fakeLookup();
    const changes = renderPicker(define('user'));
    const picker = screen.getByLabelText('负责人');
    await user.click(picker);
    await user.type(picker, '赵');
    await user.click(await visibleOption('赵六（ops09）'));
    expect(changes.at(-1)).toEqual([9]);
    await waitFor(() => expect(lookups(seen)).toContainEqual({ type: 'user', keyword: '赵' }));
  });

  it('hands one id for single_user, and names a picked record the search does not list', async () => {
    fakeLookup();
    const changes = renderPicker(define('single_user'), 7);
    await waitFor(() => expect(document.querySelector('.ant-select-content')?.textContent).toBe('王五（ops07）'));
    await user.click(screen.getByLabelText('负责人'));
    await user.click(await visibleOption('赵六（ops09）'));
    expect(changes.at(-1)).toBe(9);
  });

  it('is disabled and says so while no module provides the type’s records', async () => {
    fakeLookup();
    renderPicker(define('customer', { label: { 'zh-CN': '客户', 'en-US': 'Customer' } }));
    await waitFor(() => expect(screen.getByLabelText('客户')).toBeDisabled());
    expect(screen.getByText('暂无可选的客户')).toBeInTheDocument();
  });

  it('names the ids of a table’s cells with one lookup call, showing #id for a record that is gone', async () => {
    const seen = fakeLookup();
    const { Cell } = fieldViewOf('user');
    const definition = define('user');
    renderIn(
      <>
        <Cell definition={definition} value={[7]} />
        <Cell definition={definition} value={[9, 404]} />
      </>,
    );
    await screen.findByText('王五（ops07）');
    expect(screen.getByText('赵六（ops09）')).toBeInTheDocument();
    expect(screen.getByText('#404')).toBeInTheDocument();
    expect(lookups(seen)).toEqual([{ type: 'user', ids: [7, 9, 404] }]);
  });
});
