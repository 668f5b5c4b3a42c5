import type { FieldDefinition } from '@juqi/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { renderInShell } from '../../../test/render-in-shell';
import { CustomFieldFilters, type CustomFieldFilter } from './custom-field-filters';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const texts = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const field = (definition: Partial<FieldDefinition> & Pick<FieldDefinition, 'key' | 'type' | 'label'>): FieldDefinition => ({
  required: false,
  unique: false,
  hidden: false,
  sort: 0,
  permission: 255,
  ...definition,
});

const DEFINITIONS: FieldDefinition[] = [
  field({ key: 'name', type: 'text', label: texts('名称', 'Name') }),
  field({
    key: 'tags',
    type: 'checkbox',
    label: texts('标签', 'Tags'),
    options: [
      { value: 'a', label: texts('重要', 'Key') },
      { value: 'b', label: texts('普通', 'Normal') },
    ],
  }),
  field({ key: 'price', type: 'floatnumber', label: texts('价格', 'Price') }),
  field({ key: 'photos', type: 'pic', label: texts('照片', 'Photos') }),
  field({ key: 'intro', type: 'desc_text', label: texts('说明', 'Intro'), description: texts('请如实填写', 'Be true') }),
];

/** The filters as a list would hold them, and every change handed on. */
function Harness({ changes }: { changes: CustomFieldFilter[][] }) {
  const [filters, setFilters] = useState<CustomFieldFilter[]>([]);
  return (
    <CustomFieldFilters
      definitions={DEFINITIONS}
      value={filters}
      onChange={(next) => {
        changes.push(next);
        setFilters(next);
      }}
    />
  );
}

describe('CustomFieldFilters', () => {
  it('offers each field its type’s operators, and none for a layout field', async () => {
    renderInShell(<Harness changes={[]} />);
    expect(screen.getByRole('combobox', { name: '名称的条件' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '说明的条件' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: '名称的条件' }));
    for (const operator of ['等于', '包含', '是否有值']) expect(await visibleOption(operator)).toBeInTheDocument();
  });

  it('sets equals from the type’s editor once the text is entered, and contains from a search box', async () => {
    const changes: CustomFieldFilter[][] = [];
    renderInShell(<Harness changes={changes} />);
    await user.type(screen.getByLabelText('名称'), '星河{Enter}');
    expect(changes.at(-1)).toEqual([{ key: 'name', operator: 'equals', value: '星河' }]);

    await user.click(screen.getByRole('combobox', { name: '名称的条件' }));
    await user.click(await visibleOption('包含'));
    expect(changes.at(-1)).toEqual([]);
    await user.type(screen.getByRole('searchbox', { name: '名称' }), '科技{Enter}');
    expect(changes.at(-1)).toEqual([{ key: 'name', operator: 'contains', value: '科技' }]);
  });

  it('picks several options for in, both ends for a range, and 有值 / 无值 for empty', async () => {
    const changes: CustomFieldFilter[][] = [];
    renderInShell(<Harness changes={changes} />);
    await user.click(screen.getByRole('combobox', { name: '标签' }));
    await user.click(await visibleOption('重要'));
    await user.click(await visibleOption('普通'));
    expect(changes.at(-1)).toEqual([{ key: 'tags', operator: 'in', value: ['a', 'b'] }]);

    await user.click(screen.getByRole('combobox', { name: '价格的条件' }));
    await user.click(await visibleOption('范围'));
    await user.type(screen.getByLabelText('价格 最小'), '10');
    await user.type(screen.getByLabelText('价格 最大'), '20.5');
    expect(changes.at(-1)).toContainEqual({ key: 'price', operator: 'range', value: [10, 20.5] });

    await user.click(screen.getByRole('combobox', { name: '照片的条件' }));
    await user.click(await visibleOption('无值'));
    expect(changes.at(-1)).toContainEqual({ key: 'photos', operator: 'empty', value: true });
  });
});
