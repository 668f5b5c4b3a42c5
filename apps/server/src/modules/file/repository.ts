import { eq } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { uploadedFile, type NewUploadedFile, type UploadedFileRow } from './table';

export class FileRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: Omit<NewUploadedFile, 'id' | 'createdAt'>, tx: Executor = this.db): Promise<UploadedFileRow> {
    const [row] = await tx.insert(uploadedFile).values(values).returning();
    return row!;
  }

  /** Inserts unless a file is recorded at the path (a concurrent seed). */
  async insertIfAbsent(values: Omit<NewUploadedFile, 'id' | 'createdAt'>, tx: Executor = this.db): Promise<void> {
    await tx.insert(uploadedFile).values(values).onConflictDoNothing({ target: uploadedFile.path });
  }

  async findByPath(path: string, tx: Executor = this.db): Promise<UploadedFileRow | undefined> {
    const [row] = await tx.select().from(uploadedFile).where(eq(uploadedFile.path, path));
    return row;
  }

  async delete(id: number, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx.delete(uploadedFile).where(eq(uploadedFile.id, id)).returning({ id: uploadedFile.id });
    return rows.length > 0;
  }
}
