import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { normalizeLink, RichTextEditor } from './rich-text-editor';

// antd and tiptap make the first render of a file slow in jsdom.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

// ProseMirror scrolls the selection into view and measures it; jsdom has no layout. What jsdom lacks is added for this
// file only: the next files of the worker run in the same window.
const added: [object, string][] = [];
const stand = (target: object, key: string, value: unknown) => {
  if (key in target) return;
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  added.push([target, key]);
};
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  const rects = Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  stand(Range.prototype, 'getBoundingClientRect', () => rect);
  stand(Range.prototype, 'getClientRects', () => rects);
  stand(Element.prototype, 'getClientRects', () => rects);
  stand(document, 'elementFromPoint', () => null);
});
afterAll(() => added.forEach(([target, key]) => Reflect.deleteProperty(target, key)));

function Controlled({ initial, onChange }: { initial: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AntApp>
      <RichTextEditor
        aria-label="内容"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>replaced</p>')}>
        replace
      </button>
    </AntApp>
  );
}

const textbox = () => screen.getByRole('textbox', { name: '内容' });

/** Selects the editor's whole text, as a drag across it would. */
function selectAll() {
  act(() => textbox().focus());
  const range = document.createRange();
  range.selectNodeContents(textbox());
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  act(() => {
    document.dispatchEvent(new Event('selectionchange'));
  });
}

describe('normalizeLink', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['HTTP://example.com', 'HTTP://example.com'],
    ['mailto:a@b.cn', 'mailto:a@b.cn'],
    ['tel:+8613800138000', 'tel:+8613800138000'],
    ['/permission/role', '/permission/role'],
    ['example.com/page', 'https://example.com/page'],
    ['  https://x.test  ', 'https://x.test'],
  ])('%s → %s', (raw, link) => expect(normalizeLink(raw)).toBe(link));

  it.each(['', 'javascript:alert(1)', 'data:text/html,x', '//evil.test/a', 'vbscript:x', 'not a link'])('refuses %j', (raw) =>
    expect(normalizeLink(raw)).toBeNull(),
  );
});

describe('RichTextEditor', () => {
  it('shows the given HTML and the minimal toolbar', () => {
    render(<Controlled initial="<h2>Title</h2><p>Body <strong>bold</strong></p>" />);
    expect(textbox().querySelector('h2')).toHaveTextContent('Title');
    expect(textbox().querySelector('strong')).toHaveTextContent('bold');
    for (const name of ['加粗', '斜体', 'H1 标题', 'H2 标题', 'H3 标题', '无序列表', '有序列表', '链接', '撤销', '重做']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    // No upload buttons unless the caller can upload.
    expect(screen.queryByRole('button', { name: '插入图片' })).toBeNull();
  });

  it('formats the selection from the toolbar and reports the HTML', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="<p>hello</p>" onChange={onChange} />);
    selectAll();
    await userEvent.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>hello</strong></p>'));
    expect(screen.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'H2 标题' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2><strong>hello</strong></h2>'));

    await userEvent.click(screen.getByRole('button', { name: '无序列表' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<ul><li>')));

    // Quick successive edits are one undo step.
    await userEvent.click(screen.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.not.stringContaining('<ul>')));
    expect(screen.getByRole('button', { name: '重做' })).toBeEnabled();
  });

  it('links the selection through the link box, refusing script links', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="<p>docs</p>" onChange={onChange} />);
    selectAll();
    await userEvent.click(screen.getByRole('button', { name: '链接' }));
    const input = await screen.findByRole('textbox', { name: '链接' });
    await userEvent.type(input, 'javascript:alert(1){Enter}');
    expect(await screen.findByText('请输入 http(s)、mailto、tel 链接或以 / 开头的站内路径')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, 'example.com{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="https://example.com"')));
    expect(onChange.mock.lastCall![0]).toContain('>docs</a>');
  });

  it('follows a new value from outside without reporting it back', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="<p>one</p>" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'replace' }));
    await waitFor(() => expect(textbox()).toHaveTextContent('replaced'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports an empty document as an empty string', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="<p>x</p>" onChange={onChange} />);
    selectAll();
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  it('keeps images of stored content', () => {
    render(<Controlled initial='<p>a<img src="/uploads/help/2026/05/x.png" alt="x">b</p>' />);
    expect(textbox().querySelector('img')).toHaveAttribute('src', '/uploads/help/2026/05/x.png');
  });

  it('offers image and attachment buttons that upload and insert the result', async () => {
    const onChange = vi.fn();
    const onUpload = vi.fn(async (file: File) => ({ url: `/uploads/common/2026/05/${file.name}`, name: file.name }));
    render(
      <AntApp>
        <RichTextEditor aria-label="内容" value="<p>x</p>" onChange={onChange} onUpload={onUpload} accept={{ img: '.png' }} />
      </AntApp>,
    );
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      Object.defineProperty(this, 'files', { value: [new File(['x'], 'pic.png')] });
      this.dispatchEvent(new Event('change'));
    });
    await userEvent.click(screen.getByRole('button', { name: '插入图片' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/uploads/common/2026/05/pic.png" alt="pic.png">')));
    expect(onUpload).toHaveBeenCalledWith(expect.any(File), 'img');

    await userEvent.click(screen.getByRole('button', { name: '插入附件' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="/uploads/common/2026/05/pic.png"')));
    expect(onUpload).toHaveBeenLastCalledWith(expect.any(File), 'file');
    click.mockRestore();
  });
});
