import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, Button, Modal, theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTransport, TransportAborted } from '../lib/transport';
import { useUploadStore } from '../lib/upload/upload-store';
import { useUpload, type UploadOptions } from '../lib/upload/use-upload';
import { UploadTray } from './upload-tray';

// antd makes the first render of a file slow in jsdom.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../lib/failure-notice', () => ({ showFailure: vi.fn() }));

interface Held {
  progress: (loaded: number, total: number) => void;
  finish: () => void;
  aborted: boolean;
}

/** Holds every upload until the test finishes it. */
function holdUploads(): Held[] {
  const held: Held[] = [];
  setTransport(
    (request) =>
      new Promise((resolve, reject) => {
        const entry: Held = {
          aborted: false,
          progress: (loaded, total) => request.onUploadProgress?.(loaded, total),
          finish: () => {
            const name = ((request.body as FormData).get('file') as File).name;
            const data = { name, path: 'common/2026/05/x.pdf', url: '/uploads/x', size: 1, mime: 'x', type: 'file' };
            resolve({ status: 200, data: { code: 20000, message: 'ok', data }, header: () => null });
          },
        };
        request.signal?.addEventListener('abort', () => {
          entry.aborted = true;
          reject(new TransportAborted());
        });
        held.push(entry);
      }),
  );
  return held;
}

/** Stands for a module that uploads: a button queuing the given files. */
function Uploader({ files, options }: { files: File[]; options?: UploadOptions }) {
  const upload = useUpload();
  return <Button onClick={() => files.forEach((file) => void upload(file, options))}>queue</Button>;
}

function renderTray(files: File[], options?: UploadOptions) {
  return render(
    <AntApp>
      <Uploader files={files} options={options} />
      <UploadTray />
    </AntApp>,
  );
}

const file = (name: string, size = 2048) => new File([new Uint8Array(size)], name);

/** Queues a file straight into the store, once its upload reaches the held transport. */
async function queue(held: Held[], name: string) {
  const before = held.length;
  act(() => void useUploadStore.getState().enqueue(file(name)));
  await vi.waitFor(() => expect(held).toHaveLength(before + 1));
}
const tray = () => screen.getByRole('region', { name: '附件上传托盘' });

afterEach(() => {
  act(() => useUploadStore.getState().closeAll());
});

