import type { FileRecord, FileSaveFields } from '@juqi/contract';
import { create } from 'zustand';
import type { ApiError, TransportError } from '../api-errors';
import { saveFile, UploadCancelled } from './save-file';

export type UploadStatus = 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  /** 0–100. Held at 99 once every byte is sent, until the server has answered. */
  percent: number;
  status: UploadStatus;
  /** The server's or the network's reason, when failed. */
  error?: string;
  record?: FileRecord;
}

interface UploadState {
  items: UploadItem[];
  collapsed: boolean;
  /**
   * Sends a file at once and lists it in the tray. Resolves with the stored file, or null when the upload was cancelled
   * or failed (the tray and an error toast say why).
   */
  enqueue: (file: File, fields?: Partial<FileSaveFields>) => Promise<FileRecord | null>;
  /** Aborts one upload and removes it from the list. */
  cancel: (id: number) => void;
  /** Removes a finished or failed entry. */
  dismiss: (id: number) => void;
  /** Aborts every unfinished upload and empties the tray. */
  closeAll: () => void;
  setCollapsed: (collapsed: boolean) => void;
}

// Outside the state: neither is something to render.
const controllers = new Map<number, AbortController>();
let nextId = 1;

const reportFailure = async (error: ApiError | TransportError) => {
  const { showFailure } = await import('../failure-notice');
  showFailure(error);
};

/** The upload tray's queue (§2.4, §4 Upload): each file starts as it is queued; cancel removes it. */
export const useUploadStore = create<UploadState>()((set, get) => {
  const update = (id: number, patch: Partial<UploadItem>) =>
    set((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) }));
  const remove = (id: number) => set((state) => ({ items: state.items.filter((item) => item.id !== id) }));

  return {
    items: [],
    collapsed: false,

    enqueue: async (file, fields = {}) => {
      const id = nextId++;
      const controller = new AbortController();
      controllers.set(id, controller);
      // A new file opens the tray's list, so its progress is seen.
      set((state) => ({ items: [...state.items, { id, name: file.name, size: file.size, percent: 0, status: 'uploading' }], collapsed: false }));
      try {
        const record = await saveFile(file, fields, {
          signal: controller.signal,
          onProgress: (loaded, total) => {
            if (controller.signal.aborted) return;
            const percent = total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0;
            if (get().items.find((item) => item.id === id)?.percent !== percent) update(id, { percent });
          },
        });
        if (controller.signal.aborted) return null;
        update(id, { status: 'done', percent: 100, record });
        return record;
      } catch (error) {
        if (error instanceof UploadCancelled || controller.signal.aborted) return null;
        const failure = error as ApiError | TransportError;
        update(id, { status: 'failed', error: failure.message });
        void reportFailure(failure);
        return null;
      } finally {
        controllers.delete(id);
      }
    },

    cancel: (id) => {
      controllers.get(id)?.abort();
      controllers.delete(id);
      remove(id);
    },

    dismiss: (id) => {
      if (get().items.find((item) => item.id === id)?.status === 'uploading') return;
      remove(id);
    },

    closeAll: () => {
      for (const item of get().items) controllers.get(item.id)?.abort();
      controllers.clear();
      set({ items: [], collapsed: false });
    },

    setCollapsed: (collapsed) => set({ collapsed }),
  };
});

/** Uploads still sending. */
export const unfinishedCount = (items: readonly UploadItem[]) => items.filter((item) => item.status === 'uploading').length;
