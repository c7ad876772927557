import fs from 'node:fs';
import path from 'node:path';

// What a built page makes the browser download before its screen can run, read from the build:
// the module entries its HTML names (module scripts and island entries: component, renderer,
// before-hydration) and every file those import statically. Files reached only through import()
// are listed apart: they load when the screen asks for them (Quill on the blog editor). Used by
// the build (island-preload.ts) and by the first-load budget (tests/e2e/first-load-js.ts).

// The minifier writes module specifiers with ", ' or ` quotes.
const STATIC = /(?:\bfrom\s*|\bimport\s*)(["'`])([^"'`]+\.js)\1/g;
const DYNAMIC = /\bimport\s*\(\s*(["'`])([^"'`]+\.js)\1\s*\)/g;
const ISLAND = /<astro-island\b[^>]*>/g;
const ISLAND_ENTRY = /(?:component|renderer|before-hydration)-url="([^"]+)"/g;

/** The entry modules of a page's islands; with `clientOnly`, of its `client:only` islands alone. */
export function islandEntries(html: string, clientOnly = false): string[] {
  const entries = new Set<string>();
  for (const [tag] of html.matchAll(ISLAND)) {
    if (clientOnly && !/\bclient="only"/.test(tag)) continue;
    for (const [, url] of tag.matchAll(ISLAND_ENTRY)) if (url) entries.add(url);
  }
  return [...entries];
}

export type ModuleGraph = { files: string[]; lazy: string[] };

/**
 * The files (URL paths under `dist`) that `entries` and the inline module code `inline` import
 * statically, the entries included, in the order they are found; and the files they import only
 * on demand.
 */
export function moduleGraph(dist: string, entries: Iterable<string>, inline: readonly string[] = []): ModuleGraph {
  const resolve = (spec: string, from: string) => new URL(spec, `http://x${from}`).pathname;
  const files = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...entries];
  for (const code of inline) for (const m of code.matchAll(STATIC)) queue.push(resolve(m[2]!, '/'));
  while (queue.length) {
    const url = queue.shift()!;
    if (files.has(url)) continue;
    files.add(url);
    const code = fs.readFileSync(path.join(dist, url), 'utf8');
    // import("x") also matches STATIC's `import "x"` shape only without the parenthesis, so the two never overlap.
    for (const m of code.matchAll(STATIC)) queue.push(resolve(m[2]!, url));
    for (const m of code.matchAll(DYNAMIC)) lazy.add(resolve(m[2]!, url));
  }
  for (const url of files) lazy.delete(url);
  return { files: [...files], lazy: [...lazy] };
}
