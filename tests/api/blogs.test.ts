import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { inZone, otherDayZone } from '../far-zone.ts';

let server: TestServer;
let admin: string;
let client: string;
let categories: Array<{ _id: string; name: string }>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  client = (await createClient(server, admin)).token;
  categories = (await server.call('GET', '/api/categories')).body.data;
});
afterAll(async () => {
  await server?.stop();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 15, g: 42, b: 68 } } })
    .png()
    .toBuffer();

type Fields = Partial<Record<'title' | 'subTitle' | 'body' | 'category' | 'tags' | 'status' | 'removeImage', string>>;
function blogForm(fields: Fields, image?: { data: Buffer; name: string; type?: string }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  if (image) form.append('image', new Blob([new Uint8Array(image.data)], { type: image.type ?? 'image/png' }), image.name);
  return form;
}
const valid = (over: Fields = {}): Fields => ({
  title: 'How to price a concrete takeoff',
  subTitle: 'Quantities first, then unit costs',
  body: '<p>Start with the <strong>foundation plan</strong>.</p>',
  category: categories[0]!._id,
  tags: 'concrete, takeoff',
  status: 'published',
  ...over,
});
async function createBlog(fields: Fields, image?: Parameters<typeof blogForm>[1]) {
  const res = await server.call('POST', '/api/blogs', { form: blogForm(fields, image), token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Blog;
}
type Blog = {
  _id: string;
  slug: string;
  title: string;
  subTitle: string | null;
  body: string;
  status: string;
  tags: string[];
  image: string | null;
  category: { _id: string; name: string } | null;
  createdAt: string;
};

// ---- the XSS check: every tag and attribute of the output against the allow-list ----
const TAGS = new Set([
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'sub',
  'sup',
  'span',
  'img',
  'div',
]);
const ATTRS = new Set(['class', 'style', 'href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'data-list']);
function decode(value: string) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
function expectInert(html: string, label: string) {
  const tag = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g;
  const outside = html.replace(tag, '');
  expect(outside, `${label}: stray markup in ${html}`).not.toMatch(/[<>]/);
  for (const m of html.matchAll(tag)) {
    const name = m[2]!.toLowerCase();
    expect(TAGS.has(name), `${label}: tag <${name}> in ${html}`).toBe(true);
    for (const a of m[3]!.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) {
      const attr = a[1]!.toLowerCase();
      const value = decode(a[2] ?? '')
        .replace(/[\u0000-\u0020]/g, '')
        .toLowerCase();
      expect(ATTRS.has(attr), `${label}: attribute ${attr} in ${html}`).toBe(true);
      if (attr === 'href' || attr === 'src') {
        expect(value, `${label}: url in ${html}`).toMatch(/^(https?:|mailto:|tel:|\/(?!\/)|#|[a-z0-9._~-]+(\/|$|\?|#))/);
        expect(value).not.toMatch(/^(javascript|data|vbscript):/);
      }
      if (attr === 'style') {
        for (const decl of value.split(';').filter(Boolean))
          expect(decl, `${label}: style ${decl}`).toMatch(/^(color|background-color|text-align):[#a-z0-9(),.%]+$/);
      }
      if (attr === 'target') expect(value).toBe('_blank');
    }
    if (name === 'a' && !m[1]) expect(m[3], `${label}: link without rel`).toContain('rel="noopener noreferrer"');
  }
}

const XSS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" alt="x" onerror="alert(1)"//',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">b</a>',
  '<a href="java&#x09;script:alert(1)">c</a>',
  '<a href=" &#14; javascript:alert(1)">d</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">e</a>',
  '<a href="vbscript:msgbox(1)">f</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">g</a>',
  '<a href="//evil.example/">h</a>',
  '<a href="https://ok.example/" onclick="alert(1)" target="_top">ok</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit value=go></form>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href=javascript:alert(1)>',
  '<base href="javascript:/">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style>@import "javascript:alert(1)";</style><p>after</p>',
  '<p style="background:url(javascript:alert(1))">bg</p>',
  '<div style="width: expression(alert(1))">expr</div>',
  '<p style="color: expression(alert(1))">expr2</p>',
  '<p style="color:red;behavior:url(x.htc)">htc</p>',
  '<template><script>alert(1)</script></template>',
  '<p>unclosed <strong>bold <em>italic',
  '<p class="ql-align-center x-evil" id="x" data-x="1">classes</p>',
  '<li data-list="bullet" onmouseover="alert(1)">li</li>',
  '<p>"><script>alert(1)</script></p>',
  '<a href="https://ok.example/?q=<script>">q</a>',
];

describe('categories', () => {
  it('lists the seeded categories for anyone', async () => {
    const res = await server.call('GET', '/api/categories');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Estimating Tips', 'Company News']));
    expect(res.body.data[0]).toEqual({ _id: expect.any(String), name: expect.any(String) });
    // One page of all of them, with the paging fields of the other {data} lists (the OpenAPI document).
    expect(res.body).toMatchObject({ page: 1, pageSize: res.body.data.length, total: res.body.data.length });
  });

  it('lets only an admin add one, and refuses a duplicate in any letter case with 409', async () => {
    expect((await server.call('POST', '/api/categories', { json: { name: 'Takeoffs' } })).status).toBe(401);
    expect((await server.call('POST', '/api/categories', { json: { name: 'Takeoffs' }, token: client })).status).toBe(403);
    const created = await server.call('POST', '/api/categories', { json: { name: '  Takeoffs  ' }, token: admin });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ _id: expect.any(String), name: 'Takeoffs' });
    const dup = await server.call('POST', '/api/categories', { json: { name: 'takeoffs' }, token: admin });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: 'This category already exists.', code: 'already_exists' });
    expect((await server.call('POST', '/api/categories', { json: { name: ' ' }, token: admin })).body).toMatchObject({
      message: 'Please enter a category name.',
      code: 'invalid_input',
    });
    const names = (await server.call('GET', '/api/categories')).body.data.map((c: { name: string }) => c.name);
    expect(names.filter((n: string) => n.toLowerCase() === 'takeoffs')).toHaveLength(1);
  });
});

describe('writing blogs', () => {
  it('refuses anonymous callers (401) and clients (403) on every write', async () => {
    const blog = await createBlog(valid({ title: 'Guarded post' }));
    const writes: Array<[string, string, Parameters<TestServer['call']>[2]]> = [
      ['POST', '/api/blogs', { form: blogForm(valid()) }],
      ['PUT', `/api/blogs/${blog._id}`, { form: blogForm({ title: 'Hacked' }) }],
      ['DELETE', `/api/blogs/${blog._id}`, {}],
      ['PATCH', `/api/blogs/${blog._id}/status`, { json: { status: 'draft' } }],
      ['DELETE', '/api/blogs/multiple', { json: { blogIds: [blog._id] } }],
      ['POST', '/api/blogs/images', { form: blogForm({}, { data: await png(10, 10), name: 'a.png' }) }],
    ];
    for (const [method, url, options] of writes) {
      expect((await server.call(method, url, options)).status, `${method} ${url} anonymous`).toBe(401);
      expect((await server.call(method, url, { ...options, token: client })).status, `${method} ${url} client`).toBe(403);
    }
    const after = await server.call('GET', `/api/blogs/${blog._id}`);
    expect(after.body.data).toMatchObject({ title: 'Guarded post', status: 'published' });
  });

  it.each([
    ['title', { title: '   ' }],
    ['category', { category: '' }],
    ['body', { body: '' }],
    ['an empty editor', { body: '<p><br></p>' }],
    ['a body that is only a script', { body: '<script>alert(1)</script>' }],
  ])('answers "Please fill in all required fields." without %s', async (_label, over) => {
    const res = await server.call('POST', '/api/blogs', { form: blogForm(valid(over as Fields)), token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please fill in all required fields.', code: 'invalid_input' });
  });

  it('refuses an unknown category, an unknown status and a non-image file', async () => {
    expect((await server.call('POST', '/api/blogs', { form: blogForm(valid({ category: 'nope' })), token: admin })).body).toMatchObject({
      message: 'Please choose a category from the list.',
      code: 'invalid_input',
    });
    expect((await server.call('POST', '/api/blogs', { form: blogForm(valid({ status: 'live' })), token: admin })).status).toBe(400);
    const before = (await server.call('GET', '/api/blogs', { token: admin })).body.total;
    const fake = await server.call('POST', '/api/blogs', {
      form: blogForm(valid(), { data: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' }),
      token: admin,
    });
    expect(fake.status).toBe(415);
    expect((await server.call('GET', '/api/blogs', { token: admin })).body.total).toBe(before);
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads', 'tmp'))).toEqual([]);
  });

  it('creates a blog with the fields of docs/product.md §3, tags as an array and a converted image with a cache-buster', async () => {
    const blog = await createBlog(valid({ tags: ' concrete, Takeoff ,, concrete , rebar' }), {
      data: await png(3000, 2000),
      name: 'cover.png',
    });
    expect(blog).toMatchObject({
      title: 'How to price a concrete takeoff',
      subTitle: 'Quantities first, then unit costs',
      body: '<p>Start with the <strong>foundation plan</strong>.</p>',
      category: { _id: categories[0]!._id, name: categories[0]!.name },
      status: 'published',
      slug: expect.stringMatching(/^how-to-price-a-concrete-takeoff(-\d+)?$/),
    });
    expect(blog.tags).toEqual(['concrete', 'Takeoff', 'rebar']);
    expect(blog.image).toMatch(/^\/uploads\/public\/blogs\/[a-z0-9]+\.webp\?v=\d+$/);
    const img = await fetch(`${server.url}${blog.image}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
  });

  it('answers tags in the order they were typed, on create, update, read and in the listing', async () => {
    const blog = await createBlog(valid({ title: 'Tag order on a framing post', tags: 'zeta, alpha, Mid' }));
    expect(blog.tags).toEqual(['zeta', 'alpha', 'Mid']);
    const read = async () => (await server.call('GET', `/api/blogs/${blog._id}`)).body.data.tags;
    expect(await read()).toEqual(['zeta', 'alpha', 'Mid']);
    const put = await server.call('PUT', `/api/blogs/${blog._id}`, {
      form: blogForm({ tags: 'takeoff, Estimating, concrete' }),
      token: admin,
    });
    expect(put.status).toBe(200);
    expect(await read()).toEqual(['takeoff', 'Estimating', 'concrete']);
    const listed = (await server.call('GET', '/api/blogs?status=published&pageSize=50')).body.data as { _id: string; tags: string[] }[];
    expect(listed.find((b) => b._id === blog._id)?.tags).toEqual(['takeoff', 'Estimating', 'concrete']);
  });

  it('gives every blog a unique slug from its title', async () => {
    const a = await createBlog(valid({ title: 'Bidding 101: Miami’s Öffice Towers!' }));
    const b = await createBlog(valid({ title: 'Bidding 101 — Miami’s office towers' }));
    const c = await createBlog(valid({ title: 'bidding 101 miamis office towers' }));
    expect([a.slug, b.slug, c.slug]).toEqual([
      'bidding-101-miamis-office-towers',
      'bidding-101-miamis-office-towers-2',
      'bidding-101-miamis-office-towers-3',
    ]);
    expect((await createBlog(valid({ title: 'Tags' }))).slug).toBe('tags-2');
    expect((await createBlog(valid({ title: '!!!' }))).slug).toMatch(/^post(-\d+)?$/);
    expect((await server.call('GET', `/api/blogs/${b.slug}`)).body.data._id).toBe(b._id);
    // A title that reads as another blog's id: the id is taken, so its
    // own slug still leads to it.
    const named = await createBlog(valid({ title: a._id }));
    expect(named.slug).not.toBe(a._id);
    expect((await server.call('GET', `/api/blogs/${named.slug}`)).body.data._id).toBe(named._id);
  });

  it('follows the title with the slug only until the post is first published', async () => {
    const draft = await createBlog(valid({ title: 'Working title', status: 'draft' }));
    const renamed = (
      await server.call('PUT', `/api/blogs/${draft._id}`, { form: blogForm({ title: 'Final title for drywall' }), token: admin })
    ).body.data;
    expect(renamed.slug).toBe('final-title-for-drywall');
    await server.call('PATCH', `/api/blogs/${draft._id}/status`, { json: { status: 'published' }, token: admin });
    const again = (await server.call('PUT', `/api/blogs/${draft._id}`, { form: blogForm({ title: 'A better title' }), token: admin })).body
      .data;
    expect(again).toMatchObject({ title: 'A better title', slug: 'final-title-for-drywall' });
  });

  it('updates only the fields sent, replaces and removes the image and deletes the old file', async () => {
    const blog = await createBlog(valid({ title: 'Editable' }), { data: await png(800, 600), name: 'one.png' });
    const firstFile = path.join(server.dataDir, 'uploads', blog.image!.replace(/^\/uploads\//, '').replace(/\?.*$/, ''));
    expect(fs.existsSync(firstFile)).toBe(true);

    const res = await server.call('PUT', `/api/blogs/${blog._id}`, {
      form: blogForm({ subTitle: 'New sub', tags: 'framing' }, { data: await png(400, 300), name: 'two.png' }),
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Blog updated successfully!');
    expect(res.body.data).toMatchObject({
      title: 'Editable',
      subTitle: 'New sub',
      tags: ['framing'],
      body: blog.body,
      category: blog.category,
    });
    expect(res.body.data.image).not.toBe(blog.image);
    expect(fs.existsSync(firstFile)).toBe(false);

    const cleared = await server.call('PUT', `/api/blogs/${blog._id}`, {
      form: blogForm({ removeImage: 'true', body: '<p><br></p>' }),
      token: admin,
    });
    expect(cleared.body).toMatchObject({ message: 'Please fill in all required fields.', code: 'invalid_input' });
    const removed = await server.call('PUT', `/api/blogs/${blog._id}`, { form: blogForm({ removeImage: 'true' }), token: admin });
    expect(removed.body.data.image).toBeNull();
    expect((await server.call('PUT', '/api/blogs/unknown', { form: blogForm({ title: 'x' }), token: admin })).status).toBe(404);
  });

  it('stores uploaded body images as WebP for the editor', async () => {
    const res = await server.call('POST', '/api/blogs/images', {
      form: blogForm({}, { data: await png(2400, 100), name: 'wide.png' }),
      token: admin,
    });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/public\/blogs\/[a-z0-9]+\.webp$/);
    expect((await fetch(`${server.url}${res.body.url}`)).status).toBe(200);
    expect((await server.call('POST', '/api/blogs/images', { form: blogForm({ title: 'no file' }), token: admin })).status).toBe(400);
  });
});

describe('the body is sanitised on every write', () => {
  it('keeps the formats Quill writes', async () => {
    const quill =
      '<h2>Scope</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="https://example.com/x" rel="noopener noreferrer" target="_blank">link</a> x<sub>2</sub></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre data-language="plain">code</pre>' +
      '<p class="ql-align-center ql-indent-2"><span style="color: rgb(230, 0, 0);">red</span></p><p><img src="/uploads/public/blogs/abc.webp"></p>';
    const blog = await createBlog(valid({ title: 'Formats', body: quill }));
    for (const kept of [
      '<h2>Scope</h2>',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      '<s>s</s>',
      '<sub>2</sub>',
      '<ul><li>one</li></ul>',
      '<ol><li>two</li></ol>',
      '<blockquote>quote</blockquote>',
      '<pre>code</pre>',
      'class="ql-align-center ql-indent-2"',
      'style="color:rgb(230, 0, 0)"',
      '<img src="/uploads/public/blogs/abc.webp" alt="" />',
    ]) {
      expect(blog.body).toContain(kept);
    }
    expect(blog.body).toContain('<a rel="noopener noreferrer" href="https://example.com/x" target="_blank">link</a>');
    expectInert(blog.body, 'quill');
  });

  it('leaves nothing executable from an XSS corpus, on create and on update, in the API and on the page', async () => {
    const holder = await createBlog(valid({ title: 'XSS holder' }));
    for (const [i, payload] of XSS.entries()) {
      const body = `<p>before ${i}</p>${payload}`;
      const created = await server.call('POST', '/api/blogs', { form: blogForm(valid({ title: `XSS ${i}`, body })), token: admin });
      expect(created.status, payload).toBe(201);
      const read = (await server.call('GET', `/api/blogs/${created.body.data._id}`)).body.data;
      const row = await server.deps.db.selectFrom('blogs').select('body').where('id', '=', read._id).executeTakeFirstOrThrow();
      expect(row.body, 'stored already clean').toBe(read.body);
      expectInert(read.body, payload);
      expect(read.body).toContain(`before ${i}`);

      const updated = await server.call('PUT', `/api/blogs/${holder._id}`, { form: blogForm({ body }), token: admin });
      expectInert(updated.body.data.body, `update ${payload}`);

      const page = await fetch(`${server.url}/blog/${read.slug}`);
      const html = await page.text();
      const article = html.slice(
        html.indexOf('<div class="post-body prose">') + '<div class="post-body prose">'.length,
        html.indexOf('<p class="post-back">'),
      );
      expectInert(article.replace(/\n?<\/div>\n?$/, ''), `page ${payload}`);
    }
  });

  it('escapes the title and sub-title wherever they are shown', async () => {
    const blog = await createBlog(valid({ title: '<img src=x onerror=alert(1)> "quoted"', subTitle: '</title><script>alert(1)</script>' }));
    const html = await (await fetch(`${server.url}/blog/${blog.slug}`)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;');
    const rss = await (await fetch(`${server.url}/rss.xml`)).text();
    expect(rss).not.toContain('<script>');
  });

  // A control character in a sub-title made /rss.xml ill-formed XML for every reader.
  it('keeps /rss.xml well-formed when a title or sub-title holds a control character', async () => {
    await createBlog(valid({ title: 'Bell\u0007 ringing', subTitle: 'Back\u0008space and vertical\u000btab' }));
    const rss = await (await fetch(`${server.url}/rss.xml`)).text();
    expect(rss).toContain('Bell ringing');
    expect(rss).toContain('Backspace and verticaltab');
    // XML 1.0 allows tab, LF and CR only among the C0 characters.
    expect(rss).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });
});

describe('drafts never reach the public', () => {
  let draft: Blog;
  beforeAll(async () => {
    draft = await createBlog(
      valid({ title: 'Secret draft about roofing', status: 'draft', tags: 'secret-tag', body: '<p>unreleased roofing numbers</p>' }),
    );
  });

  it('is listed for an admin only', async () => {
    const mine = await server.call('GET', '/api/blogs?status=draft', { token: admin });
    expect(mine.body.data.map((b: Blog) => b._id)).toContain(draft._id);
    expect(mine.body.data.every((b: Blog) => b.status === 'draft')).toBe(true);
    expect((await server.call('GET', '/api/blogs?status=draft')).status).toBe(401);
    expect((await server.call('GET', '/api/blogs?status=draft', { token: client })).status).toBe(403);
    for (const token of [undefined, client]) {
      for (const url of [
        '/api/blogs',
        '/api/blogs?status=published',
        '/api/blogs?search=secret',
        '/api/blogs?tag=secret-tag',
        '/api/blogs?pageSize=100',
      ]) {
        const res = await server.call('GET', url, { token });
        expect(res.status).toBe(200);
        expect(
          res.body.data.map((b: Blog) => b._id),
          url,
        ).not.toContain(draft._id);
        expect(res.body.data.every((b: Blog) => b.status === 'published')).toBe(true);
      }
    }
  });

  it('is not found by id or slug, on the page, in the feed, the sitemap or the tag list', async () => {
    for (const token of [undefined, client]) {
      expect((await server.call('GET', `/api/blogs/${draft._id}`, { token })).status).toBe(404);
      expect((await server.call('GET', `/api/blogs/${draft.slug}`, { token })).status).toBe(404);
    }
    expect((await server.call('GET', `/api/blogs/${draft._id}`, { token: admin })).body.data.title).toBe(draft.title);
    const page = await fetch(`${server.url}/blog/${draft.slug}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('unreleased');
    for (const feed of ['/rss.xml', '/sitemap-blog.xml']) {
      const text = await (await fetch(`${server.url}${feed}`)).text();
      expect(text).not.toContain(draft.slug);
      expect(text).not.toContain('Secret draft');
    }
    expect(JSON.stringify((await server.call('GET', '/api/blogs/tags')).body)).not.toContain('secret-tag');
  });

  it('appears everywhere once published, and leaves when moved back to drafts', async () => {
    const res = await server.call('PATCH', `/api/blogs/${draft._id}/status`, { json: { status: 'published' }, token: admin });
    expect(res.body).toEqual({ success: true, message: 'Blog published successfully.' });
    expect((await server.call('GET', `/api/blogs/${draft.slug}`)).status).toBe(200);
    expect((await fetch(`${server.url}/blog/${draft.slug}`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/rss.xml`)).text()).toContain(draft.slug);
    expect(await (await fetch(`${server.url}/sitemap-blog.xml`)).text()).toContain(`/blog/${draft.slug}</loc>`);
    expect((await server.call('GET', '/api/blogs/tags')).body.data).toContainEqual({ tag: 'secret-tag', count: 1 });

    await server.call('PATCH', `/api/blogs/${draft._id}/status`, { json: { status: 'draft' }, token: admin });
    expect((await server.call('GET', `/api/blogs/${draft.slug}`)).status).toBe(404);
    expect((await fetch(`${server.url}/blog/${draft.slug}`)).status).toBe(404);
    expect((await server.call('PATCH', `/api/blogs/${draft._id}/status`, { json: { status: 'gone' }, token: admin })).status).toBe(400);
    expect((await server.call('PATCH', '/api/blogs/nope/status', { json: { status: 'published' }, token: admin })).status).toBe(404);
  });
});

describe('the public list', () => {
  let fresh: TestServer;
  let token: string;
  beforeAll(async () => {
    fresh = await startTestServer();
    token = await signInAdmin(fresh);
    // These expectations count only the posts made here: remove the starter
    // articles a fresh installation begins with (starter-content.test.ts).
    const starters = (await fresh.call('GET', '/api/blogs?status=published&pageSize=100')).body.data as Array<{ _id: string }>;
    await fresh.call('DELETE', '/api/blogs/multiple', { json: { blogIds: starters.map((b) => b._id) }, token });
    const cats = (await fresh.call('GET', '/api/categories')).body.data as Array<{ _id: string; name: string }>;
    const post = (title: string, category: string, tags: string, body: string, status = 'published') =>
      fresh.call('POST', '/api/blogs', { form: blogForm({ title, category, tags, body, status }), token });
    await post('Concrete pours in summer', cats[0]!._id, 'concrete, Weather', '<p>Hot weather concreting in Miami.</p>');
    await post('Roofing bids that win', cats[1]!._id, 'roofing', '<p>Underlayment and 100% coverage.</p>');
    await post('Drywall takeoff basics', cats[0]!._id, 'drywall, takeoff', '<p>Board, tape and mud.</p>');
    await post('Draft about concrete', cats[0]!._id, 'concrete', '<p>Concrete draft.</p>', 'draft');
    await post('Steel framing costs', cats[2]!._id, 'framing, weather', '<p>Light-gauge steel_studs.</p>');
  });
  afterAll(() => fresh?.stop());
  const titles = async (query: string) => {
    const res = await fresh.call('GET', `/api/blogs?status=published&${query}`);
    expect(res.status, query).toBe(200);
    return res.body;
  };

  it('pages newest first with page, pageSize and total', async () => {
    const first = await titles('page=1&pageSize=3');
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(first.data.map((b: Blog) => b.title)).toEqual(['Steel framing costs', 'Drywall takeoff basics', 'Roofing bids that win']);
    expect((await titles('page=2&pageSize=3')).data.map((b: Blog) => b.title)).toEqual(['Concrete pours in summer']);
    expect((await titles('page=9&pageSize=3')).data).toEqual([]);
    expect((await fresh.call('GET', '/api/blogs?pageSize=0')).status).toBe(400);
    expect((await fresh.call('GET', '/api/blogs?pageSize=101')).status).toBe(400);
    expect((await fresh.call('GET', '/api/blogs?page=abc')).status).toBe(400);
    // The sentence names the page, not the page size.
    expect((await fresh.call('GET', '/api/blogs?page=99999999999')).body).toMatchObject({
      message: 'The page can be at most 1,000,000.',
      code: 'invalid_input',
    });
  });

  it('filters by category (id or name), tag (any case) and search text', async () => {
    const cats = (await fresh.call('GET', '/api/categories')).body.data as Array<{ _id: string; name: string }>;
    const names = (body: { data: Blog[] }) => body.data.map((b) => b.title).sort();
    expect(names(await titles(`category=${cats[0]!._id}`))).toEqual(['Concrete pours in summer', 'Drywall takeoff basics']);
    expect(names(await titles(`category=${encodeURIComponent(cats[0]!.name.toUpperCase())}`))).toEqual([
      'Concrete pours in summer',
      'Drywall takeoff basics',
    ]);
    expect(names(await titles('tag=WEATHER'))).toEqual(['Concrete pours in summer', 'Steel framing costs']);
    expect(names(await titles(`tag=weather&category=${cats[2]!._id}`))).toEqual(['Steel framing costs']);
    expect(names(await titles('search=miami'))).toEqual(['Concrete pours in summer']);
    expect(names(await titles('search=ROOFING'))).toEqual(['Roofing bids that win']);
    expect(names(await titles('search=takeoff'))).toEqual(['Drywall takeoff basics']);
    expect(names(await titles('search=100%25'))).toEqual(['Roofing bids that win']);
    expect(names(await titles('search=l_g'))).toEqual([]);
    expect(names(await titles('search=steel_studs'))).toEqual(['Steel framing costs']);
    expect((await titles('search=nothing-matches-this')).total).toBe(0);
  });

  it('lists published tags with counts', async () => {
    const tags = (await fresh.call('GET', '/api/blogs/tags')).body.data;
    expect(tags[0]).toEqual({ tag: 'Weather', count: 2 });
    expect(tags).toContainEqual({ tag: 'concrete', count: 1 });
  });
});

describe('deleting', () => {
  it('deletes one blog and its image', async () => {
    const blog = await createBlog(valid({ title: 'Delete me' }), { data: await png(100, 100), name: 'x.png' });
    const file = path.join(server.dataDir, 'uploads', blog.image!.replace(/^\/uploads\//, '').replace(/\?.*$/, ''));
    const res = await server.call('DELETE', `/api/blogs/${blog._id}`, { token: admin });
    expect(res.body).toEqual({ success: true, message: 'Blog deleted successfully.' });
    expect(fs.existsSync(file)).toBe(false);
    expect((await server.call('GET', `/api/blogs/${blog._id}`, { token: admin })).status).toBe(404);
    expect((await server.call('DELETE', `/api/blogs/${blog._id}`, { token: admin })).status).toBe(404);
  });

  it('deletes several at once (the static path is not taken for an id)', async () => {
    const a = await createBlog(valid({ title: 'Bulk A' }));
    const b = await createBlog(valid({ title: 'Bulk B', status: 'draft' }));
    const keep = await createBlog(valid({ title: 'Bulk keep' }));
    const res = await server.call('DELETE', '/api/blogs/multiple', { json: { blogIds: [a._id, b._id] }, token: admin });
    expect(res.body).toEqual({ success: true, message: 'Blogs deleted successfully.' });
    for (const gone of [a, b]) expect((await server.call('GET', `/api/blogs/${gone._id}`, { token: admin })).status).toBe(404);
    expect((await server.call('GET', `/api/blogs/${keep._id}`)).status).toBe(200);
    expect((await server.call('DELETE', '/api/blogs/multiple', { json: { blogIds: [] }, token: admin })).body).toMatchObject({
      message: 'Please select at least one blog.',
      code: 'invalid_input',
    });
    expect((await server.call('DELETE', '/api/blogs/multiple', { json: { blogIds: ['nope'] }, token: admin })).status).toBe(404);
  });
});

describe('the post page, feed and sitemap', () => {
  it('renders a published post on the server with its Open Graph tags, and redirects an id to the slug', async () => {
    const blog = await createBlog(valid({ title: 'Estimating MEP in high-rises', subTitle: 'Risers, shafts and sleeves' }), {
      data: await png(1200, 630),
      name: 'og.png',
    });
    const res = await fetch(`${server.url}/blog/${blog.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const base = server.deps.config.publicUrl;
    expect(html).toContain('Estimating MEP in high-rises');
    expect(html).toMatch(/<meta property="og:title" content="Estimating MEP in high-rises[^"]*"/);
    expect(html).toContain('<meta property="og:description" content="Risers, shafts and sleeves"');
    expect(html).toContain(`<meta property="og:url" content="${base}/blog/${blog.slug}"`);
    expect(html).toContain(`<meta property="og:image" content="${base}${blog.image!.replace('?', '?')}`.replace(/&/g, '&amp;'));
    expect(html).toContain('<strong>foundation plan</strong>');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).not.toMatch(/__BLOG_[A-Z]+__/);

    const byId = await fetch(`${server.url}/blog/${blog._id}`, { redirect: 'manual' });
    expect(byId.status).toBe(301);
    expect(byId.headers.get('location')).toBe(`/blog/${blog.slug}`);
    const slash = await fetch(`${server.url}/blog/${blog.slug}/`, { redirect: 'manual' });
    expect(slash.headers.get('location')).toBe(`/blog/${blog.slug}`);
    expect((await fetch(`${server.url}/blog/no-such-post`)).status).toBe(404);
  });

  it("dates a post's page by its UTC day, also where the server's own clock shows another day", async () => {
    const blog = await createBlog(valid({ title: 'Takeoffs across time zones' }));
    const { utcDay, zone, dayThere } = otherDayZone(new Date(blog.createdAt));
    expect(dayThere).not.toBe(utcDay);
    // The server runs in this process.
    await inZone(zone, async () => {
      const html = await (await fetch(`${server.url}/blog/${blog.slug}`)).text();
      expect(html).toContain(`<time datetime="${blog.createdAt}">${utcDay}</time>`);
    });
  });

  it('serves an RSS 2.0 feed and a sitemap of published posts', async () => {
    const rss = await fetch(`${server.url}/rss.xml`);
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await rss.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>Estimating MEP in high-rises</title>');
    expect(xml).toMatch(/<pubDate>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT<\/pubDate>/);
    const map = await (await fetch(`${server.url}/sitemap-blog.xml`)).text();
    expect(map).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(map).toContain('/blog/estimating-mep-in-high-rises</loc>');
  });

  it('documents every blog path in the OpenAPI description with who may call it', async () => {
    const doc = (await server.call('GET', '/api/openapi.json')).body;
    expect(doc.paths['/blogs'].get.summary).toMatch(/Public/);
    expect(doc.paths['/blogs'].post.summary).toMatch(/Admin only\./);
    expect(doc.paths['/blogs/multiple'].delete.summary).toMatch(/Admin only\./);
    expect(doc.paths['/blogs/{id}/status'].patch.summary).toMatch(/Admin only\./);
    expect(doc.paths['/categories'].post.summary).toMatch(/Admin only\./);
  });
});
