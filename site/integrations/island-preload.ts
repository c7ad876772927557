import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { islandEntries, moduleGraph } from './module-graph.ts';

// Names, in the <head> of each page with a client:only island (the portal and admin screens),
// every module the island imports statically, as <link rel="modulepreload">. Astro's island
// loader imports the island's entry only once its script runs, and the browser then finds the
// entry's imports, and theirs, one level at a time: on /admin-chat/{id} the last of 24 files
// started six round trips after the page. Named in the HTML, they all start with the page.
// Islands that wait for the visitor (client:visible, client:idle on the public pages) are left
// alone: their code must not load before they are needed. docs/decisions/0010-island-preload.md
// has the figures.

/** Adds the links to one page's HTML; the HTML unchanged when it has no client:only island or has them already. */
export function withIslandPreloads(html: string, dist: string): string {
  const entries = islandEntries(html, true);
  if (!entries.length || html.includes('rel="modulepreload"')) return html;
  const links = moduleGraph(dist, entries)
    .files.map((url) => `<link rel="modulepreload" href="${url}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

/** Adds the links to every page of a build; returns how many pages got them. */
export async function preloadIslands(dist: string): Promise<number> {
  let pages = 0;
  for (const name of await fs.readdir(dist, { recursive: true })) {
    if (!name.endsWith('.html')) continue;
    const file = path.join(dist, name);
    const html = await fs.readFile(file, 'utf8');
    const linked = withIslandPreloads(html, dist);
    if (linked === html) continue;
    await fs.writeFile(file, linked);
    pages++;
  }
  return pages;
}

export default function islandPreload(): AstroIntegration {
  return {
    name: 'island-preload',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        logger.info(`module preloads on ${await preloadIslands(fileURLToPath(dir))} pages`);
      },
    },
  };
}
