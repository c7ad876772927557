import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { copyProject, ROOT, startNode, stopNode } from './site-project.ts';
import { until } from './until.ts';

// The real Astro build of a copy of the site: the running
// PUBLIC_URL in every absolute link, what the home, Privacy and Terms pages say,
// a rebuild that never leaves the server without a site, and a broken content
// file that cannot take the site down.

const PUBLIC_URL = 'https://estimating.example.com';
let project: string;
let dist: string;

// Two real builds in all (about 5–15 s each): the admin's rebuild publishes
// the copy's first build, which the PUBLIC_URL cases then serve, and
// `npm run build:site` rebuilds it beside a polling server. The failing
// builds stop at the content check, in a second or two.
beforeAll(() => {
  project = copyProject();
  dist = path.join(project, 'dist');
});

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe("the admin's rebuild", () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: dist });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  async function finished(): Promise<any> {
    return until(
      'the rebuild to finish',
      async () => {
        const res = await server.call('GET', '/api/site/rebuild', { token: admin });
        expect(res.status).toBe(200);
        return res.body.state !== 'running' && res.body;
      },
      170_000,
    );
  }

  it('is for admins only', async () => {
    const client = await createClient(server, admin);
    expect((await server.call('POST', '/api/site/rebuild', { token: client.token })).status).toBe(403);
    expect((await server.call('GET', '/api/site/rebuild')).status).toBe(401);
    const idle = await server.call('GET', '/api/site/rebuild', { token: admin });
    expect(idle.body).toMatchObject({ state: 'idle', available: true, error: null });
  });

  it('publishes the site, with a new trade page and its request option seeded from its content file', async () => {
    const concrete = fs.readFileSync(path.join(project, 'content/trades/concrete.md'), 'utf8');
    const glazing = concrete
      .replace(/^title: .*$/m, 'title: Glazing Estimating Services')
      .replace(/^path: .*$/m, 'path: /glazing')
      .replace(/^menuLabel: .*$/m, 'menuLabel: Glazing')
      .replace(/^order: .*$/m, 'order: 99')
      .replace(/^  subService: .*$/m, '  subService: Glazing');
    fs.writeFileSync(path.join(project, 'content/trades/glazing.md'), glazing);
    // Nothing built yet in this copy: the admin's rebuild is its first build.
    expect((await server.call('GET', '/glazing')).status).toBe(404);
    expect((await server.call('GET', '/about-us')).status).toBe(404);
    // The services list is read (and kept in the server's read cache) before the rebuild.
    const before = await server.call('GET', '/api/services');
    expect(before.body.find((s: any) => s.title === 'Sub-Contractor').subservices.map((s: any) => s.title)).not.toContain('Glazing');

    const started = await server.call('POST', '/api/site/rebuild', { token: admin });
    expect(started.status).toBe(202);
    expect(started.body.state).toBe('running');
    const again = await server.call('POST', '/api/site/rebuild', { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A rebuild is already running.');

    const outcome = await finished();
    expect(outcome).toMatchObject({ state: 'succeeded', error: null, message: 'The public site was rebuilt and is live.' });
    expect((await server.call('GET', '/glazing')).status).toBe(200);
    expect((await server.call('GET', '/about-us')).status).toBe(200);
    const services = await server.call('GET', '/api/services');
    const sub = services.body.find((s: any) => s.title === 'Sub-Contractor');
    expect(sub.subservices.map((s: any) => s.title)).toContain('Glazing');
  }, 180_000);

  it('reports every broken content file with its line and field, and keeps the site online', async () => {
    const file = path.join(project, 'content/trades/glazing.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^eyebrow:.*\n/m, ''));
    // A second file, broken in another way: a value of the wrong type on a known line.
    const company = path.join(project, 'content/company.yaml');
    const good = fs.readFileSync(company, 'utf8');
    const lines = good.split('\n');
    const geo = lines.findIndex((l) => /^ {2}latitude: /.test(l));
    lines[geo] = '  latitude: north';
    fs.writeFileSync(company, lines.join('\n'));
    try {
      expect((await server.call('POST', '/api/site/rebuild', { token: admin })).status).toBe(202);
      const outcome = await finished();
      expect(outcome.state).toBe('failed');
      expect(outcome.error).toContain('2 content files have errors');
      expect(outcome.error).toContain(`\ncontent/company.yaml:${geo + 1}:13 geo.latitude: Invalid input: expected number, received string`);
      // The front matter's first field is on line 2: the missing one is reported there.
      expect(outcome.error).toContain('\ncontent/trades/glazing.md:2:1 eyebrow: Required');
      expect((await server.call('GET', '/glazing')).status).toBe(200);
    } finally {
      fs.writeFileSync(company, good);
      fs.rmSync(file);
    }
  }, 180_000);
});

/** The process ids of Astro builds whose output folder sits beside `target` (their SITE_OUT_DIR). */
function buildsWritingBeside(target: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return fs
          .readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .some((v) => v.startsWith(`SITE_OUT_DIR=${target}.next-`));
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

describe('a server closing during a rebuild', () => {
  it('stops the build and keeps the last good one', async () => {
    const server = await startTestServer({ DIST_DIR: dist });
    const admin = await signInAdmin(server);
    const before = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const beforeAt = fs.statSync(path.join(dist, 'index.html')).mtimeMs;
    expect((await server.call('POST', '/api/site/rebuild', { token: admin })).status).toBe(202);
    await until(
      'the build under way',
      async () => (await server.call('GET', '/api/site/rebuild', { token: admin })).body.state === 'running',
    );
    await server.stop();
    // The build went with the server, so nothing can be swapped in later; nothing half-built is
    // left beside dist/.
    await expect.poll(() => buildsWritingBeside(dist), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => fs.readdirSync(project).filter((f) => /^dist\.(next|old)-/.test(f)), { timeout: 10_000 }).toEqual([]);
    expect(fs.statSync(path.join(dist, 'index.html')).mtimeMs).toBe(beforeAt);
    expect(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe(before);
  }, 60_000);
});

describe('PUBLIC_URL at run time', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: dist, PUBLIC_URL: PUBLIC_URL });
  });
  afterAll(() => server?.stop());

  it('puts the running address in robots.txt, the sitemaps, canonical links, JSON-LD and RSS', async () => {
    const robots = await server.call('GET', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap-index.xml`);

    const index = await server.call('GET', '/sitemap-index.xml');
    expect(index.body).toContain(`<loc>${PUBLIC_URL}/sitemap-0.xml</loc>`);
    expect(index.body).toContain(`<loc>${PUBLIC_URL}/sitemap-blog.xml</loc>`);
    const pages = await server.call('GET', '/sitemap-0.xml');
    expect(pages.body).toContain(`<loc>${PUBLIC_URL}/about-us/</loc>`);

    const page = await fetch(`${server.url}/about-us`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/about-us/"`);
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/about-us/"`);
    expect(html).toMatch(new RegExp(`"url":"${PUBLIC_URL.replace(/\./g, '\\.')}/"`));

    const rss = await server.call('GET', '/rss.xml');
    expect(rss.body).toContain(`<link>${PUBLIC_URL}/blog</link>`);

    // A post page, rendered by the server into the built shell, and the built 404 page.
    const slug = /<link>[^<]*\/blog\/([^<]+)<\/link>/.exec(rss.body)?.[1];
    expect(slug).toBeTruthy();
    const post = await (await fetch(`${server.url}/blog/${slug}`)).text();
    expect(post).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/${slug}"`);
    const missing = await fetch(`${server.url}/blog/no-such-post`);
    expect(missing.status).toBe(404);
    const notFound = await missing.text();
    // The blog listing, rendered by the server with its first posts into the built page.
    const listing = await fetch(`${server.url}/blog`);
    expect(listing.status).toBe(200);
    const listingHtml = await listing.text();
    expect(listingHtml).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/"`);
    expect(listingHtml).toContain(`/blog/${slug}`);

    // Nothing anywhere still carries the build's placeholder.
    for (const body of [robots.body, index.body, pages.body, html, rss.body, post, notFound, listingHtml])
      expect(body).not.toContain('public-url.invalid');

    // The tag is that of the bytes sent (with the address in them): it answers 304, with the page's policy.
    const again = await fetch(`${server.url}/about-us`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': page.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'));
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives another address other bytes and another ETag', async () => {
    const other = await startTestServer({ DIST_DIR: dist, PUBLIC_URL: 'https://other.example.org' });
    try {
      const a = await fetch(`${server.url}/robots.txt`);
      const b = await fetch(`${other.url}/robots.txt`);
      expect(await b.text()).toContain('Sitemap: https://other.example.org/sitemap-index.xml');
      expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    } finally {
      await other.stop();
    }
  });
});

