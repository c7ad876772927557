import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { fileTypeFromFile } from 'file-type';
import { HttpError } from '../http/errors.ts';
import { diskAnswer, isDiskError } from './disk-errors.ts';
import { newId } from './ids.ts';
import { EXT_ALIASES, extensionOf, FILE_KINDS, type FileKindRule, refusalOf } from '../shared/file-kinds.ts';
import { linkViewer } from './link-viewer.ts';

/** The answer to more files than a form takes. */
export const tooManyFiles = (max: number) => `Too many files. At most ${max} are accepted.`;

// Uploads (docs/product.md §14, §19): multipart bodies are streamed to disk as
// they arrive, the size limit is enforced while streaming, content is sniffed
// against an allow-list, and stored names are generated — the client's file
// name is kept only as data.

export type { FileKindRule };

export type TempFile = { field: string; originalName: string; tempPath: string; size: number };
/** Expiry step of long-lived signed links (see signedUrl). */
const SIGNED_STEP_SECONDS = 600;

/** What a link's signature covers; a link without a viewer keeps the payload it always had. */
const linkPayload = (key: string, name: string, exp: string, viewer: string | undefined) =>
  viewer ? `${key}\n${name}\n${exp}\nu:${viewer}` : `${key}\n${name}\n${exp}`;

export type StoredFile = { key: string; name: string; size: number; type: string; ext: string };
export type Multipart = { fields: Record<string, string>; files: TempFile[] };

/** Keeps a display name harmless: no path parts, no control characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // Control characters, characters Windows refuses, and bidirectional overrides and marks
    // ('\u202Efdp.exe' reads as 'exe.pdf' but saves as .exe).
    .replace(/[\u0000-\u001f\u007f"<>|:*?\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(-200);
  return cleaned || 'file';
}

/**
 * The name a stored file is downloaded by: the given name, ending in the extension of the type its
 * content was found to be. 'plan.html' holding a PDF is 'plan.html.pdf', so no download opens as
 * something it is not (a PDF/HTML polyglot saved as .html ran as a local page).
 */
export function nameForType(name: string, ext: string): string {
  const given = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (name.includes('.') && (given === ext || EXT_ALIASES[ext]?.includes(given))) return name;
  return `${name}.${ext}`;
}

export class Storage {
  readonly root: string;
  private readonly secret: Uint8Array;

  constructor(
    dataDir: string,
    secret: Uint8Array,
    readonly uploadMaxBytes: number,
  ) {
    this.root = path.join(dataDir, 'uploads');
    this.secret = secret;
    for (const dir of ['tmp', 'public', 'private']) fs.mkdirSync(path.join(this.root, dir), { recursive: true });
  }

