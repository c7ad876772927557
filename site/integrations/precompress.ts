import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AstroIntegration } from 'astro';

// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// build, once, at the best levels: the server's serveStatic sends the copy the
// browser accepts (portal-api/src/http/static.ts) instead of compressing the
// same bytes on every request.
// Files holding `skipHolding` (astro.config.mjs passes the build's placeholder
// origin) are skipped: the server sends them with the running PUBLIC_URL in its
// place, compressed once in memory (portal-api/src/http/public-origin.ts), so a
// copy of the placeholder bytes would never be sent.

const TEXT = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.has(path.extname(entry.name).toLowerCase())) yield full;
  }
}

export async function precompressDir(dir: string, skipHolding?: string): Promise<number> {
  const skip = skipHolding ? Buffer.from(skipHolding) : null;
  let count = 0;
  for await (const file of textFiles(dir)) {
    const body = await fs.readFile(file);
    if (body.length < MIN_BYTES || (skip && body.includes(skip))) continue;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip(body, { level: 9 }),
    ]);
    await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    count += 1;
  }
  return count;
}

/** Last in the list, so the files other integrations write at the end of the build (sitemaps) are included. */
export default function precompress(options: { skipHolding?: string } = {}): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await precompressDir(fileURLToPath(dir), options.skipHolding);
        logger.info(`${count} text files precompressed (.br, .gz)`);
      },
    },
  };
}
