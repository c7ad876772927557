import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import BlogListing from './BlogListing.tsx';

// /blog's island on a fresh installation, in jsdom against the real API: the three starter
// articles are the blog on day one, and the listing's own search finds each with a link to its page.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
}, 60_000);
afterAll(() => browser.stop());

/** A fresh installation's published posts, newest first: its starter articles (tests/api/starter-content.test.ts). */
const starters = async () => {
  const res = await browser.server.call('GET', '/api/blogs?status=published&pageSize=100');
  return res.body.data as Array<{ title: string; slug: string }>;
};

/** The titles of the cards in a list of posts, in order. */
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe("a fresh install's blog", () => {
  it('lists the three starter articles, newest first', async () => {
    const articles = await starters();
    expect(articles).toHaveLength(3);
    browser.visit('/blog');
    render(<BlogListing />);
    const list = await screen.findByRole('list', { name: 'Latest posts' });
    expect(titlesIn(list)).toEqual(articles.map((a) => a.title));
  });

  it("finds each starter article through the listing's search, with a link to its page", async () => {
    for (const article of await starters()) {
      browser.visit(`/blog?q=${encodeURIComponent(article.title)}`);
      render(<BlogListing />);
      const list = await screen.findByRole('list', { name: 'Matching posts' });
      const link = within(within(list).getByRole('heading', { level: 3, name: article.title })).getByRole('link', { name: article.title });
      expect(link.getAttribute('href')).toBe(`/blog/${article.slug}`);
      expect(titlesIn(list)).toEqual([article.title]);
      cleanup();
    }
  });
});
