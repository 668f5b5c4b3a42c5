import type { WebModule } from '../../lib/web-module';
import { UploadTray } from '../../components/upload-tray';

/**
 * Uploads (issue 6): the upload tray (components/upload-tray.tsx), mounted once by the shell. No pages of its own. The
 * mechanism, `useUpload()` and the rest, is shared code in lib/upload, so field editors in components/ can send files
 * too. The tray is in the shell's chunk: an upload can start from the first page that opens.
 */
export const fileWebModule: WebModule = {
  name: 'file',
  pages: {},
  shellParts: [UploadTray],
};
