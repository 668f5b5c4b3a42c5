import type { FieldDefinition, FieldType, FileRecord } from '@juqi/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, Form } from 'antd';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTransport } from '../../lib/transport';
import { useUploadStore } from '../../lib/upload/upload-store';
import { UploadTray } from '../upload-tray';
import type { FieldDisplayProps } from './field-displays';
import type { FieldEditorProps } from './field-editors';
import { FileLinks, FilesEditor, PictureCell, PictureDetail, SignatureCell, SignatureDetail, SignatureEditor } from './field-uploads';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../lib/failure-notice', () => ({ showFailure: vi.fn() }));
const user = userEvent.setup({ delay: null });

const define = (type: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key: 'value',
  type: type as FieldType,
  label: { 'zh-CN': label, 'en-US': `${label} (en)` },
  required: false,
  unique: false,
  sort: 0,
  hidden: false,
  permission: 255,
  ...extra,
});

/** What the server answers for a saved file: its path under the module's folder, named by 32 hex digits. */
const stored = (name: string, n: number, module = 'field'): FileRecord => {
  const path = `${module}/2026/05/${String(n).padStart(32, '0')}.${name.slice(name.lastIndexOf('.') + 1)}`;
  return { name, path, url: `/uploads/${path}`, size: 4, mime: 'image/png', type: 'img', scope: 'public' };
};

/** The save calls that reached the network, each with its multipart fields; every one is answered as stored. */
function answerUploads() {
  const sent: { type: FormDataEntryValue | null; module: FormDataEntryValue | null; file: File }[] = [];
  setTransport(async (request) => {
    const form = request.body as FormData;
    const file = form.get('file') as File;
    sent.push({ type: form.get('type'), module: form.get('module'), file });
    return { status: 200, data: { code: 20000, message: 'ok', data: stored(file.name, sent.length) }, header: () => null };
  });
  return sent;
}

