import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTER_FACES } from '../fonts/inter-faces.ts';
import { writeInterFaces } from './inter-subset.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inter-subset-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the Inter subset build step', () => {
  it('writes each face as WOFF2, the preloaded one about half the 48 KB file it is cut from, and only once', async () => {
    expect(await writeInterFaces(dir)).toBe(INTER_FACES.length);
    for (const face of INTER_FACES) {
      const font = await fs.readFile(path.join(dir, face.file));
      expect(font.subarray(0, 4).toString('latin1'), face.file).toBe('wOF2');
    }
    const basic = (await fs.stat(path.join(dir, INTER_FACES[0]!.file))).size;
    expect(basic).toBeGreaterThan(10 * 1024);
    expect(basic).toBeLessThan(27 * 1024);
    expect(await writeInterFaces(dir)).toBe(0);
  });
});
