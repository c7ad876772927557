// @ts-check
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { BUILD_ORIGIN } from './portal-api/src/http/public-origin.ts';
import { contentErrorOverlay } from './site/integrations/content-error-overlay.ts';
import interSubset from './site/integrations/inter-subset.ts';
import islandPreload from './site/integrations/island-preload.ts';
import precompress from './site/integrations/precompress.ts';

const apiPort = process.env.PORT ?? '4321';
const api = `http://127.0.0.1:${apiPort}`;
const devPort = Number(process.env.DEV_PORT ?? 4322);
// A build carries a placeholder origin that the server replaces with its
// PUBLIC_URL when it serves the files, so one build runs under any address.
// The dev server answers pages itself, so it uses its own address.
const site = process.env.ASTRO_DEV ? `http://127.0.0.1:${devPort}` : BUILD_ORIGIN;

const SHARED_LAYER =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@tanstack[\\/](query-core|react-query)|zustand|hono)[\\/]|[\\/]site[\\/](lib[\\/](api|auth-store|guards|routes|offline)|ui[\\/](IslandRoot|query-client|Toasts|toast-on-demand|toast-place|toast-touch|stale-page))\.tsx?$/;

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // portal-api/src/site/build.ts builds into a fresh folder and swaps it in.
  outDir: process.env.SITE_OUT_DIR ?? './dist',
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // Styles inline: three render-blocking stylesheets held the public LCP back;
  // the site's CSS is small enough to travel inside each page. Quill's stylesheet stays
  // a file: it belongs to the editor, which loads on demand (vite.build.assetsInlineLimit).
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [
    interSubset(),
    // React 19 renders every island (docs/decisions/0007-react-not-preact.md).
    react(),
    mdx(),
    contentErrorOverlay(),
    sitemap({
      filter: (page) =>
        !/\/(portal|request|my-queries|chat|client-profile|admin|admin-[a-z-]+|draft-blog|blog-upload|user|profile|login|signup|forgot-password|otp-verification|reset-password|blog\/post)\/?$/.test(
          new URL(page).pathname,
        ),
      // Published posts change without a rebuild: the server answers /sitemap-blog.xml (portal-api blogs.pages.ts).
      customSitemaps: [`${site}/sitemap-blog.xml`],
    }),
    // Before precompress: it adds to the pages' HTML.
    islandPreload(),
    precompress({ skipHolding: BUILD_ORIGIN }),
  ],
  server: { port: devPort },
  vite: {
    // CSS: inline everywhere but the editor's; other assets: Vite's default (undefined).
    build: {
      assetsInlineLimit: (file) => (file.endsWith('.css') ? !/QuillEditor/.test(file) : undefined),
      // React, React DOM and the layer every portal screen stands on (the query cache, the
      // typed client, the session store, the island root) travel as one file that every
      // page shares and the browser caches once (docs/decisions/0007-react-not-preact.md).
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: SHARED_LAYER }] } } },
    },
    server: {
      proxy: {
        '/api': api,
        '/uploads': api,
        '/ws': { target: api.replace('http', 'ws'), ws: true },
      },
    },
  },
});
