import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { FileKindRule, Storage, StoredFile } from '../../lib/storage.ts';
import { isJson, readUploadsBody } from '../uploads/uploads-body.public.ts';
import { claimCompletedUploads, releaseClaimedUploads } from '../uploads/uploads.repo.ts';
import { UPLOADS_NOT_READY } from '../uploads/uploads.schema.ts';

// The one way a route takes files for a request (a new request, an addendum, deliverables):
// receive them → store them → claim the completed resumable uploads in the write's transaction →
// clean up if anything fails before the commit.

export type IncomingFiles = {
  /** The text fields of the body (multipart, or the JSON that names uploads), for the route's schema. */
  fields: Record<string, unknown>;
  /** How many files came: those carried in the body plus the uploads named. */
  count: number;
  /** Sniffs and stores the files carried in the body; one refused file refuses them all. */
  store: () => Promise<void>;
  /** In the write's transaction: claims the named uploads (two requests never take one upload); answers every file. */
  claim: (trx: Kysely<Database>) => Promise<StoredFile[]>;
};

/**
 * Receives a body's files: multipart with files in files[] (or files), or application/json
 * {uploadIds, …} naming the user's completed resumable uploads (POST /uploads/tus). `write` runs up
 * to its commit; if it throws, nothing is left half-written: the temporary files and the stored
 * ones go, and the claimed uploads come back with the rollback. Only until then: whatever fails
 * after the commit must not take a saved request's files away. Once committed, the tus copies of
 * the claimed uploads are dropped.
 */
export async function withIncomingFiles<T>(
  storage: Storage,
  req: Request,
  opts: { maxFiles: number; rule: FileKindRule; folder: 'queries' | 'deliverables'; userId: string },
  write: (incoming: IncomingFiles) => Promise<T>,
): Promise<T> {
  const fromUploads = isJson(req.headers.get('content-type') ?? undefined) ? await readUploadsBody(req, opts.maxFiles) : null;
  const { fields, files } = fromUploads
    ? { fields: fromUploads.fields, files: [] }
    : await storage.receive(req, { maxFiles: opts.maxFiles, fileFields: ['files[]', 'files'] });
  const uploadIds = fromUploads?.uploadIds ?? [];
  const stored: StoredFile[] = [];
  let result: T;
  try {
    result = await write({
      fields,
      count: files.length + uploadIds.length,
      store: async () => {
        for (const file of files) stored.push(await storage.store(file, opts.rule, 'private', opts.folder));
      },
      claim: async (trx) => {
        const claimed = await claimCompletedUploads(trx, storage, opts.userId, uploadIds, opts.folder);
        if ('refused' in claimed)
          throw new HttpError(400, claimed.refused, { code: claimed.refused === UPLOADS_NOT_READY ? 'uploads_not_ready' : 'uploads_gone' });
        stored.push(...claimed.files);
        return [...stored];
      },
    });
  } catch (err) {
    await storage.discard(files);
    await Promise.all(stored.map((s) => storage.remove(s.key)));
    throw err;
  }
  await releaseClaimedUploads(storage, uploadIds);
  return result;
}
