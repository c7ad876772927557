import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { DB } from '../db/database.ts';
import { referencedStorageKeys } from '../modules/queries/queries.repo.ts';
import { savedReplyStorageKeys } from '../modules/saved-replies/saved-replies.repo.ts';
import type { Storage } from './storage.ts';

// Crash debris: a process killed mid-upload leaves its
// `.part` in uploads/tmp, and one killed between moving a file into place and
// committing its row leaves a private file nobody references. Swept at start.
// The ages keep the sweep clear of uploads in flight on another instance: a
// part being written is fresh, and a stored file gets its row within moments.

export const TEMP_MAX_AGE_MS = 60 * 60 * 1000;
export const ORPHAN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export type SweepResult = { tempParts: number; orphans: number };

export async function sweepUploads(db: DB, storage: Storage, log: Logger, now = Date.now()): Promise<SweepResult> {
  const result: SweepResult = { tempParts: 0, orphans: 0 };
  const tmp = path.join(storage.root, 'tmp');
  for (const name of await fsp.readdir(tmp).catch(() => [] as string[])) {
    const file = path.join(tmp, name);
    const stat = await fsp.lstat(file).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs > TEMP_MAX_AGE_MS) {
      await fsp.rm(file, { force: true });
      result.tempParts += 1;
    }
  }

  // Private files are request files, deliverables and saved replies' files: query_files.storage_key and
  // saved_reply_files.storage_key are their only references.
  const old: string[] = [];
  for await (const file of walk(path.join(storage.root, 'private'))) {
    const stat = await fsp.lstat(file).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs > ORPHAN_MAX_AGE_MS) old.push(path.relative(storage.root, file).split(path.sep).join('/'));
  }
  for (let i = 0; i < old.length; i += BATCH) {
    const keys = old.slice(i, i + BATCH);
    const referenced = new Set([...(await referencedStorageKeys(db, keys)), ...(await savedReplyStorageKeys(db, keys))]);
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await fsp.rm(storage.resolve(key), { force: true });
      result.orphans += 1;
    }
  }
  if (result.tempParts || result.orphans) log.info(result, 'swept crash debris from uploads');
  return result;
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
