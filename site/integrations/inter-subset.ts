import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import subsetFont from 'subset-font';
import { INTER_FACES, INTER_SOURCE, INTER_WEIGHT } from '../fonts/inter-faces.ts';

// Cuts the faces of site/fonts/inter-faces.ts out of the installed @fontsource-variable/inter
// before Astro starts (build, dev, check), into site/fonts/generated/ (not committed): nothing
// is fetched, and the fonts follow the package when it is updated. hb-subset (HarfBuzz, through
// subset-font) keeps every layout feature and limits the weight axis.

const here = path.dirname(fileURLToPath(import.meta.url));
export const GENERATED_DIR = path.resolve(here, '../fonts/generated');

async function mtime(file: string): Promise<number> {
  return (await fs.stat(file).catch(() => null))?.mtimeMs ?? 0;
}

/** Writes the faces that are missing or older than the source font or their definition; returns how many. */
export async function writeInterFaces(outDir = GENERATED_DIR): Promise<number> {
  const source = createRequire(import.meta.url).resolve(INTER_SOURCE);
  const inputs = [source, path.join(here, '../fonts/inter-faces.ts'), fileURLToPath(import.meta.url)];
  const newestInput = Math.max(...(await Promise.all(inputs.map(mtime))));
  const stale = [];
  for (const face of INTER_FACES) if ((await mtime(path.join(outDir, face.file))) < newestInput) stale.push(face);
  if (!stale.length) return 0;
  const font = await fs.readFile(source);
  await fs.mkdir(outDir, { recursive: true });
  for (const face of stale) {
    const subset = await subsetFont(font, face.text, { targetFormat: 'woff2', variationAxes: { wght: { ...INTER_WEIGHT, default: 400 } } });
    await fs.writeFile(path.join(outDir, face.file), subset);
  }
  return stale.length;
}

export default function interSubset(): AstroIntegration {
  return {
    name: 'inter-subset',
    hooks: {
      'astro:config:setup': async ({ logger }) => {
        const written = await writeInterFaces();
        if (written) logger.info(`${written} Inter face(s) written to ${path.relative(process.cwd(), GENERATED_DIR)}`);
      },
    },
  };
}
