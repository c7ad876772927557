// What the public-site specs know about the pages: the routes of docs/product.md §2 and
// the copy each one must show, read from content/ (the single source of copy).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const field = (text: string, key: string, indent = '') => {
  const match = new RegExp(`^${indent}${key}: ['"]?(.+?)['"]?$`, 'm').exec(text);
  if (!match) throw new Error(`no ${key} in content`);
  return match[1]!.trim();
};

export type ContentPage = {
  path: string;
  h1: string;
  kind: 'home' | 'about' | 'contact' | 'blog' | 'service' | 'trade';
  request?: { service: string; subService?: string };
  faqCount?: number;
  /**
   * Whether its Markdown body (below the frontmatter) is plain prose: headings, paragraphs, emphasis
   * and lists, with no link, image, raw HTML or table.
   */
  plainBody?: boolean;
};

function markdownPages(dir: 'services' | 'trades'): ContentPage[] {
  return fs.readdirSync(path.join(root, 'content', dir)).map((file) => {
    const text = read(`content/${dir}/${file}`);
    const frontmatter = text.split(/^---$/m)[1]!;
    const request = /^request:\n((?:  .+\n)+)/m.exec(frontmatter)?.[1] ?? '';
    const subService = /^  subService: (.+)$/m.exec(request)?.[1];
    return {
      path: field(frontmatter, 'path'),
      h1: field(frontmatter, 'title'),
      kind: dir === 'services' ? 'service' : 'trade',
      request: { service: field(request, 'service', '  '), ...(subService ? { subService } : {}) },
      faqCount: (frontmatter.split(/^faq:$/m)[1]?.match(/^  - question:/gm) ?? []).length,
      plainBody: !/[[\]<>|]|!\[/.test(text.split(/^---$/m).slice(2).join('---')),
    } satisfies ContentPage;
  });
}

/** docs/product.md §2 "Public routes": every one must answer 200 with its heading. */
export const PUBLIC_PATHS = [
  '/',
  '/contactus',
  '/about-us',
  '/blog',
  '/general-contractor',
  '/public-bids-estimates',
  '/residential-bidding-estimates',
  '/commercial-bidding-estimates',
  '/sub-contractor',
  '/manufacture',
  '/Earthwork',
  '/concrete',
  '/framing',
  '/drywall',
  '/flooring',
  '/demolition',
  '/masonry',
  '/structure-steel',
  '/roofing',
  '/painting',
  '/landscaping',
  '/mep',
  '/interior-finishes-estimation',
  '/insulation',
  '/finishes',
  '/furnishing',
] as const;

export const CONTENT_PAGES: ContentPage[] = [
  { path: '/', h1: field(read('content/home.yaml'), 'heading', '    '), kind: 'home', faqCount: 10 },
  { path: '/about-us', h1: field(read('content/about.yaml'), 'heading'), kind: 'about' },
  { path: '/contactus', h1: field(read('content/contact.yaml'), 'heading'), kind: 'contact' },
  { path: '/blog', h1: 'Blog', kind: 'blog' },
  ...markdownPages('services'),
  ...markdownPages('trades'),
];

export const TRADE_PATHS = CONTENT_PAGES.filter((p) => p.kind === 'trade').map((p) => p.path);

/** A page name usable in a file name ('/' → 'home'). */
export const slugOf = (p: string) => (p === '/' ? 'home' : p.slice(1));

/** Contexts start with the welcome modal already dismissed, except where a test is about it. */
export const DISMISS_WELCOME = () => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true }));
