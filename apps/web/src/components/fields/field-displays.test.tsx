import { generalCalls, type FieldDefinition, type FieldType } from '@juqi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderPlain, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '../../lib/preferences';
import { answerOf, fakeApi } from '../../test/fake-api';
import { fieldViewOf, fieldViews } from '.';

// Pickers and places name what they show through queries (their own tests cover the names).
beforeEach(() => fakeApi({ [`POST ${generalCalls.cityTree.path}`]: () => answerOf(generalCalls.cityTree, []) }));
const render = (ui: ReactElement) => renderPlain(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

const both = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const define = (type: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key: 'value',
  type: type as FieldType,
  label: both('值', 'Value'),
  required: false,
  unique: false,
  sort: 0,
  hidden: false,
  permission: 255,
  ...extra,
});
const colours = { options: [{ value: 'red', label: both('红', 'Red') }, { value: 'blue', label: both('蓝', 'Blue') }] };
const places = { options: [{ value: 'gd', label: both('广东', 'Guangdong'), children: [{ value: 'sz', label: both('深圳', 'Shenzhen') }] }] };

function show(kind: 'Cell' | 'Detail', definition: FieldDefinition, value: unknown) {
  const View = fieldViewOf(definition.type)[kind];
  return render(<View definition={definition} value={value} />).container;
}

/** Each type's value as its cell and its detail show it (the detail keeps line breaks the cell shows on one line). */
const shown: { type: string; extra?: Partial<FieldDefinition>; value: unknown; zh: string; en: string }[] = [
  { type: 'text', value: '聚企', zh: '聚企', en: '聚企' },
  { type: 'number', value: 12, zh: '12', en: '12' },
  { type: 'floatnumber', value: 1.25, zh: '1.25', en: '1.25' },
  { type: 'number', extra: { unit: 'fen' }, value: 123_456, zh: '¥ 1,234.56', en: '¥ 1,234.56' },
  { type: 'percent', value: 12.5, zh: '12.5%', en: '12.5%' },
  { type: 'textarea', value: '第一行\n第二行', zh: '第一行\n第二行', en: '第一行\n第二行' },
  { type: 'date', value: '2026-03-05', zh: '2026-03-05', en: '2026-03-05' },
  { type: 'datetime', value: '2026-03-01T01:30:00.000Z', zh: '2026-03-01 09:30:00', en: '2026-03-01 09:30:00' },
  { type: 'date_interval', value: ['2026-01-01', '2026-01-31'], zh: '2026-01-01 至 2026-01-31', en: '2026-01-01 to 2026-01-31' },
  { type: 'select', extra: colours, value: 'blue', zh: '蓝', en: 'Blue' },
  { type: 'select', extra: colours, value: 'green', zh: 'green', en: 'green' },
  { type: 'checkbox', extra: colours, value: ['red', 'blue'], zh: '红蓝', en: 'RedBlue' },
  // An option without an English name is named in Chinese in English too.
  { type: 'select', extra: { options: [{ value: 'vip', label: { 'zh-CN': '贵宾' } }] }, value: 'vip', zh: '贵宾', en: '贵宾' },
  { type: 'cascader', extra: places, value: ['gd', 'sz'], zh: '广东 / 深圳', en: 'Guangdong / Shenzhen' },
  { type: 'boolean_value', value: true, zh: '是', en: 'Yes' },
  { type: 'boolean_value', value: false, zh: '否', en: 'No' },
  { type: 'mobile', value: '13800138000,010-12345678', zh: '13800138000010-12345678', en: '13800138000010-12345678' },
  { type: 'email', value: 'a@b.cn', zh: 'a@b.cn', en: 'a@b.cn' },
  { type: 'website', value: 'https://juqi.cn', zh: 'https://juqi.cn', en: 'https://juqi.cn' },
  // Pickers, uploads, places and detail tables show more than text: their own tests cover them.
  { type: 'legacy_kind', value: { a: 1 }, zh: '{"a":1}', en: '{"a":1}' },
];

describe.each(shown)('$type shows $value', ({ type, extra, value, zh, en }) => {
  it.each(['Cell', 'Detail'] as const)('as a %s, in the UI’s language', (kind) => {
    const definition = define(type, extra);
    const shownText = show(kind, definition, value);
    expect(shownText.textContent).toBe(zh);
    act(() => usePreferences.setState({ language: 'en-US' }));
    expect(shownText.textContent).toBe(en);
  });
});

describe('field displays', () => {
  it('shows no value as a dash in every type that holds one, and nothing for a layout type', () => {
    for (const [type, view] of Object.entries(fieldViews)) {
      const extra = type === 'desc_text' ? { description: both('说明', 'Note') } : {};
      for (const kind of ['Cell', 'Detail'] as const) {
        const View = view[kind];
        const { container, unmount } = render(<View definition={define(type, extra)} value={kind === 'Cell' ? null : ''} />);
        expect(container.textContent, `${type} ${kind}`).toBe(type === 'desc_text' || type === 'title_divider' ? '' : '—');
        unmount();
      }
    }
  });

  it('links each phone, email and website entry to calling, writing or opening it', () => {
    show('Cell', define('mobile'), '+86 138-0013-8000,010-12345678');
    expect(screen.getByRole('link', { name: '+86 138-0013-8000' })).toHaveAttribute('href', 'tel:+8613800138000');
    expect(screen.getByRole('link', { name: '010-12345678' })).toHaveAttribute('href', 'tel:01012345678');
    show('Detail', define('email'), 'a@b.cn');
    expect(screen.getByRole('link', { name: 'a@b.cn' })).toHaveAttribute('href', 'mailto:a@b.cn');
    show('Cell', define('website'), 'https://juqi.cn');
    const site = screen.getByRole('link', { name: 'https://juqi.cn' });
    expect(site).toHaveAttribute('href', 'https://juqi.cn');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows chosen options as tags and 是 as a green one', () => {
    const tags = show('Cell', define('checkbox', colours), ['red', 'blue']).querySelectorAll('.cell-tag');
    expect([...tags].map((tag) => tag.textContent)).toEqual(['红', '蓝']);
    expect(show('Cell', define('boolean_value'), true).querySelector('.cell-tag--success')).toHaveTextContent('是');
  });

  it('keeps a long text whole in the cell’s tooltip, and its lines in the detail', () => {
    expect(show('Cell', define('textarea'), '第一行\n第二行').querySelector('[title]')).toHaveAttribute('title', '第一行\n第二行');
    expect(show('Detail', define('textarea'), '第一行\n第二行').querySelector('.field-display__lines')).not.toBeNull();
  });
});
