/**
 * Uploads (issue 6): the upload tray the layout mounts once, and `useUpload()` for any module that sends files. No
 * pages of its own.
 */
export { deleteFile, useDeleteFile } from './api/delete-file';
export { acceptFor, checkUpload, type UploadRefusal } from './check-upload';
export { UploadTray } from './components/upload-tray';
export { useUpload, type UploadOptions } from './use-upload';
export { useEditorUploads } from './use-editor-uploads';