describe('the built home, Privacy and Terms pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: dist });
  });
  afterAll(() => server?.stop());

  const html = async (urlPath: string) => {
    const res = await fetch(`${server.url}${urlPath}`);
    expect(res.status, urlPath).toBe(200);
    return res.text();
  };
  const between = (text: string, start: string, end: string) => text.slice(text.indexOf(start), text.indexOf(end, text.indexOf(start)));
  const headings = (text: string, level: number) =>
    [...text.matchAll(new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, 'g'))].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());

  it('the footer links to real Privacy and Terms pages written in content/legal', async () => {
    const footer = between(await html('/'), '<footer', '</footer>');
    expect(footer).toMatch(/<a href="\/privacy"[^>]*>Privacy Policy<\/a>/);
    expect(footer).toMatch(/<a href="\/terms"[^>]*>Terms of Service<\/a>/);

    const privacy = between(await html('/privacy'), '<main', '</main>');
    expect(headings(privacy, 1)).toEqual(['Privacy Policy']);
    expect(headings(privacy, 2)).toEqual(expect.arrayContaining(['What we keep', 'How long we keep it', 'Contact']));
    for (const kept of ['Your account.', 'Chat.', 'E-mail.', 'Logs.']) expect(privacy).toContain(`<strong>${kept}</strong>`);
    expect(between(privacy, '<address', '</address>')).toContain('estimates@miamiestimating.com');

    const terms = between(await html('/terms'), '<main', '</main>');
    expect(headings(terms, 1)).toEqual(['Terms of Service']);
    expect(headings(terms, 2)).toContain('Our estimates');
  });

  it('the phone is a Miami number, not a 555 placeholder, and Trusted by shows SVG wordmarks in the system fonts', async () => {
    const home = await html('/');
    const phone = /<a href="(tel:[^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(between(home, '<footer', '</footer>'));
    expect(phone?.[1]).toMatch(/^tel:\+1(305|786)\d{7}$/);
    expect(phone?.[1]).not.toMatch(/^tel:\+1\d{3}555/);
    expect(phone?.[2]!.replace(/<[^>]+>/g, '')).not.toContain('555');

    const trusted = between(home, '<section class="section trusted" aria-labelledby="trusted-heading"', '</section>');
    expect(headings(trusted, 2)[0]).toMatch(/^Trusted by/);
    const marks = [...trusted.matchAll(/<svg role="img" aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/svg>/g)];
    expect(marks.length).toBeGreaterThanOrEqual(6);
    expect(marks.map((m) => m[1])).toContain('Everglades Concrete');
    // Drawn with the system fonts: nothing is fetched for them.
    for (const [, name, svg] of marks) expect(svg, name).toMatch(/<text [^>]*font-family="system-ui,/);
  });
});

