import yauzl from 'yauzl';
import { ListBudget } from './list-budget.ts';

// Lists a ZIP's central directory with yauzl: names and declared sizes only.
// Nothing is inflated or written to disk, so a ZIP bomb costs nothing to read.

export type ZipEntry = { name: string; size: number; packed: number; unsafe: boolean };
export type ZipIndex = {
  kind: 'zip';
  files: number;
  unpackedBytes: number;
  packedBytes: number;
  bomb: boolean;
  unsafeNames: number;
  entries: ZipEntry[];
  listedEntries: number;
  cut: boolean;
};

/** Entries kept in the index; the counts and totals cover all of them. */
const MAX_LISTED = 5000;

export type ZipLimits = { ratio: number; bytes: number; nameChars: number; listBytes: number };

/** A name that would land outside the folder it is unpacked into: ../, an absolute path or a drive letter. */
export function isUnsafeName(name: string): boolean {
  return /(^|[\\/])\.\.([\\/]|$)/.test(name) || /^[\\/]/.test(name) || /^[a-z]:/i.test(name);
}

/** A name longer than `max` characters, cut and ended with '…' so that it reads as cut. */
export function cutName(name: string, max: number): string {
  return name.length <= max ? name : `${name.slice(0, max - 1)}…`;
}

export function listZip(file: string, limits: ZipLimits): Promise<ZipIndex> {
  return new Promise((resolve, reject) => {
    // decodeStrings: false — yauzl would refuse '../' names outright; here they are listed and flagged.
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: false, strictFileNames: false },
      (err, zip) => {
        if (err || !zip) return reject(new Error(`not a readable ZIP (${err?.message ?? 'unknown error'})`));
        const index: ZipIndex = {
          kind: 'zip',
          files: 0,
          unpackedBytes: 0,
          packedBytes: 0,
          bomb: false,
          unsafeNames: 0,
          entries: [],
          listedEntries: 0,
          cut: false,
        };
        const budget = new ListBudget(limits.listBytes);
        zip.on('entry', (entry: yauzl.Entry) => {
          const raw = entry.fileName as unknown as Buffer;
          // Bit 11: the name is UTF-8; older archivers wrote CP437, read here as latin1.
          const name = raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
          const unsafe = isUnsafeName(name);
          if (unsafe) index.unsafeNames++;
          if (!name.endsWith('/')) {
            index.files++;
            index.unpackedBytes += entry.uncompressedSize;
            index.packedBytes += entry.compressedSize;
            const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
            if (ratio > limits.ratio && entry.uncompressedSize > 1024 * 1024) index.bomb = true;
            const listed = { name: cutName(name, limits.nameChars), size: entry.uncompressedSize, packed: entry.compressedSize, unsafe };
            if (index.entries.length < MAX_LISTED && budget.take(listed)) index.entries.push(listed);
            else index.cut = true;
          }
          zip.readEntry();
        });
        zip.on('end', () => {
          index.listedEntries = index.entries.length;
          const ratio = index.unpackedBytes / Math.max(index.packedBytes, 1);
          if (index.unpackedBytes > limits.bytes || (ratio > limits.ratio && index.unpackedBytes > 1024 * 1024)) index.bomb = true;
          resolve(index);
        });
        zip.on('error', (e: Error) => reject(new Error(`not a readable ZIP (${e.message})`)));
        zip.readEntry();
      },
    );
  });
}
