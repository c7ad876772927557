import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, publicApi } from '../../lib/api.ts';
import { BLOG_LIMITS } from '../../../portal-api/src/modules/blogs/blogs.rules.ts';
import type { ContactMessage } from '../../../portal-api/src/modules/contact/contact.schema.ts';

// The public pages' calls, keyed by publicKeys.

/** Every cache key of the area. Categories keep the key the blog editor's category list shares. */
export const publicKeys = {
  blogs: (search: string) => ['public-blogs', search] as const,
  recent: () => ['recent-blogs'] as const,
  categories: () => ['categories'] as const,
  tags: () => ['blog-tags'] as const,
};

/** The lists of categories and tags change seldom: asked again after five minutes at most. */
const FILTERS_STALE_MS = 5 * 60_000;

function publishedPage(params: URLSearchParams, signal?: AbortSignal) {
  return call(publicApi.blogs.$get({ query: Object.fromEntries(params) }, { init: { signal } }));
}
type PublishedPage = Awaited<ReturnType<typeof publishedPage>>;

/** GET /blogs: one page of the published posts for the filters in `params`, the page shown kept while the next loads. */
export function usePublishedBlogs(params: URLSearchParams, seed: { initialData?: PublishedPage; initialDataUpdatedAt?: number }) {
  return useQuery({
    queryKey: publicKeys.blogs(params.toString()),
    queryFn: ({ signal }) => publishedPage(params, signal),
    placeholderData: keepPreviousData,
    ...seed,
  });
}

/** GET /blogs: the newest published posts (BLOG_LIMITS.recentPosts), seeded with those the server wrote into the page. */
export function useRecentBlogs(initialData?: PublishedPage | { data: PublishedPage['data'] }) {
  return useQuery({
    queryKey: publicKeys.recent(),
    queryFn: () => call(publicApi.blogs.$get({ query: { status: 'published', page: '1', pageSize: String(BLOG_LIMITS.recentPosts) } })),
    initialData: initialData as PublishedPage | undefined,
  });
}

/** GET /categories. */
export function useCategories() {
  return useQuery({ queryKey: publicKeys.categories(), queryFn: () => call(publicApi.categories.$get()), staleTime: FILTERS_STALE_MS });
}

/** GET /blogs/tags. */
export function useBlogTags() {
  return useQuery({ queryKey: publicKeys.tags(), queryFn: () => call(publicApi.blogs.tags.$get()), staleTime: FILTERS_STALE_MS });
}

/**
 * POST /contact/submit. A plain call, not a mutation hook: the contact form is the only script of
 * /contactus and carries no query client (ContactForm.tsx counts its bytes).
 */
export function sendContactMessage(json: Record<keyof ContactMessage, string>) {
  return call(publicApi.contact.submit.$post({ json }));
}