/** One editor in a form, as a record form holds it, with the upload tray the shell mounts; what it hands on is the form's value. */
function renderEditor(Editor: ComponentType<FieldEditorProps>, definition: FieldDefinition, initial?: unknown, disabled?: boolean) {
  const changes: unknown[] = [];
  render(
    <AntApp>
      <Form layout="vertical" initialValues={{ value: initial }} onValuesChange={(changed: { value?: unknown }) => void changes.push(changed.value)}>
        <Form.Item name="value" label={definition.label['zh-CN']}>
          <Editor definition={definition} disabled={disabled} />
        </Form.Item>
      </Form>
      <UploadTray />
    </AntApp>,
  );
  return changes;
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const lastChange = (changes: unknown[]) => changes[changes.length - 1];

const pad = () => screen.getByRole('img', { name: '客户签名签名区' });
/** A short stroke, as a finger or mouse makes it: signature_pad listens to pointer events. */
function draw() {
  fireEvent.pointerDown(pad(), { pointerId: 1, buttons: 1, clientX: 20, clientY: 30 });
  fireEvent.pointerMove(window, { pointerId: 1, buttons: 1, clientX: 80, clientY: 40 });
  fireEvent.pointerUp(window, { pointerId: 1, buttons: 0, clientX: 80, clientY: 40 });
}

const show = (Display: ComponentType<FieldDisplayProps>, definition: FieldDefinition, value: unknown) =>
  render(
    <AntApp>
      <Display definition={definition} value={value} />
    </AntApp>,
  );

afterEach(() => {
  act(() => useUploadStore.getState().closeAll());
});

describe('FilesEditor', () => {
  it('sends picked pictures through the upload tray and adds each as {name, url}, shown as a thumbnail', async () => {
    const sent = answerUploads();
    const changes = renderEditor(FilesEditor, define('pic', '现场照片'));
    await user.upload(screen.getByLabelText('现场照片'), [png('门头.png'), png('店内.jpg')]);

    await waitFor(() =>
      expect(lastChange(changes)).toEqual([
        { name: '门头.png', url: stored('门头.png', 1).url },
        { name: '店内.jpg', url: stored('店内.jpg', 2).url },
      ]),
    );
    expect(sent.map(({ type, module }) => [type, module])).toEqual([
      ['img', 'field'],
      ['img', 'field'],
    ]);
    expect(within(screen.getByRole('region', { name: '附件上传托盘' })).getByRole('listitem', { name: '门头.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '门头.png' })).toHaveAttribute('src', stored('门头.png', 1).url);
    expect(screen.getByLabelText('现场照片')).toHaveAttribute('accept', '.png,.jpg,.jpeg,.gif,.webp');

    // A thumbnail opens the preview at that picture.
    await user.click(screen.getByRole('img', { name: '店内.jpg' }));
    await waitFor(() => expect(document.querySelector('.ant-image-preview-img')).toHaveAttribute('src', stored('店内.jpg', 2).url));
  });

  it('refuses a file the picture type does not take, with a message, and leaves the value alone', async () => {
    const sent = answerUploads();
    const changes = renderEditor(FilesEditor, define('certificate_img', '营业执照'));
    // Past the picker's own filter, as a file dropped or picked under "all files" would be.
    const anyFile = userEvent.setup({ delay: null, applyAccept: false });
    await anyFile.upload(screen.getByLabelText('营业执照'), new File(['%PDF'], '执照.pdf'));

    expect(await screen.findByText('“执照.pdf”的类型不支持，可上传：png, jpg, jpeg, gif, webp')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it('says the bounds, hides the add button once the maximum is reached, and sends none beyond it', async () => {
    const sent = answerUploads();
    const changes = renderEditor(FilesEditor, define('file_img', '附图', { extend_quantity_max: 2 }), [{ name: 'a.png', url: stored('a.png', 9).url }]);
    expect(screen.getByText('最多 2 张')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上传图片' })).toBeInTheDocument();

    await user.upload(screen.getByLabelText('附图'), [png('b.png'), png('c.png')]);
    expect(await screen.findByText('已达上限（最多 2 张），“c.png”未上传')).toBeInTheDocument();
    await waitFor(() => expect(lastChange(changes)).toHaveLength(2));
    expect(sent.map(({ file }) => file.name)).toEqual(['b.png']);
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
  });

  it('lists files as links opening in a new tab, and removes one with its remove button', async () => {
    const files = [
      { name: '报价单.pdf', url: stored('报价单.pdf', 1).url },
      { name: '合同.docx', url: stored('合同.docx', 2).url },
    ];
    const changes = renderEditor(FilesEditor, define('file', '附件', { extend_quantity_min: 1 }), files);
    expect(screen.getByText('至少 1 个')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上传文件' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '报价单.pdf' });
    expect(link).toHaveAttribute('href', files[0]!.url);
    expect(link).toHaveAttribute('target', '_blank');

    const row = link.closest('.ant-upload-list-item') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '移除' }));
    expect(lastChange(changes)).toEqual([files[1]]);
    await waitFor(() => expect(screen.queryByRole('link', { name: '报价单.pdf' })).toBeNull());

    await user.click(screen.getByRole('button', { name: '移除' }));
    expect(lastChange(changes)).toBeNull();
  });

  it('disabled, it shows the files with neither an add nor a remove button', () => {
    renderEditor(FilesEditor, define('file', '附件'), [{ name: '报价单.pdf', url: stored('报价单.pdf', 1).url }], true);
    expect(screen.getByRole('link', { name: '报价单.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '上传文件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '移除' })).toBeNull();
  });
});

describe('SignatureEditor', () => {
  // jsdom draws nothing: it has no 2D context and cannot encode a canvas. The pad needs a context that takes its
  // strokes, and confirming needs a PNG; these stand in for the browser's, in this file only.
  beforeEach(() => {
    const context = new Proxy({}, { get: () => () => undefined, set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })));
  });
  afterEach(() => vi.restoreAllMocks());

  it('confirming an empty pad sends nothing and says 请先签名; drawing takes the note away', async () => {
    const sent = answerUploads();
    const changes = renderEditor(SignatureEditor, define('handwriting_sign', '客户签名'));
    await user.click(screen.getByRole('button', { name: '确认签名' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请先签名');
    expect(sent).toHaveLength(0);
    expect(changes).toEqual([]);

    draw();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('confirming a drawing uploads it as signature.png and hands on its URL, then shows the signature', async () => {
    const sent = answerUploads();
    const changes = renderEditor(SignatureEditor, define('handwriting_sign', '客户签名'));
    draw();
    await user.click(screen.getByRole('button', { name: '确认签名' }));

    await waitFor(() => expect(changes).toEqual([stored('signature.png', 1).url]));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'img', module: 'field' });
    expect(sent[0]!.file.name).toBe('signature.png');
    expect(sent[0]!.file.type).toBe('image/png');
    expect(await screen.findByRole('img', { name: '客户签名' })).toHaveAttribute('src', stored('signature.png', 1).url);
    expect(screen.queryByRole('img', { name: '客户签名签名区' })).toBeNull();
  });

  it('清除 empties the pad, so confirming asks for a signature again', async () => {
    const sent = answerUploads();
    renderEditor(SignatureEditor, define('handwriting_sign', '客户签名'));
    draw();
    await user.click(screen.getByRole('button', { name: '清 除' }));
    await user.click(screen.getByRole('button', { name: '确认签名' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请先签名');
    expect(sent).toHaveLength(0);
  });

  it('重新签名 empties the value and brings the pad back', async () => {
    const url = stored('signature.png', 7).url;
    const changes = renderEditor(SignatureEditor, define('handwriting_sign', '客户签名'), url);
    expect(screen.getByRole('img', { name: '客户签名' })).toHaveAttribute('src', url);

    await user.click(screen.getByRole('button', { name: '重新签名' }));
    expect(changes).toEqual([null]);
    expect(pad()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认签名' })).toBeInTheDocument();
  });
});

describe('upload displays', () => {
  const pictures = ['a.png', 'b.png', 'c.png', 'd.png', 'e.png'].map((name, i) => ({ name, url: stored(name, i + 1).url }));

  it('a picture cell shows three thumbnails and how many more, every name on hover', () => {
    show(PictureCell, define('pic', '照片'), pictures);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['a.png', 'b.png', 'c.png']);
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(screen.getByTitle('a.png、b.png、c.png、d.png、e.png')).toBeInTheDocument();
  });

  it('a picture detail shows every picture', () => {
    show(PictureDetail, define('certificate_img', '证照'), pictures);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(pictures.map((file) => file.name));
  });

  it('files show as links opening in a new tab', () => {
    show(FileLinks, define('file', '附件'), pictures.slice(0, 2));
    expect(screen.getByRole('link', { name: 'b.png' })).toHaveAttribute('href', pictures[1]!.url);
    expect(screen.getByRole('link', { name: 'a.png' })).toHaveAttribute('target', '_blank');
  });

  it('a signature shows as its picture, named by the field', () => {
    show(SignatureCell, define('handwriting_sign', '客户签名'), pictures[0]!.url);
    expect(screen.getByRole('img', { name: '客户签名' })).toHaveAttribute('src', pictures[0]!.url);
    show(SignatureDetail, define('handwriting_sign', '验收签名'), pictures[1]!.url);
    expect(screen.getByRole('img', { name: '验收签名' })).toHaveAttribute('src', pictures[1]!.url);
  });

  it('no value shows —', () => {
    show(PictureCell, define('pic', '照片'), null);
    show(FileLinks, define('file', '附件'), []);
    show(SignatureDetail, define('handwriting_sign', '签名'), null);
    expect(screen.getAllByText('—')).toHaveLength(3);
  });
});
