import { useRecentBlogs } from '../api.ts';
import { BLOG_TEXTS, DEFAULT_BLOG_IMAGE } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { serverPage } from '../server-page.ts';
import { formatPostDate, postPath } from '../blog-text.ts';

/** docs/product.md §9: the 4 newest published posts, whatever the filters. */
export function RecentPosts() {
  const recent = useRecentBlogs(serverPage?.recent);
  const posts = recent.data?.data ?? [];
  return (
    <section className="bl-box" aria-labelledby="recent-posts-title">
      <h2 id="recent-posts-title" className="bl-box-title">
        Recent posts
      </h2>
      {recent.isPending ? (
        <p className="bl-muted">Loading…</p>
      ) : recent.isError ? (
        <p className="error-text">{recent.error.message || BLOG_TEXTS.fetchPublishedFailed}</p>
      ) : !posts.length ? (
        <p className="bl-muted">{BLOG_TEXTS.noRecent}</p>
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
    </section>
  );
}
