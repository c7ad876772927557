// @ts-check
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { BUILD_ORIGIN } from './portal-api/src/http/public-origin.ts';
import { contentErrorOverlay } from './site/integrations/content-error-overlay.ts';

const apiPort = process.env.PORT ?? '4321';
const api = `http://127.0.0.1:${apiPort}`;
const devPort = Number(process.env.DEV_PORT ?? 4322);
// A build carries a placeholder origin that the server replaces with its
// PUBLIC_URL when it serves the files, so one build runs under any address.
// The dev server answers pages itself, so it uses its own address.
const site = process.env.ASTRO_DEV ? `http://127.0.0.1:${devPort}` : BUILD_ORIGIN;

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // portal-api/src/site/build.ts builds into a fresh folder and swaps it in.
  outDir: process.env.SITE_OUT_DIR ?? './dist',
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [react(), mdx(), contentErrorOverlay(), sitemap({ filter: (page) => !/\/(portal|request|my-queries|chat|client-profile|admin|admin-[a-z-]+|draft-blog|blog-upload|user|profile|login|signup|forgot-password|otp-verification|reset-password|blog\/post)\/?$/.test(new URL(page).pathname),
    // Published posts change without a rebuild: the server answers /sitemap-blog.xml (portal-api blogs.pages.ts).
    customSitemaps: [`${site}/sitemap-blog.xml`] })],
  server: { port: devPort },
  vite: {
    server: {
      proxy: {
        '/api': api,
        '/uploads': api,
        '/ws': { target: api.replace('http', 'ws'), ws: true },
      },
    },
  },
});
