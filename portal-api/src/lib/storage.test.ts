import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { cleanFileName, nameForType, Storage } from './storage.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let dataDir: string;
let storage: Storage;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  storage = new Storage(dataDir, new Uint8Array(32).fill(7), 1024 * 1024);
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function multipart(parts: Array<[string, string | Blob, string?]>): Request {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  return new Request('http://x/upload', { method: 'POST', body: form });
}

async function tempFiles() {
  return fs.readdir(path.join(dataDir, 'uploads', 'tmp'));
}

describe('cleanFileName', () => {
  it('keeps only a harmless base name', () => {
    expect(cleanFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanFileName('C:\\Users\\me\\plans.dwg')).toBe('plans.dwg');
    expect(cleanFileName('..hidden')).toBe('hidden');
    expect(cleanFileName('a\u0000b<>|.pdf')).toBe('ab.pdf');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('x'.repeat(400) + '.pdf')).toHaveLength(200);
    // No bidirectional overrides or marks: the name reads as it saves.
    expect(cleanFileName('\u202Efdp.exe')).toBe('fdp.exe');
    expect(cleanFileName('plans\u2067\u200F.pdf\u2069')).toBe('plans.pdf');
    expect(cleanFileName('مخطط.pdf')).toBe('مخطط.pdf');
  });
});

describe('Storage.receive', () => {
  it('streams fields and files to temporary files', async () => {
    const { fields, files } = await storage.receive(
      multipart([
        ['message', 'Takeoff for a 3-storey office'],
        ['files[]', new Blob([PDF]), 'A-101 plans.pdf'],
      ]),
      { maxFiles: 5 },
    );
    expect(fields.message).toBe('Takeoff for a 3-storey office');
    expect(files).toHaveLength(1);
    expect(files[0]!.originalName).toBe('A-101 plans.pdf');
    expect(files[0]!.size).toBe(PDF.length);
    expect(await fs.readFile(files[0]!.tempPath)).toEqual(PDF);
  });

  it('refuses a file over the limit with 413 and leaves no partial file', async () => {
    const big = new Blob([Buffer.alloc(2 * 1024 * 1024, 1)]);
    const err = await storage.receive(multipart([['files[]', big, 'huge.pdf']]), { maxFiles: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(413);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses too many files and unexpected file fields, cleaning up', async () => {
    const tooMany = await storage
      .receive(
        multipart([
          ['files[]', new Blob([PDF]), 'a.pdf'],
          ['files[]', new Blob([PDF]), 'b.pdf'],
        ]),
        { maxFiles: 1 },
      )
      .catch((e: unknown) => e);
    expect((tooMany as HttpError).status).toBe(400);
    const wrongField = await storage
      .receive(multipart([['avatar', new Blob([PNG]), 'a.png']]), { maxFiles: 1, fileFields: ['files[]'] })
      .catch((e: unknown) => e);
    expect((wrongField as HttpError).status).toBe(400);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const req = new Request('http://x', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(((await storage.receive(req, { maxFiles: 1 }).catch((e: unknown) => e)) as HttpError).status).toBe(415);
  });

  it('refuses malformed multipart with 400', async () => {
    const req = new Request('http://x', {
      method: 'POST',
      body: '--zzz\r\ngarbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(((await storage.receive(req, { maxFiles: 1 }).catch((e: unknown) => e)) as HttpError).status).toBe(400);
    const noBoundary = new Request('http://x', { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(((await storage.receive(noBoundary, { maxFiles: 1 }).catch((e: unknown) => e)) as HttpError).status).toBe(400);
    expect(await tempFiles()).toEqual([]);
  });
});

describe('Storage.store', () => {
  it('sniffs the content, stores under a generated name and keeps the original name as data', async () => {
    const { files } = await storage.receive(multipart([['files[]', new Blob([PDF]), '../../etc/passwd.pdf']]), { maxFiles: 1 });
    const stored = await storage.store(files[0]!, 'plan', 'private', 'queries');
    expect(stored.name).toBe('passwd.pdf');
    expect(stored.type).toBe('application/pdf');
    expect(stored.key).toMatch(/^private\/queries\/[a-z0-9]+\.pdf$/);
    expect(await fs.readFile(storage.resolve(stored.key))).toEqual(PDF);
    expect(await tempFiles()).toEqual([]);
  });

  // A PDF named plan.html downloaded as plan.html (a PDF/HTML polyglot opened from disk runs as a page).
  it('names a stored file by the type its content is, whatever it was called', async () => {
    for (const [given, kept] of [
      ['plan.html', 'plan.html.pdf'],
      ['invfdp.exe', 'invfdp.exe.pdf'],
      ['plans', 'plans.pdf'],
      ['Plans.PDF', 'Plans.PDF'],
    ]) {
      const { files } = await storage.receive(multipart([['files[]', new Blob([PDF]), given!]]), { maxFiles: 1 });
      expect((await storage.store(files[0]!, 'plan', 'private', 'queries')).name).toBe(kept);
    }
    expect(nameForType('site photo.jpeg', 'jpg')).toBe('site photo.jpeg');
    expect(nameForType('scan.TIFF', 'tif')).toBe('scan.TIFF');
    expect(nameForType('takeoff.xlsx', 'zip')).toBe('takeoff.xlsx.zip');
  });

  it('refuses content that does not match an accepted type with 415', async () => {
    const { files } = await storage.receive(multipart([['files[]', new Blob(['just text, not a PDF']), 'fake.pdf']]), { maxFiles: 1 });
    const err = await storage.store(files[0]!, 'plan', 'private', 'queries').catch((e: unknown) => e);
    expect((err as HttpError).status).toBe(415);
    const png = await storage.receive(multipart([['p', new Blob([PDF]), 'photo.png']]), { maxFiles: 1 });
    expect(((await storage.store(png.files[0]!, 'image', 'public', 'x').catch((e: unknown) => e)) as HttpError).status).toBe(415);
  });

  it('accepts CSV deliverables as text only', async () => {
    const { files } = await storage.receive(multipart([['f', new Blob(['item,qty\nrebar,12\n']), 'costs.csv']]), { maxFiles: 1 });
    const stored = await storage.store(files[0]!, 'deliverable', 'private', 'deliverables');
    expect(stored.type).toBe('text/csv');
  });

  it('never resolves a key outside the uploads folder', () => {
    expect(() => storage.resolve('../app.db')).toThrow();
    expect(() => storage.resolve('public/../../app.db')).toThrow();
  });
});
