import zlib from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

// Plan files made in code for the intake tests and the benchmark: PDFs with
// title blocks, broken PDFs, ZIPs (a bomb, '../' names), DWG headers.

export type SheetSpec = { number?: string; title?: string };

/** An 11×17 landscape set: notes top left (with a decoy reference), title block bottom right. */
export async function planSetPdf(sheets: SheetSpec[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const [i, sheet] of sheets.entries()) {
    const page = doc.addPage([1224, 792]);
    page.drawText('GENERAL NOTES', { x: 40, y: 740, size: 14, font: bold });
    page.drawText(`1. SEE DETAIL 3/A5.01 FOR WALL TYPES. PAGE ${i + 1}.`, { x: 40, y: 715, size: 9, font });
    page.drawText('ACME TOWER - 100 BISCAYNE BLVD, MIAMI FL', { x: 960, y: 150, size: 8, font });
    if (sheet.title) page.drawText(sheet.title, { x: 960, y: 95, size: 12, font: bold });
    page.drawText('SHEET NO.', { x: 1100, y: 70, size: 7, font });
    if (sheet.number) page.drawText(sheet.number, { x: 1100, y: 40, size: 22, font: bold });
  }
  return Buffer.from(await doc.save());
}

/**
 * `count` small pages, page i numbered A<i/100>.<i%100> in its corner, written
 * by hand (pdf-lib needs 20 s for 10,000 pages; this takes milliseconds).
 */
export function manyPagesPdf(count: number): Buffer {
  const objects: string[] = [];
  const add = (o: string) => objects.push(o); // object n is objects[n - 1]
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: string[] = [];
  for (let i = 0; i < count; i++) {
    const text = `BT /F1 14 Tf 540 20 Td (A${Math.floor(i / 100)}.${String(i % 100).padStart(2, '0')}) Tj ET`;
    add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 396] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${count} >>`;
  return writePdf(objects, '');
}

function writePdf(objects: string[], trailerExtra: string): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A one-page PDF encrypted with the standard security handler (RC4, R2) under
 * an unknown user password: the /U check fails, so a reader needs the password.
 */
export function encryptedPdf(): Buffer {
  const hex = (n: number) => Buffer.alloc(32, n).toString('hex');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(0x11)}> /U <${hex(0x22)}> /P -4 >>`,
  ];
  return writePdf(objects, ` /Encrypt 4 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>]`);
}

/** A stored-or-deflated ZIP written by hand (local headers, central directory, end record). */
export function zipOf(entries: Array<{ name: string; data: Buffer; deflate?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = e.deflate ? zlib.deflateRawSync(e.data, { level: 9 }) : e.data;
    const crc = zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A DWG header: the six-byte version code, then filler. */
export function dwgFile(code = 'AC1032'): Buffer {
  return Buffer.concat([Buffer.from(code, 'latin1'), Buffer.alloc(4096, 0)]);
}

/**
 * A one-page PDF of about 1 MB whose content stream unpacks to `mib` MiB of spaces and then a
 * title (a flate bomb, about 1000:1): what a hostile client sends to exhaust the reader's memory.
 */
export async function flateBombPdf(mib: number): Promise<Buffer> {
  const data = spacesThenText(mib, Buffer.from('BT /F1 24 Tf 500 40 Td (A-101 FLOOR PLAN) Tj ET'));
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/**
 * A zlib stream of `mib` MiB of spaces, then `text`. Compressing 1.5 GiB took 7 s of a test's time;
 * one MiB compressed after a full flush (which empties the compressor's window, so the block stands
 * alone) is repeated instead, and the checksum is worked out for the run of spaces.
 */
function spacesThenText(mib: number, text: Buffer): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20, 0x20), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const tail = zlib.deflateRawSync(text, { level: 9 });
  // Adler-32 of n bytes c: a = 1 + n·c, b = n + c·n(n+1)/2 (mod 65521); then the text byte by byte.
  const M = 65521n;
  const n = BigInt(mib) << 20n;
  let a = Number((1n + n * 0x20n) % M);
  let b = Number((n + (0x20n * n * (n + 1n)) / 2n) % M);
  for (const byte of text) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(((b << 16) | a) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(mib).fill(block), tail, checksum]);
}
