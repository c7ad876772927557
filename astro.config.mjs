// @ts-check
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
    server: {
      proxy: {
        '/api': api,
        '/uploads': api,
        '/ws': { target: api.replace('http', 'ws'), ws: true },
      },
    },
  },
});
