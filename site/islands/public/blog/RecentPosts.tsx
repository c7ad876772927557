import { useQuery } from '@tanstack/react-query';
import { call, publicApi } from '../../../lib/api.ts';
import { BLOG_LIMITS, DEFAULT_BLOG_IMAGE } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { formatPostDate, postPath } from './blog-text.ts';

/** SPEC §9: the 4 newest published posts, whatever the filters. */
export function RecentPosts() {
  const recent = useQuery({
    queryKey: ['recent-blogs'],
    queryFn: () => call(publicApi.blogs.$get({ query: { status: 'published', page: '1', pageSize: String(BLOG_LIMITS.recentPosts) } })),
  });
  const posts = recent.data?.data ?? [];
  return (
    <section className="bl-box" aria-labelledby="recent-posts-title">
      <h2 id="recent-posts-title" className="bl-box-title">
        Recent posts
      </h2>
      {recent.isPending ? (
        <p className="bl-muted">Loading…</p>
      ) : recent.isError ? (
        <p className="error-text">{recent.error.message}</p>
      ) : !posts.length ? (
        <p className="bl-muted">No posts yet.</p>
      ) : (
        <ul className="rp">
          {posts.map((blog) => (
            <li key={blog._id}>
              <img src={blog.image ?? DEFAULT_BLOG_IMAGE} alt="" width={72} height={48} loading="lazy" />
              <span>
                <a href={postPath(blog)}>{blog.title}</a>
                <time dateTime={blog.createdAt}>{formatPostDate(blog.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <style>{`
        .rp { list-style: none; margin: 0; padding: 0; display: grid; gap: .85rem; }
        .rp li { display: grid; grid-template-columns: 72px minmax(0, 1fr); gap: .75rem; align-items: start; }
        .rp img { width: 72px; height: 48px; object-fit: cover; border-radius: 6px; background: var(--navy); }
        .rp a { display: block; font-weight: 600; color: var(--navy); text-decoration: none; line-height: 1.35; overflow-wrap: anywhere; }
        .rp a:hover { color: var(--orange-dark); text-decoration: underline; }
        .rp time { display: block; font-size: .82rem; color: var(--muted); margin-top: .15rem; }
      `}</style>
    </section>
  );
}