describe('UploadTray', () => {
  it('is hidden until a file is queued, then lists it with its size, progress and a cancel button', async () => {
    const held = holdUploads();
    renderTray([file('报价单.pdf', 2048)]);
    expect(screen.queryByRole('region', { name: '附件上传托盘' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    expect(within(tray()).getByText('附件上传')).toBeVisible();
    const row = within(tray()).getByRole('listitem', { name: '报价单.pdf' });
    expect(within(row).getByText('2.00 KB')).toBeVisible();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    act(() => held[0]!.progress(1024, 2048));
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(row).getByText('50%')).toBeVisible();

    // Pointed at, it stays open once done, however slowly this machine runs the rest.
    await userEvent.hover(tray());
    act(() => held[0]!.finish());
    await waitFor(() => expect(within(row).getByRole('img', { name: '上传完成' })).toBeVisible());
    expect(within(row).queryByRole('button', { name: /取消上传/ })).toBeNull();
    expect(within(tray()).getByText('1/1 已完成')).toBeVisible();
  });

  it('cancelling an upload aborts it and removes it from the list', async () => {
    const held = holdUploads();
    renderTray([file('a.pdf'), file('b.xlsx')]);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    expect(within(tray()).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(within(tray()).getByRole('button', { name: '取消上传 a.pdf' }));
    expect(held[0]!.aborted).toBe(true);
    expect(held[1]!.aborted).toBe(false);
    expect(within(tray()).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['b.xlsx']);
  });

  it('collapses and expands the list', async () => {
    holdUploads();
    renderTray([file('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    await userEvent.click(within(tray()).getByRole('button', { name: '收起' }));
    expect(within(tray()).queryByRole('listitem')).toBeNull();
    await userEvent.click(within(tray()).getByRole('button', { name: '展开' }));
    expect(within(tray()).getByRole('listitem', { name: 'a.pdf' })).toBeVisible();
  });

  it('closing with unfinished uploads asks first; cancelling the question keeps them going', async () => {
    const held = holdUploads();
    renderTray([file('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    await userEvent.click(within(tray()).getByRole('button', { name: '关闭' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('关闭窗口，将取消上传任务，是否继续?')[0]).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '取 消' }));
    expect(held[0]!.aborted).toBe(false);
    expect(within(tray()).getByRole('listitem', { name: 'a.pdf' })).toBeVisible();
  });

  it('confirming the close cancels every unfinished upload and hides the tray', async () => {
    const held = holdUploads();
    renderTray([file('a.pdf'), file('b.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    await userEvent.click(within(tray()).getByRole('button', { name: '关闭' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '继 续' }));
    expect(held.map((h) => h.aborted)).toEqual([true, true]);
    await waitFor(() => expect(screen.queryByRole('region', { name: '附件上传托盘' })).toBeNull());
  });

  it('closes at once, without asking, when every upload is done', async () => {
    const held = holdUploads();
    renderTray([file('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    await userEvent.hover(tray());
    act(() => held[0]!.finish());
    await waitFor(() => expect(within(tray()).getByRole('img', { name: '上传完成' })).toBeVisible());
    await userEvent.click(within(tray()).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: '附件上传托盘' })).toBeNull();
  });

  it('closes by itself about 3 s after the last upload is done, not while one still runs', async () => {
    const held = holdUploads();
    renderTray([]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await queue(held, 'a.pdf');
    await queue(held, 'b.pdf');
    await act(async () => held[0]!.finish());
    act(() => vi.advanceTimersByTime(5000));
    expect(within(tray()).getAllByRole('listitem')).toHaveLength(2);

    await act(async () => held[1]!.finish());
    act(() => vi.advanceTimersByTime(2900));
    expect(tray()).toBeInTheDocument();
    // A new upload before the moment is up keeps the tray; its end starts the wait again.
    await queue(held, 'c.pdf');
    act(() => vi.advanceTimersByTime(5000));
    expect(within(tray()).getAllByRole('listitem')).toHaveLength(3);
    await act(async () => held[2]!.finish());
    act(() => vi.advanceTimersByTime(2900));
    expect(tray()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('region', { name: '附件上传托盘' })).toBeNull();
  });

  it('stays open while hovered, and closes a moment after the pointer leaves', async () => {
    const held = holdUploads();
    renderTray([]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await queue(held, 'a.pdf');
    fireEvent.mouseEnter(tray());
    await act(async () => held[0]!.finish());
    act(() => vi.advanceTimersByTime(10_000));
    expect(within(tray()).getByRole('img', { name: '上传完成' })).toBeInTheDocument();
    fireEvent.mouseLeave(tray());
    act(() => vi.advanceTimersByTime(2900));
    expect(tray()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('region', { name: '附件上传托盘' })).toBeNull();
  });

  it('stays open while an upload has failed, so its reason can be read', async () => {
    setTransport(async () => ({ status: 200, data: { code: 41300, message: '文件过大', data: null }, header: () => null }));
    renderTray([]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => void (await useUploadStore.getState().enqueue(file('a.pdf'))));
    act(() => vi.advanceTimersByTime(10_000));
    expect(within(tray()).getByRole('img', { name: '上传失败' })).toBeInTheDocument();
  });

  it('stays above dialogs and drawers, where uploads start, and its question above itself', async () => {
    const held = holdUploads();
    render(
      <AntApp>
        <Modal open title="编辑版本" mask={{ closable: false }}>
          <Uploader files={[file('a.pdf')]} />
        </Modal>
        <UploadTray />
      </AntApp>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    // Modals and drawers sit at antd's popup base (their CSS); a tray under them would be covered by their masks.
    const base = theme.getDesignToken().zIndexPopupBase;
    const trayZ = Number(tray().style.zIndex);
    expect(trayZ).toBeGreaterThan(base);
    await userEvent.click(within(tray()).getByRole('button', { name: '取消上传 a.pdf' }));
    expect(held[0]!.aborted).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    await userEvent.click(within(tray()).getByRole('button', { name: '关闭' }));
    const question = await screen.findByText('关闭窗口，将取消上传任务，是否继续?', { selector: '.ant-modal-confirm-title' });
    expect(Number((question.closest('.ant-modal-wrap') as HTMLElement).style.zIndex)).toBeGreaterThan(trayZ);
  });

  it('useUpload refuses a file the contract limits reject, with a message, and sends nothing', async () => {
    const held = holdUploads();
    renderTray([file('page.svg'), file('big.png', 5 * 1024 * 1024 + 1)], { type: 'img' });
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    expect(await screen.findByText('“page.svg”的类型不支持，可上传：png, jpg, jpeg, gif, webp')).toBeInTheDocument();
    expect(await screen.findByText('“big.png”大小为 5.00 MB，超过 5.00 MB 的上限')).toBeInTheDocument();
    expect(held).toHaveLength(0);
    expect(screen.queryByRole('region', { name: '附件上传托盘' })).toBeNull();
  });
});
