import { BLOG_LIMITS, DEFAULT_BLOG_IMAGE, firstWords, formatPostDate } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import type { Blog } from '../blog-admin.ts';
import { type MenuAction, OptionsMenu } from './OptionsMenu.tsx';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import './blog-card.css';

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
