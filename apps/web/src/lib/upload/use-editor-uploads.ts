import { useCallback, useMemo } from 'react';
import type { RichTextEditorProps } from '../../components/rich-text-editor';
import { acceptFor } from './check-upload';
import { useUpload } from './use-upload';

const accept = { img: acceptFor('img'), file: acceptFor('file') };

/**
 * The rich-text editor's `onUpload` and `accept` for a module: pictures and attachments go through the upload tray
 * into the module's folder.
 */
export function useEditorUploads(module: string): Pick<RichTextEditorProps, 'onUpload' | 'accept'> {
  const upload = useUpload();
  const onUpload = useCallback<NonNullable<RichTextEditorProps['onUpload']>>(
    async (file, kind) => {
      const record = await upload(file, { type: kind, module });
      return record ? { url: record.url, name: record.name } : null;
    },
    [upload, module],
  );
  return useMemo(() => ({ onUpload, accept }), [onUpload]);
}