describe('rebuilding while serving', () => {
  it('never answers 404 (or anything but 200) while `npm run build:site` runs beside it and swaps the build in', async () => {
    const server = await startTestServer({ DIST_DIR: dist });
    try {
      // A hashed asset, served by serveStatic rather than from memory (the home page's
      // styles and scripts are inlined; its preloaded font is not).
      const asset = /\/_astro\/[^"']+\.(?:css|js|woff2)/.exec(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'))?.[0];
      const before = fs.statSync(path.join(dist, 'index.html')).mtimeMs;
      let done = false;
      const statuses: number[] = [];
      // `npm run build:site` in another process, as an operator would run it beside the server.
      const build = new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'portal-api/scripts/build-site.ts')], {
          cwd: project,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DIST_DIR: dist },
          stdio: 'ignore',
        });
        child.on('exit', (code) => resolve(code));
      }).finally(() => (done = true));
      while (!done) {
        for (const p of ['/', '/about-us', '/robots.txt', '/sitemap-index.xml', '/concrete', ...(asset ? [asset] : [])]) {
          const res = await fetch(`${server.url}${p}`);
          await res.arrayBuffer();
          statuses.push(res.status);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await build).toBe(0);
      expect(statuses.length).toBeGreaterThan(20);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      // The new build is in place and served.
      expect(fs.statSync(path.join(dist, 'index.html')).mtimeMs).toBeGreaterThan(before);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect(asset).toBeTruthy();
      expect(fs.readdirSync(project).filter((f) => /^dist\.(next|old)-/.test(f))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe('a broken content file', () => {
  const dataDirs: string[] = [];
  afterAll(() => dataDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  function breakConcrete(root: string): void {
    const file = path.join(root, 'content/trades/concrete.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^eyebrow:.*\n/m, ''));
  }

  it('at `npm start` keeps the last good build answering 200 and names the file and the field', async () => {
    breakConcrete(project);
    const dataDir = fs.mkdtempSync(path.join(project, 'data-'));
    dataDirs.push(dataDir);
    const before = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const started = startNode(project, ['--import', 'tsx', path.join(ROOT, 'portal-api/scripts/start.ts')], { DATA_DIR: dataDir });
    try {
      const url = await started.url;
      // One JSON line (the server's log), naming the file and the field.
      const line = started
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; error?: string })
        .find((l) => l.msg === 'site build at start failed; serving the last good build');
      expect(line?.error).toContain('content/trades/concrete.md');
      expect(line?.error).toMatch(/eyebrow: Required/);
      for (const p of ['/', '/about-us', '/concrete']) expect((await fetch(`${url}${p}`)).status).toBe(200);
      expect(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe(before);
    } finally {
      await stopNode(started);
    }
  }, 180_000);

  it('with no good build at all stops with that one message', async () => {
    const fresh = copyProject();
    try {
      breakConcrete(fresh);
      const started = startNode(fresh, ['--import', 'tsx', path.join(ROOT, 'portal-api/scripts/start.ts')], {
        DATA_DIR: path.join(fresh, 'data'),
      });
      expect(await started.exited).toBe(1);
      const output = started.output();
      expect(output).toMatch(
        /The site could not be built, and there is no earlier build to serve:\n1 content file has errors \(content\/README\.md lists every field\):\ncontent\/trades\/concrete\.md:2:1 eyebrow: Required\n/,
      );
      expect(output).not.toMatch(/^\s+at /m);
      expect(fs.existsSync(path.join(fresh, 'dist'))).toBe(false);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }, 180_000);
});
