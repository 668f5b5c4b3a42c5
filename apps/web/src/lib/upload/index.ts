/** Sending files (§2.4): checked against the contract's limits, then queued in the upload tray (components/upload-tray.tsx). */
export { deleteFile, useDeleteFile } from './delete-file';
export { acceptFor, checkUpload, type UploadRefusal } from './check-upload';
export { useUpload, type UploadOptions } from './use-upload';
export { useEditorUploads } from './use-editor-uploads';
