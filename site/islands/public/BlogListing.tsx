import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { call, publicApi } from '../../lib/api.ts';
import { BLOG_LIMITS, BLOG_TEXTS, DEFAULT_BLOG_IMAGE } from '../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { Pager } from '../ui/Pager.tsx';
import { type Blog, formatPostDate, postPath, preview } from './blog/blog-text.ts';
import { useBlogUrlState } from './blog/blog-url-state.ts';
import { BlogFilters } from './blog/BlogFilters.tsx';
import { RecentPosts } from './blog/RecentPosts.tsx';
import { SPEC_TEXTS } from '../../lib/spec-texts.ts';

/** /blog: published posts, filtered and paged, the state in the address (SPEC §2, §4, §9). */
export default function BlogListing() {
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

  const params = new URLSearchParams({ status: 'published', page: String(state.page), pageSize: String(BLOG_LIMITS.publicPageSize) });
  if (state.category) params.set('category', state.category);
  if (state.tag) params.set('tag', state.tag);
  if (state.q) params.set('search', state.q);
  const list = useQuery({
    queryKey: ['public-blogs', params.toString()],
    queryFn: ({ signal }) => call(publicApi.blogs.$get({ query: Object.fromEntries(params) }, { init: { signal } })),
    placeholderData: keepPreviousData,
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
      : `Showing ${first}–${Math.min(first + list.data.data.length - 1, total)} of ${total} post${total === 1 ? '' : 's'}${describe(state)}.`;

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
            <p>
              {filtered ? 'No posts match these filters. Try other words, or clear the filters above.' : 'No posts yet. Check back soon.'}
            </p>
          </div>
        ) : (
          <ul className="bl-list" aria-labelledby={headingId} aria-busy={list.isFetching}>
            {list.data.data.map((blog) => (
              <li key={blog._id}>
                <PostCard blog={blog} onTag={(tag) => update({ tag })} />
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
      <style>{STYLES}</style>
    </div>
  );
}

function describe(state: { category: string; tag: string; q: string }): string {
  const parts = [];
  if (state.category) parts.push(` in ${state.category}`);
  if (state.tag) parts.push(` tagged ${state.tag}`);
  if (state.q) parts.push(` matching “${state.q}”`);
  return parts.join('');
}

function PostCard({ blog, onTag }: { blog: Blog; onTag: (tag: string) => void }) {
  const href = postPath(blog);
  return (
    <article className="bl-card">
      <a className="bl-media" href={href} tabIndex={-1} aria-hidden="true">
        <img src={blog.image ?? DEFAULT_BLOG_IMAGE} alt="" width={1200} height={630} loading="lazy" decoding="async" />
      </a>
      <div className="bl-body">
        <p className="bl-meta">
          <span className="bl-cat">{blog.category?.name ?? SPEC_TEXTS.uncategorized}</span>
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
                  <button type="button" className="bl-tag" onClick={() => onTag(tag)} aria-label={`Show posts tagged ${tag}`}>
                    #{tag}
                  </button>
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

const STYLES = `
  .bl { display: grid; grid-template-columns: minmax(0, 1fr) 300px; gap: 2.5rem; align-items: start; }
  .bl-heading { font-size: 1.5rem; margin: 1.75rem 0 .25rem; scroll-margin-top: 96px; }
  .bl-heading:focus { outline: none; }
  .bl-heading:focus-visible { outline: 3px solid var(--orange); outline-offset: 4px; }
  .bl-summary { color: var(--muted); margin: 0 0 1rem; min-height: 1.55em; }
  .bl-muted { color: var(--muted); }
  .bl-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 1.5rem; }
  .bl-card { display: grid; grid-template-columns: minmax(0, 38%) minmax(0, 1fr); background: #fff; border: 1px solid var(--line); border-radius: var(--radius); box-shadow: var(--shadow); overflow: hidden; }
  .bl-media { display: block; background: var(--navy); }
  .bl-media img { display: block; width: 100%; height: 100%; min-height: 200px; object-fit: cover; }
  .bl-body { padding: 1.25rem 1.5rem; display: flex; flex-direction: column; gap: .5rem; min-width: 0; }
  .bl-meta { display: flex; flex-wrap: wrap; gap: .45rem; align-items: center; margin: 0; color: var(--muted); font-size: .88rem; }
  .bl-cat { color: var(--orange-dark); font-weight: 700; text-transform: uppercase; letter-spacing: .06em; font-size: .78rem; }
  .bl-title { font-size: 1.3rem; margin: 0; overflow-wrap: anywhere; }
  .bl-title a { color: var(--navy); text-decoration: none; }
  .bl-title a:hover { color: var(--orange-dark); text-decoration: underline; }
  .bl-sub { margin: 0; color: var(--navy-2); font-weight: 500; }
  .bl-excerpt { margin: 0; color: var(--ink); overflow-wrap: anywhere; }
  .bl-foot { margin-top: auto; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: space-between; padding-top: .35rem; }
  .bl-tags { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .35rem; }
  .bl-tag { font: inherit; font-size: .82rem; min-height: 32px; padding: .1rem .65rem; border-radius: 999px; border: 1px solid var(--line); background: var(--bg-soft); color: var(--navy); cursor: pointer; }
  .bl-tag:hover { border-color: var(--orange); color: var(--orange-dark); }
  .bl-more { font-weight: 600; display: inline-flex; align-items: center; gap: .35rem; min-height: 44px; }
  .bl-empty { background: #fff; border: 1px dashed var(--line); border-radius: var(--radius); padding: 1.5rem; display: grid; gap: .75rem; justify-items: start; }
  .bl-empty p { margin: 0; }
  .bl-side { display: grid; gap: 1.25rem; position: sticky; top: 96px; }
  .bl-box { background: #fff; border: 1px solid var(--line); border-radius: var(--radius); padding: 1.1rem 1.25rem; }
  .bl-box-title { font-size: 1.05rem; margin: 0 0 .75rem; }
  .bl-box p { margin: 0; }
  @media (max-width: 960px) {
    .bl { grid-template-columns: minmax(0, 1fr); gap: 2rem; }
    .bl-side { position: static; }
  }
  @media (max-width: 640px) {
    .bl-card { grid-template-columns: minmax(0, 1fr); }
    .bl-media img { min-height: 0; aspect-ratio: 1200 / 630; height: auto; }
    .bl-body { padding: 1rem 1.1rem 1.1rem; }
    .bl-title { font-size: 1.15rem; }
  }
`;
