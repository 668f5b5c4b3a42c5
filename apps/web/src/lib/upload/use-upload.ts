import type { FileRecord, FileSaveFields } from '@juqi/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { currentMessages } from '../i18n';
import { TOAST_DURATION_MS } from '../constants';
import { checkUpload, refusalText } from './check-upload';
import { fileMessages } from './messages';
import { useUploadStore } from './upload-store';

export interface UploadOptions {
  /** `img`, `video` or `file` (default): decides the accepted extensions and the size limit (the contract's uploadLimits). */
  type?: FileSaveFields['type'];
  /** What the file is for, e.g. `print`; the first folder of its stored path (default `common`). */
  module?: string;
}

/**
 * Queues a file in the upload tray (mounted once by the layout). The file is checked against the contract's limits
 * first: a refused file gets a toast naming the reason and is never sent. Resolves with the stored file (`path`,
 * `url`…), or null when refused, cancelled or failed.
 *
 * ```tsx
 * const upload = useUpload();
 * const record = await upload(file, { type: 'img', module: 'print' });
 * if (record) setLogo(record.url);
 * ```
 */
export function useUpload(): (file: File, options?: UploadOptions) => Promise<FileRecord | null> {
  const { message } = App.useApp();
  const enqueue = useUploadStore((state) => state.enqueue);
  return useCallback(
    async (file, options = {}) => {
      const refusal = checkUpload(file, options.type);
      if (refusal) {
        const text = refusalText(currentMessages(fileMessages), file.name, refusal);
        void message.error({ content: text, key: text, duration: TOAST_DURATION_MS / 1000 });
        return null;
      }
      return enqueue(file, { type: options.type, module: options.module });
    },
    [enqueue, message],
  );
}
