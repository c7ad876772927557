// Every path of SPEC §2 in one table.
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

/**
 * A `next` target carried through sign-in (the trade pages send visitors to
 * /login?next=/request?service=…): only a path on this site, never another origin.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** The last path segment of an id route (/chat/{id}), read from the address bar. */
export function idFromPath(prefix: string): string | undefined {
  const match = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
