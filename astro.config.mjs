// @ts-check
import { fileURLToPath } from 'node:url';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { BUILD_ORIGIN } from './portal-api/src/http/public-origin.ts';
import { contentErrorOverlay } from './site/integrations/content-error-overlay.ts';
import interSubset from './site/integrations/inter-subset.ts';
import precompress from './site/integrations/precompress.ts';

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
  // Styles inline: three render-blocking stylesheets held the public LCP back (issue 15);
  // the site's CSS is small enough to travel inside each page. Quill's stylesheet stays
  // a file: it belongs to the editor, which loads on demand (vite.build.assetsInlineLimit).
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [
    interSubset(),
    // The islands are written against React's API and rendered by Preact through
    // preact/compat (issue 15: React 19's react-dom client alone was 63 KB gz on every
    // portal page). `compat` aliases react, react-dom and react/jsx-runtime to it.
    preact({ compat: true }),
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
    precompress({ skipHolding: BUILD_ORIGIN }),
  ],
  server: { port: devPort },
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
