// The site is pre-rendered once but may be served under any address: Astro
// builds every absolute URL (canonical and Open Graph links, JSON-LD,
// robots.txt, the sitemaps) with this placeholder origin, and the server puts
// the running PUBLIC_URL in its place when it first serves a file. `.invalid`
// is reserved (RFC 2606), so the placeholder can never be a real address.
// Why here and not at build or start: docs/decisions/0009-public-url-placed-when-served.md.
export const BUILD_ORIGIN = 'https://public-url.invalid';

const ENCODED_ORIGIN = encodeURIComponent(BUILD_ORIGIN);

/** Replaces the build placeholder (plain and URL-encoded, as in share links) by the running origin. */
export function withPublicOrigin(text: string, publicUrl: string): string {
  if (!text.includes('public-url.invalid')) return text;
  // Functions, not strings: a string replacement reads `$&`, `$1`… in the address as patterns.
  const encoded = encodeURIComponent(publicUrl);
  return text.replaceAll(BUILD_ORIGIN, () => publicUrl).replaceAll(ENCODED_ORIGIN, () => encoded);
}
