import type { WebModule } from '../../app/web-module';
import { UploadTray } from './components/upload-tray';

/**
 * Uploads (issue 6): the upload tray, mounted once by the shell, and `useUpload()` for any module that sends files. No
 * pages of its own. The tray is in the shell's chunk: an upload can start from the first page that opens.
 */
export const fileWebModule: WebModule = {
  name: 'file',
  pages: {},
  shellParts: [UploadTray],
};

export { deleteFile, useDeleteFile } from './api/delete-file';
export { acceptFor, checkUpload, type UploadRefusal } from './check-upload';
export { useUpload, type UploadOptions } from './use-upload';
export { useEditorUploads } from './use-editor-uploads';
