import { EXPORT_ESTIMATED_BYTES_HEADER, EXPORT_ROWS_HEADER, type AnyCall, type CallBody } from '@juqi/contract';
import { useRef, useState } from 'react';
import { downloadFile } from './api-client';
import { saveFile } from './save-file';

/** How far an export has come while its file arrives. */
export interface ExportProgress {
  /** Bytes received so far. */
  received: number;
  /** The server's estimate of the file's size, once its headers have arrived; the real length is unknown up front. */
  estimated: number | null;
  /** Rows the file will hold, once the headers have arrived. */
  rows: number | null;
}

export type ExportOutcome = { kind: 'saved'; fileName: string; rows: number | null } | { kind: 'cancelled' } | { kind: 'failed' };

const numberHeader = (value: string | null): number | null => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * Runs one export call at a time (a call the server answers with `sendWorkbook`, docs/export.md): its progress from
 * the x-export-rows and x-export-estimated-bytes headers while the file arrives, a way to cancel it, and the file handed
 * to the browser's downloads under the server's name at the end (`fallbackName` when it names none). A refusal has been
 * shown by the API client when the outcome is `failed`.
 */
export function useExport<C extends AnyCall>(call: C, fallbackName: string) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  const start = async (body: CallBody<C>): Promise<ExportOutcome> => {
    if (running.current) return { kind: 'failed' };
    const controller = new AbortController();
    running.current = controller;
    setProgress({ received: 0, estimated: null, rows: null });
    try {
      const file = await downloadFile(call, {
        body,
        signal: controller.signal,
        onProgress: ({ loaded, header }) =>
          setProgress({
            received: loaded,
            estimated: numberHeader(header(EXPORT_ESTIMATED_BYTES_HEADER)),
            rows: numberHeader(header(EXPORT_ROWS_HEADER)),
          }),
      });
      saveFile(file.blob, file.fileName || fallbackName);
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
