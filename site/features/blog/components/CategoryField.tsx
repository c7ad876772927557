import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAddCategory, useCategories } from '../api.ts';
import { BLOG_TEXTS } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { CATEGORY_NAME_MAX, CATEGORY_TEXTS } from '../../../../portal-api/src/modules/categories/categories.labels.ts';
import { limitState } from '../../../lib/text-limit.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { messageOr } from '../blog-admin.ts';
import './category-field.css';

type Props = { value: string; invalid: boolean; error: ReactNode; onChange: (id: string) => void };

/** The editor's Category select, with an inline "add a category" (the OpenAPI document: POST /categories {name}). */
export function CategoryField({ value, invalid, error, onChange }: Props) {
  const categories = useCategories();
  useEffect(() => {
    if (categories.isError) toast.error(BLOG_TEXTS.fetchCategoriesFailed);
  }, [categories.isError]);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (adding) nameInput.current?.focus();
  }, [adding]);

  const add = useAddCategory({
    onSuccess: (res) => {
      onChange(res.data._id);
      setAdding(false);
      setName('');
      toast.success(res.message);
      requestAnimationFrame(() => select.current?.focus());
    },
    onError: (err) => toast.error(messageOr(err, 'Failed to add the category.')),
  });
  const submitNew = () => {
    if (!name.trim()) {
      toast.error(CATEGORY_TEXTS.nameRequired);
      nameInput.current?.focus();
      return;
    }
    const { problem } = limitState(name.trim().length, CATEGORY_NAME_MAX);
    if (problem) {
      toast.error(`Category name: ${problem}`);
      nameInput.current?.focus();
      return;
    }
    add.mutate(name.trim());
  };

  return (
    <div className="field cf-field">
      <label htmlFor="blog-category">
        Category{' '}
        <span aria-hidden="true" className="be-req">
          *
        </span>
      </label>
      <div className="cf-row">
        <select
          id="blog-category"
          ref={select}
          value={value}
          required
          aria-invalid={invalid}
          aria-describedby={invalid ? 'blog-category-error' : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{categories.isPending ? 'Loading categories…' : 'Choose a category'}</option>
          {(categories.data?.data ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
        {!adding && (
          <button type="button" className="btn btn-secondary" onClick={() => setAdding(true)}>
            + New category
          </button>
        )}
      </div>
      {error}
      {adding && (
        <div className="cf-new">
          <label htmlFor="cf-new-name">New category name</label>
          <div className="cf-row">
            <input
              id="cf-new-name"
              ref={nameInput}
              value={name}
              aria-describedby="cf-new-count"
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                // This input sits inside the blog form: Enter adds the category instead of saving the post.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  submitNew();
                } else if (e.key === 'Escape') {
                  setAdding(false);
                }
              }}
            />
            <button type="button" className="btn btn-navy" onClick={submitNew} disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add'}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setAdding(false);
                setName('');
              }}
            >
              Cancel
            </button>
          </div>
          <CharCount id="cf-new-count" value={name} max={CATEGORY_NAME_MAX} />
        </div>
      )}
    </div>
  );
}
