import { BLOG_LIMITS, DEFAULT_BLOG_IMAGE, firstWords, formatPostDate } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import type { Blog } from '../blog-admin.ts';
import { type MenuAction, OptionsMenu } from './OptionsMenu.tsx';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';

type Props = {
  blog: Blog;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
  actions: MenuAction[];
};

/** docs/product.md §2 admin blog card: title (first 7 words), category or 'Uncategorized', date, image or the default image. */
export function BlogCard({ blog, selecting, selected, onToggle, actions }: Props) {
  const title = firstWords(blog.title, BLOG_LIMITS.titleWords);
  const checkboxId = `select-${blog._id}`;
  return (
    <article className={`bc card${selected ? ' is-selected' : ''}`}>
      <div className="bc-media">
        <img src={blog.image ?? DEFAULT_BLOG_IMAGE} alt="" width={1200} height={630} loading="lazy" />
        {selecting && (
          <label className="bc-check" htmlFor={checkboxId}>
            <input id={checkboxId} type="checkbox" checked={selected} onChange={onToggle} />
            <span className="sr-only">Select {blog.title}</span>
          </label>
        )}
      </div>
      <div className="bc-body">
        <div className="bc-top">
          <h2 className="bc-title" title={blog.title}>
            {blog.status === 'published' ? <a href={`/blog/${encodeURIComponent(blog.slug)}`}>{title}</a> : title}
          </h2>
          {!selecting && <OptionsMenu label={`Options for ${blog.title}`} actions={actions} />}
        </div>
        <p className="bc-meta">
          <span className="bc-cat">{blog.category?.name ?? PRODUCT_TEXTS.uncategorized}</span>
          <time dateTime={blog.createdAt}>{formatPostDate(blog.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}

export const BLOG_CARD_STYLES = `
  .bc { padding: 0; overflow: visible; display: flex; flex-direction: column; flex: 1 1 auto; min-width: 0; }
  .bc.is-selected { outline: 3px solid var(--orange); outline-offset: -1px; }
  .bc-media { position: relative; aspect-ratio: 16 / 9; background: var(--navy); border-radius: var(--radius) var(--radius) 0 0; overflow: hidden; }
  .bc-media img { width: 100%; height: 100%; object-fit: cover; display: block; }
  .bc-check { position: absolute; top: .5rem; left: .5rem; width: 44px; height: 44px; display: grid; place-items: center; background: rgb(255 255 255 / 92%); border-radius: 8px; cursor: pointer; box-shadow: var(--shadow); }
  .bc-check input { width: 22px; height: 22px; accent-color: var(--orange); cursor: pointer; }
  .bc-body { padding: .85rem 1rem 1rem; display: grid; gap: .4rem; flex: 1 1 auto; align-content: space-between; }
  .bc-top { display: flex; gap: .5rem; align-items: start; justify-content: space-between; }
  .bc-title { font-size: 1.05rem; margin: 0; line-height: 1.35; overflow-wrap: anywhere; }
  .bc-title a { color: var(--navy); text-decoration: none; }
  .bc-title a:hover { text-decoration: underline; color: var(--orange-dark); }
  .bc-meta { margin: 0; display: flex; justify-content: space-between; gap: .5rem; flex-wrap: wrap; font-size: .86rem; color: var(--muted); }
  .bc-cat { font-weight: 600; color: var(--orange-dark); }
  .opt { position: relative; flex: none; margin: -.35rem -.4rem 0 0; }
`;