  /**
   * Streams a multipart request to temporary files. Text fields are capped at
   * 1 MB each; files at `maxFileBytes` (413) and `maxFiles` (400). On any error
   * every partial file is removed before the error is thrown.
   */
  async receive(req: Request, opts: { maxFiles: number; maxFileBytes?: number; fileFields?: string[] }): Promise<Multipart> {
    const type = req.headers.get('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(type)) throw new HttpError(415, 'Expected a multipart/form-data body.');
    if (!req.body) throw new HttpError(400, 'Request body is empty.');
    const maxFileBytes = Math.min(opts.maxFileBytes ?? this.uploadMaxBytes, this.uploadMaxBytes);
    const fields: Record<string, string> = {};
    const files: TempFile[] = [];
    const writes: Promise<void>[] = [];
    const streams: Readable[] = [];
    let failure: HttpError | null = null;

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': type },
        limits: { fileSize: maxFileBytes, files: opts.maxFiles, fields: 50, fieldSize: 1024 * 1024, parts: opts.maxFiles + 50 },
        defParamCharset: 'utf8',
      });
    } catch {
      throw new HttpError(400, 'Malformed multipart body.');
    }
    const fail = (err: HttpError) => {
      failure ??= err;
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(413, `Field ${name} is too large.`));
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      if (opts.fileFields && !opts.fileFields.includes(field)) {
        stream.resume();
        fail(new HttpError(400, `Unexpected file field ${field}.`));
        return;
      }
      if (!info.filename) {
        stream.resume();
        return; // an empty file input
      }
      const tempPath = path.join(this.root, 'tmp', `${newId()}.part`);
      const entry: TempFile = { field, originalName: cleanFileName(info.filename), tempPath, size: 0 };
      files.push(entry);
      streams.push(stream);
      stream.on('data', (chunk: Buffer) => (entry.size += chunk.length));
      stream.on('limit', () =>
        fail(new HttpError(413, `File too large. The limit is ${Math.round(maxFileBytes / 1024 / 1024)} MB.`, { code: 'file_too_large' })),
      );
      // A write that fails (ENOSPC) is handled at once: as an unhandled
      // rejection it used to end the process. The rest of the part is then read
      // and dropped, so the client still gets its 507 instead of a reset.
      writes.push(
        new Promise<void>((resolve) => {
          const out = fs.createWriteStream(tempPath);
          out.on('close', resolve);
          out.on('error', (err) => {
            const answer = storageError(err);
            fail(answer instanceof HttpError ? answer : new HttpError(503, 'The upload could not be stored. Please try again later.'));
            stream.unpipe(out);
            stream.resume();
          });
          // A body that ends inside this part ('Unexpected end of form') fails the part's stream:
          // `pipe` does not pass that on, and with no listener the error would end the process.
          stream.on('error', () => {
            fail(new HttpError(400, 'Malformed multipart body.'));
            out.destroy();
          });
          // A part cut short (aborted body) never ends: close the file so the wait below ends.
          stream.on('close', () => {
            if (!stream.readableEnded) out.destroy();
          });
          stream.pipe(out);
        }),
      );
    });
    parser.on('filesLimit', () => fail(new HttpError(400, tooManyFiles(opts.maxFiles))));
    parser.on('fieldsLimit', () => fail(new HttpError(400, 'Too many fields.')));
    parser.on('partsLimit', () => fail(new HttpError(400, 'Too many parts.')));

    try {
      await pipeline(Readable.fromWeb(req.body as import('node:stream/web').ReadableStream), parser);
      await Promise.all(writes);
    } catch (err) {
      // A parser that failed mid-body never ends the file stream it was feeding:
      // destroy them all, or waiting for their writes would hang the request.
      for (const stream of streams) stream.destroy();
      await Promise.allSettled(writes);
      await this.discard(files);
      if (failure) throw failure;
      if (err instanceof HttpError) throw err;
      throw new HttpError(400, 'Malformed multipart body.');
    }
    if (failure) {
      await this.discard(files);
      throw failure;
    }
    return { fields, files: files.filter((f) => f.size > 0 || (fs.rmSync(f.tempPath, { force: true }), false)) };
  }

  /** Sniffs content against the rule; throws 415 for anything else. For deliverables, CSV is accepted as text and XLS as a Compound File. */
  async sniff(file: TempFile, rule: FileKindRule): Promise<{ ext: string; type: string }> {
    const { types, textTypes, containerTypes } = FILE_KINDS[rule];
    const detected = await fileTypeFromFile(file.tempPath);
    if (detected && types[detected.ext]) return { ext: detected.ext, type: types[detected.ext]! };
    const named = extensionOf(file.originalName);
    if (detected && containerTypes?.[detected.ext]?.includes(named) && types[named]) return { ext: named, type: types[named] };
    const textType = textTypes?.[named];
    if (!detected && textType && (await isPlainText(file.tempPath))) return { ext: named, type: textType };
    throw new HttpError(415, refusalOf(file.originalName, rule), { code: 'file_type_refused' });
  }

  /** Sniffs and moves a temp file to its final place under a generated name. */
  async store(file: TempFile, rule: FileKindRule, visibility: 'public' | 'private', folder: string): Promise<StoredFile> {
    const { ext, type } = await this.sniff(file, rule);
    const key = `${visibility}/${folder}/${newId()}.${ext}`;
    await this.moveInto(file.tempPath, key);
    return { key, name: nameForType(file.originalName, ext), size: file.size, type, ext };
  }

  /** Writes a buffer (e.g. an image converted by sharp) under a generated name; nothing is left behind if it fails. */
  async writeBuffer(buffer: Buffer, visibility: 'public' | 'private', folder: string, ext: string): Promise<string> {
    const key = `${visibility}/${folder}/${newId()}.${ext}`;
    const target = this.resolve(key);
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(target, buffer);
    } catch (err) {
      await fsp.rm(target, { force: true }).catch(() => undefined);
      throw storageError(err);
    }
    return key;
  }

  /**
   * Copies a stored file under a new generated name in `folder` of the same area: a saved reply's
   * file sent with a message becomes the request's own, so deleting the reply later leaves it.
   */
  async copy(key: string, folder: string): Promise<string> {
    const visibility = key.split('/')[0] === 'public' ? 'public' : 'private';
    const target = `${visibility}/${folder}/${newId()}${path.extname(key)}`;
    const to = this.resolve(target);
    try {
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.copyFile(this.resolve(key), to);
    } catch (err) {
      await fsp.rm(to, { force: true }).catch(() => undefined);
      throw storageError(err);
    }
    return target;
  }

  async discard(files: TempFile[]): Promise<void> {
    await Promise.all(files.map((f) => fsp.rm(f.tempPath, { force: true })));
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (key) await fsp.rm(this.resolve(key), { force: true });
  }

  /** Absolute path of a key; refuses anything that would leave the uploads folder. */
  resolve(key: string): string {
    const target = path.resolve(this.root, key);
    if (!target.startsWith(this.root + path.sep)) throw new HttpError(404, 'Not found.');
    return target;
  }

  /** Public files are served as /uploads/public/…; the URL carries a version for cache busting. */
  publicUrl(key: string, version: string | number = ''): string {
    return `/uploads/${key}${version ? `?v=${encodeURIComponent(String(version))}` : ''}`;
  }

  /**
   * A short-lived signed link for a private file (default 1 hour). Signed inside an
   * authenticated request, it names its viewer (`u`, lib/link-viewer.ts): the handler that
   * serves it checks that this user may still see the file.
   */
  signedUrl(key: string, name: string, ttlSeconds = 3600): string {
    // Long-lived links expire on a 10-minute step, so the same link is handed
    // out for a while: a list of 200 requests then costs map lookups instead of
    // 200 HMACs (a third of GET /queries/me's CPU), and browsers can cache the file.
    const now = Math.floor(Date.now() / 1000);
    const exp =
      ttlSeconds >= SIGNED_STEP_SECONDS ? Math.ceil((now + ttlSeconds) / SIGNED_STEP_SECONDS) * SIGNED_STEP_SECONDS : now + ttlSeconds;
    const viewer = linkViewer.getStore();
    const payload = linkPayload(key, name, String(exp), viewer);
    let sig = this.signatures.get(payload);
    if (sig === undefined) {
      sig = this.sign(payload);
      if (this.signatures.size >= 10_000) this.signatures.clear();
      this.signatures.set(payload, sig);
    }
    return `/uploads/${key}?name=${encodeURIComponent(name)}&exp=${exp}${viewer ? `&u=${encodeURIComponent(viewer)}` : ''}&sig=${sig}`;
  }

  private readonly signatures = new Map<string, string>();

  /** True when the signature is ours for this key, name, expiry and viewer (`u` of the link, if any) and not expired. */
  verifySignature(key: string, name: string, exp: string, sig: string, viewer?: string): boolean {
    if (!/^\d+$/.test(exp) || Number(exp) < Date.now() / 1000) return false;
    const expected = Buffer.from(this.sign(linkPayload(key, name, exp, viewer)));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  private async moveInto(from: string, key: string): Promise<void> {
    const target = this.resolve(key);
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(from, target);
    } catch (err) {
      throw storageError(err);
    }
  }
}

/** A disk failure as the 507/503 the client sees; anything else unchanged. */
export function storageError(err: unknown): unknown {
  if (err instanceof HttpError || !isDiskError(err)) return err;
  const { status, message } = diskAnswer(err);
  return new HttpError(status, message);
}

async function isPlainText(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    return !buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

export const IMAGE_EXTENSIONS = Object.keys(FILE_KINDS.image.types);
