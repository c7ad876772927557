import type { Role } from '../../portal-api/src/shared/roles.ts';

// Every path of docs/product.md §2 in one table.
export const paths = {
  home: '/',
  contact: '/contactus',
  about: '/about-us',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  otp: (params: { email: string; role?: string; from?: string; next?: string }) =>
    `/otp-verification?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]))}`,
  resetPassword: (email: string) => `/reset-password?${new URLSearchParams({ email })}`,
  /** docs/product.md §25: an invited admin's one-time link (the token is in the #fragment). */
  staffInvite: '/staff-invite',
  portal: '/portal',
  request: '/request',
  myQueries: '/my-queries',
  chat: (id?: string) => (id ? `/chat/${encodeURIComponent(id)}` : '/chat'),
  clientProfile: '/client-profile',
  admin: '/admin',
  adminQueries: '/admin-queries',
  adminBlogs: '/admin-blogs',
  draftBlog: '/draft-blog',
  blogUpload: (id?: string) => (id ? `/blog-upload/${encodeURIComponent(id)}` : '/blog-upload'),
  users: '/user',
  adminService: '/admin-service',
  adminChat: (id?: string) => (id ? `/admin-chat/${encodeURIComponent(id)}` : '/admin-chat'),
  adminProfile: '/profile',
} as const;

/** A request's workspace on each side: where a mail's or an alert's link about it leads. */
export const workspacePath = (role: Role, queryId: string): string => (role === 'admin' ? paths.adminChat(queryId) : paths.chat(queryId));

/**
 * Where a `next` may lead after sign-in: the client and admin areas of docs/product.md §2
 * (routes.txt), the home page and the contact page. Public trade pages need no
 * sign-in, and an auth page as `next` would only loop.
 */
const NEXT_PATHS = new Set<string>([
  paths.home,
  paths.contact,
  paths.portal,
  paths.request,
  paths.myQueries,
  paths.chat(),
  paths.clientProfile,
  paths.admin,
  paths.adminQueries,
  paths.adminBlogs,
  paths.draftBlog,
  paths.blogUpload(),
  paths.users,
  paths.adminService,
  paths.adminChat(),
  paths.adminProfile,
]);
/** The id routes of docs/product.md §2 (/chat/{id}, /admin-chat/{id}, /blog-upload/{id}). */
const NEXT_ID_PATH = /^\/(?:chat|admin-chat|blog-upload)\/[A-Za-z0-9_-]{1,64}$/;
/** Control characters (tab and newlines included), backslashes, and their percent-encoded forms. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]|%(?:[01][0-9a-f]|7f|5c)/i;

/**
 * A `next` target carried through sign-in (the trade pages send visitors to
 * /login?next=/request?service=…). Accepted only when it is, after the
 * browser's own URL parsing against this origin, a same-origin path on the
 * allow-list above; the normalised path (with its query) is returned, never the
 * raw text. Browsers drop tabs and newlines and read '\' as '/', so
 * "/%09/evil.example" or "/\nevil" would otherwise leave the site.
 */
export function safeNext(
  next: string | null | undefined,
  origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
): string | null {
  if (!next || next.length > 2048 || UNSAFE.test(next)) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  if (!NEXT_PATHS.has(url.pathname) && !NEXT_ID_PATH.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The last path segment of an id route (/chat/{id}), read from the address bar. */
export function idFromPath(prefix: string): string | undefined {
  const match = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
