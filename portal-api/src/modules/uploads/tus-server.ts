import fsp from 'node:fs/promises';
import path from 'node:path';
import { Server, type ServerOptions } from '@tus/server';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { errorBody, HttpError } from '../../http/errors.ts';
import { diskAnswer, isDiskError } from '../../lib/disk-errors.ts';
import type { ErrorCode } from '../../shared/error-codes.ts';
import { uploadRuleOf } from '../../shared/file-kinds.ts';
import { newId } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import { cleanFileName } from '../../lib/storage.ts';
import { AUTH_REQUIRED } from '../auth/auth.labels.ts';
import { PlanFileStore } from './plan-file-store.ts';
import { deleteUploadRow, findUpload, insertUpload, markUploadComplete, tusDirectory } from './uploads.repo.ts';
import { TUS_PATH, UPLOAD_EXPIRY_HOURS, UPLOAD_NAME_REQUIRED } from './uploads.schema.ts';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
/**
 * What tus turns into an error response: a status and a body, here the API's own error JSON, so
 * the answer keeps the code of the error it came from (file_type_refused, not only its status's).
 */
type TusError = { status_code: number; body: string };
const tusError = (status_code: number, message: string, code?: ErrorCode): TusError => ({
  status_code,
  body: JSON.stringify(errorBody(status_code, message, code)),
});
/** A full or unwritable disk as tus's error: 507/503 with our sentence. */
const diskTusError = (err: unknown): TusError => {
  const { status, message } = diskAnswer(err);
  return tusError(status, message);
};

/** The upload id of a tus URL: the last segment of its path (never its query string), or none. */
export function uploadIdOf(url: string): string | undefined {
  const { pathname } = new URL(url, 'http://localhost');
  if (!pathname.startsWith(`${TUS_PATH}/`)) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(pathname.slice(TUS_PATH.length + 1));
  } catch {
    return undefined;
  }
  return id && !/[/\\\0]/.test(id) ? id : undefined;
}

/**
 * The tus protocol server (@tus/server with its file store under
 * DATA_DIR/uploads/tus). Authentication and ownership are checked by the route
 * before a request gets here; the signed-in user, the request's logger (with its
 * id) and the id given to a new upload travel with the request object, because
 * tus calls its hooks with that same object.
 */
export function createTusServer({ db, storage, log }: Pick<Deps, 'db' | 'storage' | 'log'>) {
  const owners = new WeakMap<object, AuthUser>();
  const logs = new WeakMap<object, Logger>();
  const created = new WeakMap<object, string>();
  const directory = tusDirectory(storage);

  /** Sniffs a finished upload; a refused file is deleted and the error names it. */
  async function finish(id: string, role: AuthUser['role']): Promise<void> {
    const row = await findUpload(db, id);
    if (!row || row.status === 'complete') return;
    const tempPath = path.join(directory, id);
    try {
      // Clients upload plans; admins also deliverables (spreadsheets, documents).
      const sniffed = await storage.sniff({ field: 'file', originalName: row.name, tempPath, size: Number(row.size) }, uploadRuleOf(role));
      await markUploadComplete(db, id, sniffed);
    } catch (err) {
      await removeUpload(id);
      if (err instanceof HttpError) throw tusError(err.status, err.message, err.code);
      throw err;
    }
  }

  /** An upload's bytes, its tus state and its row. The files go first: a full disk may refuse the row's delete (the expiry removes that row later). */
  async function removeUpload(id: string): Promise<void> {
    await fsp.rm(path.join(directory, id), { force: true });
    await fsp.rm(path.join(directory, `${id}.json`), { force: true });
    await deleteUploadRow(db, id);
  }

  /** A creation that failed (a full disk leaves an empty `<id>` and `<id>.json`): the client got no Location, so nobody can resume it. */
  async function discardCreation(id: string, reqLog: Logger): Promise<void> {
    try {
      await removeUpload(id);
    } catch (err) {
      reqLog.error({ err, uploadId: id }, 'upload: could not remove a failed creation');
    }
  }

  const server = new Server({
    path: TUS_PATH,
    datastore: new PlanFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_HOURS * 3600_000 }),
    maxSize: storage.uploadMaxBytes,
    relativeLocation: true,
    // The id is the path's last segment. tus's own reading takes the end of the whole URL, query
    // string included, so '…/<mine>?x=/<theirs>' passed the route's owner check (made on the path's
    // id) and then acted on someone else's upload.
    getFileIdFromRequest: (req) => uploadIdOf(req.url),
    namingFunction: (req) => {
      const id = newId();
      created.set(req, id);
      return id;
    },
    async onUploadCreate(req: TusRequest, upload) {
      const user = owners.get(req);
      if (!user) throw tusError(401, AUTH_REQUIRED);
      if (upload.size === undefined) throw tusError(400, 'Upload-Length is required: deferred lengths are not accepted.');
      if (upload.size === 0) throw tusError(400, 'The file is empty.');
      const given = upload.metadata?.filename ?? upload.metadata?.name ?? '';
      if (!given.trim()) throw tusError(400, UPLOAD_NAME_REQUIRED);
      const name = cleanFileName(given);
      await insertUpload(db, { id: upload.id, userId: user.id, name, size: upload.size });
      // The owner is written into the tus state too, so the bytes on disk say whose they are.
      return { metadata: { ...upload.metadata, filename: name, owner: user.id } };
    },
    async onUploadFinish(req: TusRequest, upload) {
      await finish(upload.id, owners.get(req)?.role ?? 'client');
      return {};
    },
    // tus's own errors (status_code) pass; a full or unwritable disk is 507/503 with our sentence,
    // and anything else a plain 500 that never shows the system's message.
    onResponseError(req, err) {
      if ('status_code' in err) return undefined;
      const reqLog = logs.get(req) ?? log;
      if (isDiskError(err)) {
        reqLog.error({ err }, 'upload: the disk refused a write');
        return diskTusError(err);
      }
      reqLog.error({ err }, 'upload failed');
      return tusError(500, 'The upload failed. Please try again.');
    },
  });

  return {
    /** Runs one tus request for `user`, logging through `reqLog` (the request's, with its id). */
    async handle(req: Request, user: AuthUser, uploadId: string | null, reqLog: Logger = log): Promise<Response> {
      owners.set(req, user);
      logs.set(req, reqLog);
      let res = await server.handleWeb(req);
      // A creation that failed leaves nothing behind: no partial file (docs/operations.md).
      const createdId = created.get(req);
      if (createdId && res.status >= 400) await discardCreation(createdId, reqLog);
      // A server killed between the last byte and the completion check leaves a
      // full upload that was never checked: the client's resume starts with HEAD.
      if (
        req.method === 'HEAD' &&
        uploadId &&
        res.status === 200 &&
        res.headers.get('upload-offset') === res.headers.get('upload-length')
      ) {
        try {
          await finish(uploadId, user.role);
        } catch (err) {
          const e = isDiskError(err) ? diskTusError(err) : (err as TusError);
          res = new Response(e.body ?? 'Upload failed.', { status: e.status_code ?? 500, headers: res.headers });
        }
      }
      return res;
    },
    server,
    removeUpload,
  };
}

export type TusService = ReturnType<typeof createTusServer>;
