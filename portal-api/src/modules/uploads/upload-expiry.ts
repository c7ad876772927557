import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import type { Storage } from '../../lib/storage.ts';
import { pruneIdempotencyKeys } from '../idempotency/idempotency.repo.ts';
import { expireUploads, tusDirectory } from './uploads.repo.ts';
import { UPLOAD_EXPIRY_HOURS } from './uploads.schema.ts';

const EVERY_MS = 15 * 60_000;

/**
 * Removes expired uploads every 15 minutes (and once at start): their rows and
 * bytes, plus any bytes in uploads/tus that no row claims (a crash between
 * writing the tus state and the row). The same sweep deletes the Idempotency-Key
 * answers past their 24 hours (http/idempotency.ts). Returns the stop function.
 */
export function startUploadExpiry(db: DB, storage: Storage, log: Logger): () => Promise<void> {
  const job = repeatEvery(
    EVERY_MS,
    async () => {
      const expired = await expireUploads(db, storage);
      const orphans = await removeOrphans(db, storage);
      if (expired || orphans) log.info({ expired, orphans }, 'removed expired uploads');
      const keys = await pruneIdempotencyKeys(db);
      if (keys) log.info({ keys }, 'removed expired idempotency keys');
    },
    (err) => log.error({ err }, 'upload expiry failed'),
  );
  return job.stop;
}

async function removeOrphans(db: DB, storage: Storage, now = Date.now()): Promise<number> {
  const dir = tusDirectory(storage);
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const id = name.replace(/\.json$/, '');
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (!stat || now - stat.mtimeMs < UPLOAD_EXPIRY_HOURS * 3600_000) continue;
    const row = await db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst();
    if (row) continue;
    await fsp.rm(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}
