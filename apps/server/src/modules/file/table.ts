import { uploadScopes } from '@juqi/contract';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every uploaded file. On disk (or in whatever storage) it lives under `path`, a name the server made; the client's
 * file name is kept here only, for display and downloads.
 */
export const uploadedFile = pgTable(
  'uploaded_file',
  {
    id: serial('id').primaryKey(),
    /** The storage key and the `/uploads/{path}` URL: `{module}/{yyyy}/{mm}/{32 hex}.{ext}`. */
    path: text('path').notNull(),
    /** The client's file name (base name only, control characters removed). */
    originalName: text('original_name').notNull(),
    ext: text('ext').notNull(),
    /** Bytes. */
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    module: text('module').notNull(),
    type: text('type', { enum: ['img', 'video', 'file'] }).notNull(),
    /** Who may read it (`uploadScopes` in the contract); checked by every route that serves it. */
    scope: text('scope', { enum: uploadScopes }).notNull().default('public'),
    /** The staff who uploaded it (no foreign key: files outlive accounts, and modules keep their tables apart). */
    uploaderId: integer('uploader_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploaded_file_path_key').on(t.path),
    index('uploaded_file_uploader_idx').on(t.uploaderId, t.createdAt),
    index('uploaded_file_module_idx').on(t.module, t.createdAt),
  ],
);
export type UploadedFileRow = typeof uploadedFile.$inferSelect;
export type NewUploadedFile = typeof uploadedFile.$inferInsert;
