import { describe, expect, it } from 'vitest';
import { BUILD_ORIGIN, withPublicOrigin } from './public-origin.ts';

describe('withPublicOrigin', () => {
  const page = `<link rel="canonical" href="${BUILD_ORIGIN}/about-us/"><a href="https://x.example/share?u=${encodeURIComponent(`${BUILD_ORIGIN}/blog/`)}">`;

  it('puts the running address in place of the placeholder, plain and URL-encoded', () => {
    expect(withPublicOrigin(page, 'https://estimating.example.com')).toBe(
      '<link rel="canonical" href="https://estimating.example.com/about-us/"><a href="https://x.example/share?u=https%3A%2F%2Festimating.example.com%2Fblog%2F">',
    );
  });

  it('writes the address as it is, even where it holds replacement patterns such as $& or $1', () => {
    const placed = withPublicOrigin(page, 'https://example.com/a$&b$1');
    expect(placed).toContain('href="https://example.com/a$&b$1/about-us/"');
    expect(placed).not.toContain('public-url.invalid');
  });

  it('leaves a text without the placeholder as it is', () => {
    const text = '<p>No absolute link here.</p>';
    expect(withPublicOrigin(text, 'https://estimating.example.com')).toBe(text);
  });
});
