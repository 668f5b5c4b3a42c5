import type { FileRecord } from '@juqi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTransport, TransportAborted, TransportFailed, type TransportRequest } from '../transport';
import { useUploadStore } from './upload-store';

vi.mock('../failure-notice', () => ({ showFailure: vi.fn() }));

interface Pending {
  request: TransportRequest;
  fields: [string, FormDataEntryValue][];
  progress: (loaded: number) => void;
  answer: (envelope: unknown) => void;
  aborted: () => boolean;
}

/** A transport that holds each upload until the test answers it, reporting progress on demand. */
function holdUploads(): Pending[] {
  const pending: Pending[] = [];
  setTransport(
    (request) =>
      new Promise((resolve, reject) => {
        const form = request.body as FormData;
        const file = form.get('file') as File;
        let aborted = false;
        request.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new TransportAborted());
        });
        pending.push({
          request,
          fields: [...form.entries()],
          progress: (loaded) => request.onUploadProgress?.(loaded, file.size),
          answer: (data) => resolve({ status: 200, data, header: () => null }),
          aborted: () => aborted,
        });
      }),
  );
  return pending;
}

const record = (name: string): FileRecord => ({
  name,
  path: 'help/2026/05/0123456789abcdef0123456789abcdef.png',
  url: '/uploads/help/2026/05/0123456789abcdef0123456789abcdef.png',
  size: 4,
  mime: 'image/png',
  type: 'img',
  scope: 'public',
});

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);
const items = () => useUploadStore.getState().items;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => useUploadStore.setState({ items: [], collapsed: true }));
afterEach(() => {
  useUploadStore.getState().closeAll();
});

describe('upload store', () => {
  it('starts each file as it is queued, posting type and module before the file', async () => {
    const pending = holdUploads();
    const done = useUploadStore.getState().enqueue(file('logo.png'), { type: 'img', module: 'help' });
    await flush();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.request.url).toBe('/api/file/save');
    expect(pending[0]!.fields.map(([key]) => key)).toEqual(['type', 'module', 'file']);
    expect(pending[0]!.fields.slice(0, 2)).toEqual([
      ['type', 'img'],
      ['module', 'help'],
    ]);
    expect(items()).toMatchObject([{ name: 'logo.png', size: 1000, percent: 0, status: 'uploading' }]);
    // Queuing opens a collapsed tray.
    expect(useUploadStore.getState().collapsed).toBe(false);

    pending[0]!.progress(250);
    expect(items()[0]!.percent).toBe(25);
    // Every byte sent is not yet stored: it waits at 99 for the answer.
    pending[0]!.progress(1000);
    expect(items()[0]!.percent).toBe(99);

    pending[0]!.answer({ code: 20000, message: 'ok', data: record('logo.png') });
    await expect(done).resolves.toEqual(record('logo.png'));
    expect(items()).toMatchObject([{ status: 'done', percent: 100 }]);
  });

  it('sends only the file when no type or module is given (the server defaults them)', async () => {
    const pending = holdUploads();
    void useUploadStore.getState().enqueue(file('a.pdf'));
    await flush();
    expect(pending[0]!.fields.map(([key]) => key)).toEqual(['file']);
  });

  it('cancel aborts the request, removes the entry and resolves null', async () => {
    const pending = holdUploads();
    const first = useUploadStore.getState().enqueue(file('a.pdf'));
    const second = useUploadStore.getState().enqueue(file('b.pdf'));
    await flush();
    const [a] = items();
    useUploadStore.getState().cancel(a!.id);
    expect(pending[0]!.aborted()).toBe(true);
    expect(pending[1]!.aborted()).toBe(false);
    await expect(first).resolves.toBeNull();
    expect(items().map((item) => item.name)).toEqual(['b.pdf']);

    pending[1]!.answer({ code: 20000, message: 'ok', data: record('b.pdf') });
    await expect(second).resolves.toMatchObject({ name: 'b.pdf' });
  });

  it('closeAll aborts every unfinished upload and empties the list', async () => {
    const pending = holdUploads();
    const uploads = [useUploadStore.getState().enqueue(file('a.pdf')), useUploadStore.getState().enqueue(file('b.pdf'))];
    await flush();
    pending[0]!.answer({ code: 20000, message: 'ok', data: record('a.pdf') });
    await uploads[0];
    useUploadStore.getState().closeAll();
    expect(pending[1]!.aborted()).toBe(true);
    await expect(uploads[1]).resolves.toBeNull();
    expect(items()).toEqual([]);
  });

  it('a refusal marks the entry failed with the server message, shows the §8 toast and resolves null', async () => {
    const { showFailure } = await import('../failure-notice');
    const pending = holdUploads();
    const upload = useUploadStore.getState().enqueue(file('a.png'), { type: 'img' });
    await flush();
    pending[0]!.answer({ code: 41300, message: 'file: larger than 5 MB', data: { field: 'file', max_bytes: 5242880 } });
    await expect(upload).resolves.toBeNull();
    expect(items()).toMatchObject([{ status: 'failed', error: 'file: larger than 5 MB' }]);
    await flush();
    expect(showFailure).toHaveBeenCalledWith(expect.objectContaining({ code: 41300 }));

    // A failed entry can be dismissed; an uploading one cannot (it is cancelled instead).
    useUploadStore.getState().dismiss(items()[0]!.id);
    expect(items()).toEqual([]);
  });

  it('a dropped connection fails the entry as a transport error', async () => {
    setTransport(async () => {
      throw new TransportFailed('socket hang up');
    });
    await expect(useUploadStore.getState().enqueue(file('a.pdf'))).resolves.toBeNull();
    expect(items()).toMatchObject([{ status: 'failed', error: 'Network error' }]);
  });
});
