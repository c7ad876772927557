import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preloadIslands } from './island-preload.ts';

let dir: string;
const island = (client: string, component: string) =>
  `<astro-island uid="1" component-url="${component}" renderer-url="/_astro/client.js" client="${client}"></astro-island>`;
const page = (body: string) => `<!doctype html><html><head><title>x</title></head><body>${body}</body></html>`;
const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

// A fresh build folder per test: the step rewrites the pages it reads, so none may see another's.
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'island-preload-'));
  await fs.mkdir(path.join(dir, '_astro'));
  await fs.mkdir(path.join(dir, 'admin-chat'));
  const js: Record<string, string> = {
    // The island's entry, two levels of static imports below it, and one file it loads on demand.
    'Screen.js': `import{a as b}from"./shell.js";import"./framework.js";const q=()=>import("./Editor.js");`,
    'shell.js': `import{c}from'./framework.js';import{d}from"./session.js";`,
    'session.js': 'export const d=1;',
    'framework.js': 'export const c=1;',
    'Editor.js': `import"./quill.js";`,
    'quill.js': 'export {};',
    'client.js': `import"./framework.js";`,
    'Contact.js': 'export {};',
  };
  for (const [file, code] of Object.entries(js)) await fs.writeFile(path.join(dir, '_astro', file), code);
  await fs.writeFile(path.join(dir, 'admin-chat', 'index.html'), page(island('only', '/_astro/Screen.js')));
  // A public page's island waits for the visitor: its code must not load with the page.
  await fs.writeFile(path.join(dir, 'index.html'), page(island('visible', '/_astro/Contact.js')));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the island preload build step', () => {
  it("names every static import of a client:only island in the page's head, and nothing it loads on demand", async () => {
    expect(await preloadIslands(dir)).toBe(1);
    const html = await fs.readFile(path.join(dir, 'admin-chat', 'index.html'), 'utf8');
    expect(links(html).sort()).toEqual(
      ['/_astro/Screen.js', '/_astro/client.js', '/_astro/framework.js', '/_astro/session.js', '/_astro/shell.js'].sort(),
    );
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves a page whose islands wait for the visitor as it was, and adds nothing twice', async () => {
    expect(await preloadIslands(dir)).toBe(1);
    expect(links(await fs.readFile(path.join(dir, 'index.html'), 'utf8'))).toEqual([]);
    expect(await preloadIslands(dir)).toBe(0);
    expect(links(await fs.readFile(path.join(dir, 'admin-chat', 'index.html'), 'utf8'))).toHaveLength(5);
  });
});
