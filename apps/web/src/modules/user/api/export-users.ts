import { EXPORT_ESTIMATED_BYTES_HEADER, EXPORT_ROWS_HEADER, userCalls, type CallBody } from '@juqi/contract';
import { useRef, useState } from 'react';
import { downloadFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type ExportBody = CallBody<typeof userCalls.export>;

export interface ExportProgress {
  /** Bytes received so far. */
  received: number;
  /** The server's estimate of the file's size, once its headers have arrived; the real length is unknown up front. */
  estimated: number | null;
  /** Users the file will hold, once the headers have arrived. */
  rows: number | null;
}

const numberHeader = (value: string | null): number | null => (value && /^\d+$/.test(value) ? Number(value) : null);

/** POST /api/user/export: every user matching the filter, as an .xlsx file streamed by the server. */
export async function exportUsers(body: ExportBody, onProgress: (progress: ExportProgress) => void, signal: AbortSignal) {
  return downloadFile(userCalls.export, {
    body,
    signal,
    onProgress: ({ loaded, header }) =>
      onProgress({
        received: loaded,
        estimated: numberHeader(header(EXPORT_ESTIMATED_BYTES_HEADER)),
        rows: numberHeader(header(EXPORT_ROWS_HEADER)),
      }),
  });
}

export type ExportOutcome = { kind: 'saved'; fileName: string; rows: number | null } | { kind: 'cancelled' } | { kind: 'failed' };

/**
 * Runs one export at a time: its progress while the file arrives, a way to cancel it, and the file handed to the
 * browser's downloads at the end. A refusal has been shown by the API client when the outcome is `failed`.
 */
export function useExportUsers() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  const start = async (body: ExportBody): Promise<ExportOutcome> => {
    if (running.current) return { kind: 'failed' };
    const controller = new AbortController();
    running.current = controller;
    setProgress({ received: 0, estimated: null, rows: null });
    try {
      const file = await exportUsers(body, setProgress, controller.signal);
      saveFile(file.blob, file.fileName || 'users.xlsx');
      return { kind: 'saved', fileName: file.fileName, rows: numberHeader(file.header(EXPORT_ROWS_HEADER)) };
    } catch {
      return controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed' };
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const cancel = () => running.current?.abort();

  return { progress, start, cancel };
}
