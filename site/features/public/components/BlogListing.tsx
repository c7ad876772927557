import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { usePublishedBlogs } from '../api.ts';
import { BLOG_LIMITS, BLOG_TEXTS, DEFAULT_BLOG_IMAGE } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { type Blog, formatPostDate, postPath, preview } from '../blog-text.ts';
import { serverPage, serverPageAt } from '../server-page.ts';
import { useBlogUrlState } from '../blog-url-state.ts';
import { describeFilters, listingKey, listSearch, nextListState } from '../../../../portal-api/src/modules/blogs/blog-listing.rules.ts';
import { BlogFilters } from './BlogFilters.tsx';
import { RecentPosts } from './RecentPosts.tsx';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';

/**
 * /blog: published posts, filtered and paged, the state in the address (docs/product.md §2, §4, §9).
 * `children` is the first page as the server wrote it into the HTML (portal-api blogs.pages.ts):
 * the island renders it untouched in the build and while it hydrates, so hydration matches
 * and the posts need no JavaScript; once hydrated it draws the same posts itself.
 */
export default function BlogListing({ children }: { children?: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return children;
  return (
    <IslandRoot>
      <Listing />
    </IslandRoot>
  );
}

function Listing() {
  const [state, update] = useBlogUrlState();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [moveFocus, setMoveFocus] = useState(false);

  const params = new URLSearchParams(listingKey(state));
  const list = usePublishedBlogs(params, {
    initialData: serverPage?.key === params.toString() ? serverPage.list : undefined,
    initialDataUpdatedAt: serverPageAt,
  });

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BLOG_LIMITS.publicPageSize));
  // A shared link may point past the last page once posts are removed.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && total > 0 && state.page > pageCount) update({ page: pageCount }, 'replace');
  }, [list.data, list.isPlaceholderData, total, state.page, pageCount, update]);

  useEffect(() => {
    if (moveFocus && !list.isFetching) {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      setMoveFocus(false);
    }
  }, [moveFocus, list.isFetching]);

  const goTo = (page: number) => {
    update({ page });
    setMoveFocus(true);
  };
  const filtered = !!(state.category || state.tag || state.q);
  const first = (state.page - 1) * BLOG_LIMITS.publicPageSize + 1;
  const summary = !list.data
    ? ''
    : total === 0
      ? 'No posts found.'
      : `Showing ${first}–${Math.min(first + list.data.data.length - 1, total)} of ${total} post${total === 1 ? '' : 's'}${describeFilters(state)}.`;

  return (
    <div className="bl">
      <div className="bl-main">
        <BlogFilters state={state} update={update} />
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="bl-heading">
          {filtered ? 'Matching posts' : 'Latest posts'}
        </h2>
        <p className="bl-summary" aria-live="polite">
          {summary}
        </p>
        {list.isPending ? (
          <p role="status" className="bl-muted">
            Loading posts…
          </p>
        ) : list.isError ? (
          <p role="alert" className="error-text">
            {list.error.message || BLOG_TEXTS.fetchPublishedFailed}
          </p>
        ) : list.data.data.length === 0 ? (
          <div className="bl-empty">
            <p>{filtered ? BLOG_TEXTS.noMatches : BLOG_TEXTS.noPosts}</p>
          </div>
        ) : (
          <ul className="bl-list" aria-labelledby={headingId} aria-busy={list.isFetching}>
            {list.data.data.map((blog, i) => (
              <li key={blog._id}>
                <PostCard
                  blog={blog}
                  first={i === 0}
                  tagHref={(tag) => `/blog${listSearch(nextListState(state, { tag }))}`}
                  onTag={(tag) => update({ tag })}
                />
              </li>
            ))}
          </ul>
        )}
        {total > BLOG_LIMITS.publicPageSize && <Pager page={Math.min(state.page, pageCount)} pageCount={pageCount} onChange={goTo} />}
      </div>
      <aside className="bl-side" aria-label="More from the blog">
        <RecentPosts />
        <section className="bl-box">
          <h2 className="bl-box-title">Follow along</h2>
          <p className="bl-muted">
            New posts in your reader: <a href="/rss.xml">RSS feed</a>.
          </p>
        </section>
      </aside>
    </div>
  );
}

type CardProps = { blog: Blog; first: boolean; tagHref: (tag: string) => string; onTag: (tag: string) => void };

function PostCard({ blog, first, tagHref, onTag }: CardProps) {
  const href = postPath(blog);
  return (
    <article className="bl-card">
      <a className="bl-media" href={href} tabIndex={-1} aria-hidden="true">
        {/* The first card's image is the page's largest paint, so it loads first. */}
        <img
          src={blog.image ?? DEFAULT_BLOG_IMAGE}
          alt=""
          width={1200}
          height={630}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
        />
      </a>
      <div className="bl-body">
        <p className="bl-meta">
          <span className="bl-cat">{blog.category?.name ?? PRODUCT_TEXTS.uncategorized}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={blog.createdAt}>{formatPostDate(blog.createdAt)}</time>
        </p>
        <h3 className="bl-title">
          <a href={href}>{blog.title}</a>
        </h3>
        {blog.subTitle && <p className="bl-sub">{blog.subTitle}</p>}
        <p className="bl-excerpt">{preview(blog)}</p>
        <div className="bl-foot">
          {blog.tags.length > 0 && (
            <ul className="bl-tags" aria-label={`Tags of ${blog.title}`}>
              {blog.tags.map((tag) => (
                <li key={tag}>
                  {/* A link to the filtered list (it opens in a new tab too); a plain click filters in place. */}
                  <a
                    className="bl-tag"
                    href={tagHref(tag)}
                    onClick={(e) => {
                      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                      e.preventDefault();
                      onTag(tag);
                    }}
                    aria-label={`Show posts tagged ${tag}`}
                  >
                    #{tag}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <a className="bl-more" href={href} aria-label={`Read more: ${blog.title}`}>
            Read more <span aria-hidden="true">→</span>
          </a>
        </div>
      </div>
    </article>
  );
}
