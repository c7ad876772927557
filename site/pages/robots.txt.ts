import type { APIRoute } from 'astro';

// The sitemap URL must be absolute, so robots.txt is built with the site's origin (PUBLIC_URL).
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('http://127.0.0.1:4321');
  const body = [
    'User-agent: *',
    'Allow: /',
    // Signed-in areas and the API have nothing to index.
    ...[
      '/api/',
      '/uploads/',
      '/portal',
      '/request',
      '/my-queries',
      '/chat',
      '/client-profile',
      '/admin',
      '/draft-blog',
      '/blog-upload',
      '/user',
      '/profile',
    ].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
