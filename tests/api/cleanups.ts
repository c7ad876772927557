import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Undo steps a test registers (stop a server, drop a database, remove a folder), run newest
 * first after each test; one that fails does not keep the others from running.
 */
export function cleanupAfterEach() {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });
  /** A fresh folder under the system's temp folder, removed after the test. */
  const tempDir = async (prefix: string): Promise<string> => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    return dir;
  };
  return { cleanups, tempDir };
}
