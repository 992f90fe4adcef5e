import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live (ARCHITECTURE "Data": a storage interface; a local directory by
 * default, S3-compatible storage when scaled out). Names are opaque and chosen by the server.
 */
export interface FileStore {
  put(name: string, data: Uint8Array): Promise<void>;
  /** Null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

/** Random names only: 128 bits, hex, with the extension of the re-encoded format. */
const NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export function newStorageName(extension: 'jpg' | 'png' | 'webp'): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

function assertName(name: string): void {
  // Names never come from a user, but a path outside the directory must be impossible anyway.
  if (!NAME_PATTERN.test(name)) throw new Error(`not a storage name: ${name}`);
}

/**
 * A directory on the local disk, outside any static root (config.dataDir/files), so a file is
 * reachable only through the authorised routes. Files are spread over 256 subdirectories.
 */
export class LocalDirectoryStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(name: string): string {
    assertName(name);
    return path.join(this.root, name.slice(0, 2), name);
  }

  async put(name: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(name);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Write then rename, so a reader never sees half a file.
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, data, { mode: 0o600, flag: 'wx' });
    await rename(partial, target);
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(name));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }
}
