import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/utils';
import { isDiskError } from '../../lib/disk-errors.ts';

/** Bytes gathered before one write() to disk. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * @tus/file-store with a leaner write path, measured against the stock one. The stock
 * store pipes the body through a Transform into an fs.WriteStream, one write
 * call and several stream callbacks per 64 KB socket read; this one gathers
 * the body into 1 MB batches and writes each with one positioned writev on an
 * open handle. No fsync, as in the stock store: a crash loses at most what the
 * page cache held, and the client's HEAD then resumes from the size on disk.
 * Bytes that arrived before a dropped connection are kept (tus semantics).
 */
export class PlanFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    // Ids are ours (newId()), but the stock store checks the path stays inside its folder: so do we.
    const file = path.join(this.directory, id);
    if (path.dirname(file) !== path.resolve(this.directory)) throw ERRORS.FILE_NOT_FOUND;
    const handle = await fsp.open(file, 'r+');
    let position = offset;
    let batch: Buffer[] = [];
    let batched = 0;
    const flush = async () => {
      if (!batched) return;
      const buffers = batch;
      const total = batched;
      batch = [];
      batched = 0;
      // One writev of the socket's buffers as they came: no copy into a bigger one.
      const { bytesWritten } = await handle.writev(buffers, position);
      position += bytesWritten;
      if (bytesWritten < total) {
        // A short write (rare: a full disk answers ENOSPC instead): the rest one by one.
        const rest = Buffer.concat(buffers, total).subarray(bytesWritten);
        for (let done = 0; done < rest.length;) {
          const { bytesWritten: n } = await handle.write(rest, done, rest.length - done, position);
          done += n;
          position += n;
        }
      }
    };
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        batch.push(chunk);
        batched += chunk.length;
        if (batched >= WRITE_BATCH_BYTES) await flush();
      }
      await flush();
    } catch (err) {
      // A full or unwritable disk is the server's condition: the route answers it 507/503.
      if (isDiskError(err)) throw err;
      // The body broke off: keep the bytes that did arrive, as the stock store does.
      await flush().catch(() => undefined);
      throw ERRORS.FILE_WRITE_ERROR;
    } finally {
      await handle.close();
    }
    return position;
  }

  /**
   * tus counts an upload's 24 hours from its creation; ours count from its last bytes (the
   * uploads row is renewed on every chunk): a slow plan set still receiving is not cut off at
   * creation + 24 h. The file's modification time is when bytes last arrived.
   */
  override async getUpload(id: string): Promise<Upload> {
    const upload = await super.getUpload(id);
    const file = upload.storage?.path;
    if (!file || !upload.creation_date) return upload;
    const { mtime } = await fsp.stat(file);
    if (mtime.getTime() > new Date(upload.creation_date).getTime()) upload.creation_date = mtime.toISOString();
    return upload;
  }
}
