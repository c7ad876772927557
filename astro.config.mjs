// @ts-check
import { fileURLToPath } from 'node:url';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import precompress from './site/integrations/precompress.ts';

const apiPort = process.env.PORT ?? '4321';
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  site: process.env.PUBLIC_URL ?? 'http://127.0.0.1:4321',
  output: 'static',
  trailingSlash: 'ignore',
  // Styles inline: three render-blocking stylesheets held the public LCP back (issue 15);
  // the site's CSS is small enough to travel inside each page. Quill's stylesheet stays
  // a file: it belongs to the editor, which loads on demand (vite.build.assetsInlineLimit).
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [
    react(),
    mdx(),
    sitemap({
      filter: (page) =>
        !/\/(portal|request|my-queries|chat|client-profile|admin|admin-[a-z-]+|draft-blog|blog-upload|user|profile|login|signup|forgot-password|otp-verification|reset-password|blog\/post)\/?$/.test(
          new URL(page).pathname,
        ),
      // Published posts change without a rebuild: the server answers /sitemap-blog.xml (portal-api blogs.pages.ts).
      customSitemaps: [`${(process.env.PUBLIC_URL ?? 'http://127.0.0.1:4321').replace(/\/$/, '')}/sitemap-blog.xml`],
    }),
    precompress(),
  ],
  server: { port: 4322 },
  vite: {
    plugins: [toastOnDemand(), zodEnglishOnly()],
    // CSS: inline everywhere but the editor's; other assets: Vite's default (undefined).
    build: { assetsInlineLimit: (file) => (file.endsWith('.css') ? !/QuillEditor/.test(file) : undefined) },
    server: {
      proxy: {
        '/api': api,
        '/uploads': api,
        '/ws': { target: api.replace('http', 'ws'), ws: true },
      },
    },
  },
});

/**
 * In the browser build, `import { toast } from 'sonner'` anywhere in the islands gets
 * site/islands/ui/toast-on-demand.ts, which loads sonner when a toast is raised
 * (issue 15: first-load JavaScript). That module and the outlet (Toasts.tsx) still
 * reach the real sonner; the server-side render is left alone.
 * @returns {import('vite').Plugin}
 */
function toastOnDemand() {
  const onDemand = fileURLToPath(new URL('./site/islands/ui/toast-on-demand.ts', import.meta.url));
  const outlet = fileURLToPath(new URL('./site/islands/ui/Toasts.tsx', import.meta.url));
  return {
    name: 'toast-on-demand',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'sonner' || options?.ssr || !importer) return null;
      const from = importer.split('?')[0];
      return from === onDemand || from === outlet ? null : onDemand;
    },
  };
}

/**
 * zod's `z` namespace re-exports every locale (`export * as locales`), so a browser
 * bundle that imports the shared schemas carried ~50 of them: 89 KB gzipped on every
 * form page (issue 15: first-load JavaScript). The site uses only the default English
 * messages, so in the browser build that index is a module with `en` alone. The
 * server keeps zod as published.
 * @returns {import('vite').Plugin}
 */
function zodEnglishOnly() {
  const id = '\0zod-locales-en';
  const en = fileURLToPath(new URL('./node_modules/zod/v4/locales/en.js', import.meta.url));
  return {
    name: 'zod-english-only',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || !importer || source !== '../locales/index.js') return null;
      return /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(importer) ? id : null;
    },
    load(loaded) {
      return loaded === id ? `export { default as en } from ${JSON.stringify(en)};\n` : null;
    },
  };
}
