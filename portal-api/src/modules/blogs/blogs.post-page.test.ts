import { describe, expect, it } from 'vitest';
import { POST_SLOTS } from './blogs.rules.ts';
import { cutTemplate, renderPost } from './blogs.post-page.ts';
import type { Blog } from './blogs.schema.ts';

const blog: Blog = {
  _id: 'b1',
  slug: 'a-"quoted"-post',
  title: 'Slabs <b>&</b> "beams" __BLOG_POST__',
  subTitle: null,
  body: '<p>Mentions __BLOG_TITLE__ literally.</p>',
  image: '/uploads/public/blogs/x.webp?v=1&w=2',
  category: { _id: 'c1', name: 'Concrete & Steel' },
  tags: ['rebar', '<tag>'],
  status: 'published',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
} as unknown as Blog;

describe('the /blog/{slug} template', () => {
  it('is cut at its slot tokens only; other text that looks like a token stays', () => {
    const parts = cutTemplate(`<title>${POST_SLOTS.title}</title>__BLOG_OTHER__<a href="${POST_SLOTS.url}">${POST_SLOTS.body}`);
    expect(parts).toEqual(['<title>', { slot: 'title' }, '</title>__BLOG_OTHER__<a href="', { slot: 'url' }, '">', { slot: 'body' }, '']);
  });

  it('fills every slot escaped, once: text a post carries is never taken for a slot', () => {
    const page = renderPost(null, blog, 'https://example.test');
    expect(page).toContain('<title>Slabs &lt;b&gt;&amp;&lt;/b&gt; &quot;beams&quot; __BLOG_POST__ | Miami Estimating Services</title>');
    expect(page).toContain('<h1 class="post-title">Slabs &lt;b&gt;&amp;&lt;/b&gt; &quot;beams&quot; __BLOG_POST__</h1>');
    expect(page).toContain('<p>Mentions __BLOG_TITLE__ literally.</p>');
    expect(page.match(/<p>Mentions/g)).toHaveLength(1);
    expect(page).toContain('<link rel="canonical" href="https://example.test/blog/a-%22quoted%22-post">');
    expect(page).toContain('<meta property="og:image" content="https://example.test/uploads/public/blogs/x.webp?v=1&amp;w=2">');
    expect(page).toContain('<meta property="article:section" content="Concrete &amp; Steel" />');
    expect(page).toContain('<meta property="article:tag" content="&lt;tag&gt;" />');
    expect(page).toContain('"@type":"BlogPosting"');
    expect(page).not.toContain('<b>&</b>');
  });
});
