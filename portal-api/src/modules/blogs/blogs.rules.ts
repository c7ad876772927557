// docs/product.md §3 "Blog", §7, §8 blog texts, §9 blog constants: the texts, numbers and
// small rules that the server and the site share. No zod, so the site can take
// them without pulling zod into the public blog page's bundle.
import { REQUIRED_FIELDS } from '../queries/queries.labels.ts';
import { longDate } from '../../shared/en-us.ts';

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatusValue = (typeof BLOG_STATUSES)[number];

/** docs/product.md §8 (admin blogs) and §5 (blog editor). */
export const BLOG_TEXTS = {
  required: REQUIRED_FIELDS,
  /** docs/product.md §2: a blog without a category. */
  uncategorized: 'Uncategorized',
  /** /blog: no published post at all, none matching the filters, and the sidebar's empty recent list. */
  noPosts: 'No posts yet. Check back soon.',
  noMatches: 'No posts match these filters. Try other words, or clear the filters above.',
  noRecent: 'No posts yet.',
  selectOne: 'Please select at least one blog.',
  created: 'Blog created successfully!',
  updated: 'Blog updated successfully!',
  createFailed: 'Creation failed',
  updateFailed: 'Update failed',
  deleted: 'Blog deleted successfully.',
  bulkDeleted: 'Blogs deleted successfully.',
  deleteFailed: 'Delete failed.',
  published: 'Blog published successfully.',
  publishFailed: 'Failed to publish blog.',
  publishError: 'Error publishing blog.',
  drafted: 'Blog moved to drafts.',
  fetchFailed: 'Failed to fetch blogs.',
  fetchDraftsFailed: 'Failed to load draft blogs.',
  fetchOneFailed: 'Failed to fetch blog details.',
  fetchPublishedFailed: 'Failed to fetch published blogs',
  fetchPostFailed: 'Failed to fetch blog',
  fetchCategoriesFailed: 'Failed to fetch categories',
  notFound: 'Blog not found.',
  noneFound: 'No blogs found.',
  badCategory: 'Please choose a category from the list.',
  confirmBulk: 'Are you sure you want to delete selected blogs?',
  confirmOne: 'Delete this blog?',
} as const;

/** docs/product.md §9. Lengths are ours (it gives none). */
export const BLOG_LIMITS = {
  publicPageSize: 3,
  adminPageSize: 6,
  recentPosts: 4,
  previewWords: 40,
  titleWords: 7,
  maxPageSize: 100,
  title: 200,
  subTitle: 300,
  tags: 20,
  tag: 40,
  imageMb: 20,
  imageWidth: 1600,
} as const;

export const DEFAULT_BLOG_IMAGE = '/default-blog-image.png';

/**
 * A post's date, 'November 24, 2026', on /blog, on the post's page and in /admin-blogs: its
 * day in UTC, as the server renders the HTML, so the island that takes the page over shows
 * the same day in every browser's time zone.
 */
export const formatPostDate = (iso: string) => longDate(new Date(iso), true);

/** The first `count` words of a text, with an ellipsis when something was cut (docs/product.md §9 truncation). */
export function firstWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}…` : words.join(' ');
}

/** "a, b ,, A" → ['a', 'b']: trimmed, blanks dropped, duplicates (any case) once. */
export function parseTags(value: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of value.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** "Bidding 101: Miami's Öffice Towers!" → "bidding-101-miamis-office-towers" (ASCII, at most 80 characters). */
/** Latin letters that NFKD does not take apart into a letter and its accents. */
const LATIN_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => LATIN_LETTERS[letter]!)
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'post';
}

/**
 * The slots of the /blog/post template that Astro builds (site/pages/blog/post.astro)
 * and the server fills when it renders /blog/{slug} (blogs.post-page.ts). Each is a
 * token of capitals and underscores, so Astro writes it unchanged in text and in
 * attribute values alike; the server swaps each token for its escaped content.
 */
export const POST_SLOTS = {
  /** The post's title, in <title> and the og:/twitter: titles. */
  title: '__BLOG_TITLE__',
  /** Its summary, in the description metas. */
  description: '__BLOG_DESCRIPTION__',
  /** Its absolute address: canonical link and og:url. */
  url: '__BLOG_URL__',
  /** Its absolute cover image address: og:image and twitter:image. */
  image: '__BLOG_IMAGE__',
  /** More of <head>: article metas, the feed link, BlogPosting structured data. */
  head: '__BLOG_HEAD__',
  /** The article itself. */
  body: '__BLOG_POST__',
} as const;
export type PostSlot = keyof typeof POST_SLOTS;
