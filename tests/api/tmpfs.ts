import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';

// A real, tiny filesystem for disk-full tests: a tmpfs of
// `size` mounted on `dir`. Needs root (the test machine and CI run as root);
// returns null where mounting is not allowed, so the caller can fall back to
// an unwritable folder.

export async function mountTmpfs(dir: string, size: string): Promise<{ unmount: () => Promise<void> } | null> {
  await fs.mkdir(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return {
    unmount: async () => {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      } catch {
        // already gone
      }
    },
  };
}

/** Writes filler into `dir` until the filesystem refuses (ENOSPC); returns the filler's path. */
export async function fillDisk(dir: string): Promise<string> {
  const file = `${dir}/filler.bin`;
  const handle = await fs.open(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await handle.write(chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    await handle.close();
  }
  // Top off the last partial chunk, byte by byte in smaller steps.
  for (const size of [4096, 512, 1]) {
    try {
      for (;;) await fs.appendFile(file, Buffer.alloc(size, 1));
    } catch {
      // full at this granularity
    }
  }
  return file;
}
