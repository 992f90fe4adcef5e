import type { Generated, Selectable } from 'kysely';
import type { Clock } from '../clock';
import { inTransaction } from '../db/database';
import type { DB, Executor, Tx } from '../db/schema';
import type { CleanImage } from './images';
import { IMAGE_EXTENSION } from './images';
import { type FileStore, newStorageName } from './store';

export interface StoredFilesTable {
  id: Generated<number>;
  owner_user_id: number;
  /** kyc_front | kyc_back | deposit_receipt */
  purpose: string;
  storage_name: string;
  mime: string;
  size_bytes: number;
  width: number;
  height: number;
  sha256: string;
  created_at: Date;
}

declare module '../db/schema' {
  interface Tables {
    stored_files: StoredFilesTable;
  }
}

export type FilePurpose = 'kyc_front' | 'kyc_back' | 'deposit_receipt';
export type StoredFile = Selectable<StoredFilesTable>;

export interface FileToStore {
  purpose: FilePurpose;
  image: CleanImage;
}

/**
 * Uploaded images (ID images, receipts). Bytes go to the store under random names; a row in
 * `stored_files` ties each to its owner. Bytes are written before the database transaction and
 * removed again when it fails, so a refused request leaves nothing behind.
 */
export class FileService {
  constructor(
    readonly store: FileStore,
    private readonly db: DB,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores `files` for `ownerUserId` and runs `work` in the same database transaction as the
   * rows, with the new file ids in input order.
   */
  async storeWith<T>(
    ownerUserId: number,
    files: FileToStore[],
    work: (trx: Tx, fileIds: number[]) => Promise<T>,
  ): Promise<T> {
    const names: string[] = [];
    try {
      for (const file of files) {
        const name = newStorageName(IMAGE_EXTENSION[file.image.format]);
        await this.store.put(name, file.image.data);
        names.push(name);
      }
      const now = this.clock.now();
      return await inTransaction(this.db, async (trx) => {
        const ids: number[] = [];
        for (const [i, file] of files.entries()) {
          const row = await trx
            .insertInto('stored_files')
            .values({
              owner_user_id: ownerUserId,
              purpose: file.purpose,
              storage_name: names[i]!,
              mime: file.image.mime,
              size_bytes: file.image.data.length,
              width: file.image.width,
              height: file.image.height,
              sha256: file.image.sha256,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(row.id);
        }
        return work(trx, ids);
      });
    } catch (error) {
      await Promise.all(names.map((name) => this.store.remove(name).catch(() => undefined)));
      throw error;
    }
  }

  /** A file and its bytes; null when unknown (or its bytes are gone). */
  async read(db: Executor, id: number): Promise<{ file: StoredFile; data: Buffer } | null> {
    const file = await db.selectFrom('stored_files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!file) return null;
    const data = await this.store.get(file.storage_name);
    return data ? { file, data } : null;
  }
}
