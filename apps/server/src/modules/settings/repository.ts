import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { uploadedFile } from '../../lib/db/schema';

/**
 * What the settings read beyond their own documents: the upload a logo names. The table is the file module's; it is
 * read here, never written.
 */
export class SettingsRepository {
  constructor(private readonly db: Executor) {}

  /** Whether `path` is a recorded upload anyone may fetch without a session (the sign-in page shows the logo). */
  async isPublicUpload(path: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: uploadedFile.id })
      .from(uploadedFile)
      .where(and(eq(uploadedFile.path, path), eq(uploadedFile.scope, 'public')));
    return row !== undefined;
  }
}
