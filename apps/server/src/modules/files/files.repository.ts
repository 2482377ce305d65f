import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { uploadedFiles } from '../../db/schema.ts';

export interface StoredFile {
  id: string;
  mime: string;
  size: number;
  createdAt: Date;
}

/** Uploaded files, kept in the database like the profile image (profile-image.repository.ts). */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  async add(userId: string, mime: string, data: Buffer): Promise<StoredFile> {
    const [row] = await this.db
      .insert(uploadedFiles)
      .values({ userId, mime, size: data.length, data })
      .returning({
        id: uploadedFiles.id,
        mime: uploadedFiles.mime,
        size: uploadedFiles.size,
        createdAt: uploadedFiles.createdAt,
      });
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** The file, only when `userId` uploaded it. */
  async getOwn(userId: string, id: string): Promise<{ mime: string; data: Buffer } | undefined> {
    const [row] = await this.db
      .select({ mime: uploadedFiles.mime, data: uploadedFiles.data })
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.id, id), eq(uploadedFiles.userId, userId)))
      .limit(1);
    return row;
  }
}
