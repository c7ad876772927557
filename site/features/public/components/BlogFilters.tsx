import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '../../../lib/api.ts';
import { useBlogTags, useCategories } from '../api.ts';
import { BLOG_TEXTS } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import type { BlogListState } from '../blog-url-state.ts';

type Update = (patch: Partial<BlogListState>, mode?: 'push' | 'replace') => void;
const SEARCH_DELAY_MS = 350;

/** Search text, category and tag (docs/product.md §2 /blog). Typing searches after a short pause; Enter searches at once. */
export function BlogFilters({ state, update }: { state: BlogListState; update: Update }) {
  const categories = useCategories();
  const tags = useBlogTags();

  const [text, setText] = useState(state.q);
  const typed = useRef(false);
  // Back/Forward or "Clear filters" change the search from outside.
  useEffect(() => {
    if (!typed.current) setText(state.q);
  }, [state.q]);
  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = false;
      update({ q: text.trim() }, 'replace');
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, update]);

  const categoryNames = (categories.data?.data ?? []).map((c) => c.name);
  if (state.category && !categoryNames.some((n) => n.toLowerCase() === state.category.toLowerCase())) categoryNames.push(state.category);
  const tagNames = (tags.data?.data ?? []).map((t) => t.tag);
  if (state.tag && !tagNames.some((t) => t.toLowerCase() === state.tag.toLowerCase())) tagNames.push(state.tag);
  const matchCase = (list: string[], value: string) => list.find((n) => n.toLowerCase() === value.toLowerCase()) ?? value;
  const active = !!(state.category || state.tag || state.q);

  return (
    <div className="bf">
      <form
        role="search"
        className="bf-search"
        onSubmit={(e) => {
          e.preventDefault();
          typed.current = false;
          update({ q: text.trim() });
        }}
      >
        <label htmlFor="blog-search">Search posts</label>
        <div className="bf-row">
          <input
            id="blog-search"
            type="search"
            className="input"
            value={text}
            placeholder="e.g. concrete takeoff"
            maxLength={100}
            autoComplete="off"
            onChange={(e) => {
              typed.current = true;
              setText(e.target.value);
            }}
          />
          <button type="submit" className="btn">
            Search
          </button>
        </div>
      </form>
      <div className="bf-selects">
        <div className="bf-field">
          <label htmlFor="blog-category">Category</label>
          <select
            id="blog-category"
            className="input"
            value={matchCase(categoryNames, state.category)}
            onChange={(e) => update({ category: e.target.value })}
            aria-describedby={categories.isError ? 'blog-category-error' : undefined}
          >
            <option value="">All categories</option>
            {categoryNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {categories.isError && (
            <p id="blog-category-error" role="alert" className="error-text">
              {serverMessage(categories.error) || BLOG_TEXTS.fetchCategoriesFailed}
            </p>
          )}
        </div>
        <div className="bf-field">
          <label htmlFor="blog-tag">Tag</label>
          <select id="blog-tag" className="input" value={matchCase(tagNames, state.tag)} onChange={(e) => update({ tag: e.target.value })}>
            <option value="">All tags</option>
            {tagNames.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </div>
      </div>
      {active && (
        <button
          type="button"
          className="btn-link bf-clear"
          onClick={() => {
            typed.current = false;
            setText('');
            update({ category: '', tag: '', q: '' });
          }}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
