import { z } from 'zod';
import { defineCall } from './call';
import { said } from './refusals';
import { defineContractModule } from './contract-module';

/**
 * Uploads (spec §3 File upload payload, §7 Files). A file is saved under a name the server makes; the answer's `path`
 * is fetched from `/uploads/{path}`. What each upload `type` accepts is declared here, so the web client can refuse a
 * file before sending it; the server checks the same limits by extension and by the file's magic bytes. Who may read
 * a file is its `scope`.
 */

export const UPLOAD_URL_PREFIX = '/uploads/';

const MB = 1024 * 1024;

export const uploadTypes = ['img', 'video', 'file'] as const;
export type UploadType = (typeof uploadTypes)[number];

export interface UploadLimit {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Accepted extensions, lower case, without the dot. */
  extensions: readonly string[];
}

const imageExtensions = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

/** Per `type`: `img` for pictures shown inline, `video` for clips, `file` (the default) for attachments. */
export const uploadLimits: Record<UploadType, UploadLimit> = {
  img: { maxBytes: 5 * MB, extensions: imageExtensions },
  video: { maxBytes: 50 * MB, extensions: ['mp4'] },
  file: {
    maxBytes: 50 * MB,
    extensions: [...imageExtensions, 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'rar', '7z', 'txt', 'csv', 'mp4'],
  },
};

/** The largest file any type accepts: the multipart parser's hard limit. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(uploadLimits).map((l) => l.maxBytes));

export const IMAGE_EXTENSIONS: readonly string[] = imageExtensions;

/**
 * Who may read an upload:
 * - `public`: anyone with its URL, no session (pictures in rich text, help, notifications, logos, avatars);
 * - `private`: its uploader and the super-admin;
 * - `verification`: identity documents of verification submissions, served only by the user module's checked call
 *   (`user.verification.view`), never by `/uploads` or the download calls. Stored by the server, never by a staff upload.
 * - `certification`: an agency's documents for a video platform's certification, sent with its submission in the apps and
 *   served only by the agency module's checked call (`agency.certification.view`).
 */
export const uploadScopes = ['public', 'private', 'verification', 'certification'] as const;
export type UploadScope = (typeof uploadScopes)[number];

/** The multipart fields of `/api/file/save` besides `file`; the server validates them with this schema. */
export const fileSaveFields = z.object({
  /** What the file is for (e.g. `print`); the first folder of its path. */
  module: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, said({ 'zh-CN': '只能包含小写字母、数字或下划线（最多 32 个）', 'en-US': 'expected lowercase letters, digits or _ (up to 32)' }))
    .default('common'),
  type: z.enum(uploadTypes).default('file'),
  /** `private` keeps the file to its uploader (and the super-admin). */
  scope: z.enum(['public', 'private']).default('public'),
});
export type FileSaveFields = z.infer<typeof fileSaveFields>;

/** A path the server made: `{module}/{yyyy}/{mm}/{32 hex}.{ext}`. Nothing else names a stored file. */
export const UPLOAD_PATH_PATTERN = /^[a-z][a-z0-9_]{0,31}\/\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** Accepts the path as answered, or the `/uploads/…` URL (relative or absolute) made from it. */
function toUploadPath(value: string): string {
  let v = value;
  if (/^https?:\/\//i.test(v)) {
    try {
      v = new URL(v).pathname;
    } catch {
      return v;
    }
  }
  if (v.startsWith(UPLOAD_URL_PREFIX)) return v.slice(UPLOAD_URL_PREFIX.length);
  return v;
}

export const uploadPathField = z
  .string()
  .trim()
  .max(300)
  .transform(toUploadPath)
  .pipe(z.string().regex(UPLOAD_PATH_PATTERN, said({ 'zh-CN': '不是已上传文件的路径', 'en-US': 'not a path of an uploaded file' })));

/** §3 File record: `name` is the original file name, `path` the server-made one (fetch `/uploads/{path}`). */
export const fileRecord = z.object({
  name: z.string(),
  path: z.string(),
  /** `/uploads/{path}`. */
  url: z.string(),
  /** Bytes. */
  size: z.number().int(),
  mime: z.string(),
  type: z.enum(uploadTypes),
  scope: z.enum(uploadScopes),
});
export type FileRecord = z.infer<typeof fileRecord>;

const byPath = z.object({ path: uploadPathField });
const tag = 'file';

export const fileCalls = {
  save: defineCall({
    method: 'POST',
    path: '/api/file/save',
    tag,
    summary:
      'Upload one file as multipart/form-data: `file` (required), `module` (e.g. print, default common), ' +
      '`type` (img | video | file, default file; send it before `file`), `scope` (public: anyone with the URL, the ' +
      'default; private: the uploader and the super-admin). Limits per type: see uploadLimits.',
    permission: 'signed-in',
    // Multipart: no body schema here; the server validates the fields with `fileSaveFields`.
    data: fileRecord,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/api/file/delete',
    tag,
    summary: 'Delete an uploaded file (its uploader or the super-admin); a file the caller may not read is 40400',
    permission: 'signed-in',
    body: byPath,
    data: z.null(),
  }),
  download: defineCall({
    method: 'POST',
    path: '/api/file/download',
    tag,
    summary:
      'The file as an attachment under its original name (blob answer; errors are envelopes). A file the caller may ' +
      'not read (another staff’s private upload, an identity document) is 40400.',
    permission: 'signed-in',
    body: byPath,
    data: z.null(),
    response: 'blob',
  }),
  downloadImage: defineCall({
    method: 'POST',
    path: '/api/file/downloadImage',
    tag,
    summary:
      'An uploaded image as an attachment (blob answer); only our own /uploads files, never a remote URL. A file the ' +
      'caller may not read is 40400.',
    permission: 'signed-in',
    body: byPath,
    data: z.null(),
    response: 'blob',
  }),
};

/** The file module's share of the contract (`contractModules`). */
export const fileContract = defineContractModule({ name: 'file', calls: fileCalls });
