import fsp from 'node:fs/promises';

// The first six bytes of a DWG name the format version (Open Design
// Specification for .dwg files, §2 "R13–R2018 file header").
const RELEASES: Record<string, string> = {
  'MC0.0': 'Release 1.1',
  'AC1.2': 'Release 1.2',
  'AC1.40': 'Release 1.40',
  'AC1.50': 'Release 2.05',
  'AC2.10': 'Release 2.10',
  AC1001: 'Release 2.2',
  AC1002: 'Release 2.5',
  AC1003: 'Release 2.6',
  AC1004: 'Release 9',
  AC1006: 'Release 10',
  AC1009: 'Release 11/12',
  AC1012: 'Release 13',
  AC1014: 'Release 14',
  AC1015: 'AutoCAD 2000',
  AC1018: 'AutoCAD 2004',
  AC1021: 'AutoCAD 2007',
  AC1024: 'AutoCAD 2010',
  AC1027: 'AutoCAD 2013',
  AC1032: 'AutoCAD 2018',
};

export type DwgIndex = { kind: 'dwg'; code: string; release: string };

export async function dwgVersion(file: string): Promise<DwgIndex> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(6);
    const { bytesRead } = await handle.read(head, 0, 6, 0);
    const code = head.subarray(0, bytesRead).toString('latin1').replace(/\0.*$/, '');
    const known = RELEASES[code] ?? RELEASES[code.slice(0, 5)];
    if (known) return { kind: 'dwg', code, release: known };
    if (/^AC\d{4}$/.test(code)) return { kind: 'dwg', code, release: 'a newer AutoCAD release' };
    throw new Error('not a DWG file (unknown header)');
  } finally {
    await handle.close();
  }
}
