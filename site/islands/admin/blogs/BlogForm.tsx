import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api, upload } from '../../../lib/api.ts';
import { paths } from '../../../lib/routes.ts';
import { firstTooLong } from '../../../lib/text-limit.ts';
import { CharCount } from '../../ui/CharCount.tsx';
import { BLOG_LIMITS, BLOG_TEXTS, parseTags } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { type Blog, messageOr } from './blog-admin.ts';
import { CategoryField } from './CategoryField.tsx';

const QuillEditor = lazy(() => import('./QuillEditor.tsx'));

type Values = { title: string; subTitle: string; category: string; tags: string; status: 'draft' | 'published'; body: string };
type Field = 'title' | 'category' | 'body';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'];
const REDIRECT_MS = 1000;

function valuesOf(blog: Blog | null): Values {
  return {
    title: blog?.title ?? '',
    subTitle: blog?.subTitle ?? '',
    category: blog?.category?._id ?? '',
    tags: blog?.tags.join(', ') ?? '',
    status: blog?.status ?? 'draft',
    body: blog?.body ?? '',
  };
}

/** Quill's empty editor is `<p><br></p>`: a body needs text or an image. */
function hasBody(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim() !== '';
}

/** The editor form (SPEC §2, §5): CANCEL resets to what was loaded; SAVE creates, UPDATE updates. */
export function BlogForm({ initial }: { initial: Blog | null }) {
  const client = useQueryClient();
  const isEdit = !!initial;
  const start = useMemo(() => valuesOf(initial), [initial]);
  const [values, setValues] = useState<Values>(start);
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shownImage = preview ?? (!removeImage ? (initial?.image ?? null) : null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (invalid.has(key as Field)) setInvalid((s) => new Set([...s].filter((f) => f !== key)));
  };

  const reset = () => {
    setValues(start);
    setFile(null);
    setRemoveImage(false);
    setInvalid(new Set());
    if (fileInput.current) fileInput.current.value = '';
  };

  const pickImage = (picked: File | undefined) => {
    if (!picked) return;
    if (!IMAGE_TYPES.includes(picked.type)) {
      toast.error('Only images (JPG, PNG, GIF, WebP, AVIF) are accepted.');
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    if (picked.size > BLOG_LIMITS.imageMb * 1024 * 1024) {
      toast.error(`The image is too large. The limit is ${BLOG_LIMITS.imageMb} MB.`);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(picked);
    setRemoveImage(false);
  };

  const uploadBodyImage = async (picked: File) => {
    if (!IMAGE_TYPES.includes(picked.type)) throw new Error('Only images (JPG, PNG, GIF, WebP, AVIF) are accepted.');
    const form = new FormData();
    form.append('image', picked);
    return (await upload(api.blogs.images, '$post', form, () => undefined)).url;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (progress !== null || done) return;
    const missing = new Set<Field>();
    if (!values.title.trim()) missing.add('title');
    if (!values.category) missing.add('category');
    if (!hasBody(values.body)) missing.add('body');
    if (missing.size) {
      setInvalid(missing);
      toast.error(BLOG_TEXTS.required);
      const first = missing.has('title') ? 'blog-title' : missing.has('category') ? 'blog-category' : null;
      if (first) document.getElementById(first)?.focus();
      else document.querySelector<HTMLElement>('.qe .ql-editor')?.focus();
      return;
    }
    // Too long is refused with a sentence, never cut (issue 17).
    const tooLong = firstTooLong([
      ['Blog Title', values.title.trim(), BLOG_LIMITS.title],
      ['Sub-Title', values.subTitle.trim(), BLOG_LIMITS.subTitle],
    ]);
    if (tooLong) {
      toast.error(tooLong);
      document.getElementById(values.title.trim().length > BLOG_LIMITS.title ? 'blog-title' : 'blog-subtitle')?.focus();
      return;
    }
    const form = new FormData();
    form.append('title', values.title.trim());
    form.append('subTitle', values.subTitle.trim());
    form.append('body', values.body);
    form.append('category', values.category);
    form.append('tags', parseTags(values.tags).join(', '));
    form.append('status', values.status);
    if (file) form.append('image', file);
    else if (removeImage) form.append('removeImage', 'true');
    setProgress(0);
    try {
      const res = isEdit
        ? await upload(api.blogs[':id'], '$put', form, setProgress, { id: initial._id })
        : await upload(api.blogs, '$post', form, setProgress);
      toast.success(isEdit ? BLOG_TEXTS.updated : BLOG_TEXTS.created);
      setDone(true);
      void client.invalidateQueries({ queryKey: ['admin-blogs'] });
      // SPEC §2: drafts go to /draft-blog, published posts to /admin-blogs.
      window.setTimeout(() => window.location.assign(res.data.status === 'draft' ? paths.draftBlog : paths.adminBlogs), REDIRECT_MS);
    } catch (err) {
      toast.error(messageOr(err, isEdit ? BLOG_TEXTS.updateFailed : BLOG_TEXTS.createFailed));
    } finally {
      setProgress(null);
    }
  };

  const tags = parseTags(values.tags);
  const busy = progress !== null || done;
  const errorFor = (field: Field) =>
    invalid.has(field) ? (
      <p id={`blog-${field}-error`} className="error-text">
        This field is required.
      </p>
    ) : null;

  return (
    <form className="be" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="page-head">
        <h1>{isEdit ? 'Edit Blog' : 'Upload Blog'}</h1>
        <a className="btn btn-secondary btn-sm" href={values.status === 'draft' && isEdit ? paths.draftBlog : paths.adminBlogs}>
          Back to blogs
        </a>
      </div>

      <div className="card be-card">
        <div className="field">
          <label htmlFor="blog-title">
            Blog Title{' '}
            <span aria-hidden="true" className="be-req">
              *
            </span>
          </label>
          <input
            id="blog-title"
            ref={titleInput}
            value={values.title}
            required
            aria-invalid={invalid.has('title') || values.title.trim().length > BLOG_LIMITS.title}
            aria-describedby={invalid.has('title') ? 'blog-title-error blog-title-count' : 'blog-title-count'}
            onChange={(e) => set('title', e.target.value)}
          />
          <CharCount id="blog-title-count" value={values.title} max={BLOG_LIMITS.title} />
          {errorFor('title')}
        </div>
        <div className="field">
          <label htmlFor="blog-subtitle">Sub-Title</label>
          <input
            id="blog-subtitle"
            value={values.subTitle}
            aria-describedby="blog-subtitle-count"
            onChange={(e) => set('subTitle', e.target.value)}
          />
          <CharCount id="blog-subtitle-count" value={values.subTitle} max={BLOG_LIMITS.subTitle} />
        </div>
        <div className="be-row">
          <CategoryField
            value={values.category}
            invalid={invalid.has('category')}
            onChange={(id) => set('category', id)}
            error={errorFor('category')}
          />
          <div className="field">
            <label htmlFor="blog-status">Status</label>
            <select id="blog-status" value={values.status} onChange={(e) => set('status', e.target.value as Values['status'])}>
              <option value="draft">Draft</option>
              <option value="published">Published</option>
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="blog-tags">Tags (comma separated)</label>
          <input
            id="blog-tags"
            value={values.tags}
            placeholder="concrete, takeoff, bidding"
            aria-describedby="blog-tags-hint"
            onChange={(e) => set('tags', e.target.value)}
          />
          <p id="blog-tags-hint" className="be-hint">
            {tags.length ? (
              <>
                Tags:{' '}
                {tags.map((t) => (
                  <span key={t} className="badge">
                    {t}
                  </span>
                ))}
              </>
            ) : (
              'Separate tags with commas.'
            )}
          </p>
        </div>
        <div className="field">
          <span id="blog-body-label" className="be-label">
            Body{' '}
            <span aria-hidden="true" className="be-req">
              *
            </span>
          </span>
          <Suspense
            fallback={
              <p role="status" className="be-hint">
                Loading editor…
              </p>
            }
          >
            <QuillEditor
              labelledBy="blog-body-label"
              describedBy={invalid.has('body') ? 'blog-body-error' : undefined}
              invalid={invalid.has('body')}
              value={values.body}
              onChange={(html) => set('body', html)}
              uploadImage={uploadBodyImage}
            />
          </Suspense>
          {errorFor('body')}
        </div>
        <div className="field">
          <label htmlFor="blog-image">Image</label>
          <input
            id="blog-image"
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby="blog-image-hint"
            onChange={(e) => pickImage(e.target.files?.[0])}
          />
          <p id="blog-image-hint" className="be-hint">
            JPG, PNG, GIF, WebP or AVIF up to {BLOG_LIMITS.imageMb} MB. Shown at the top of the post and on its card; without one the
            default image is used.
          </p>
          {shownImage && (
            <div className="be-preview">
              <img src={shownImage} alt="Preview of the blog image" />
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => {
                  setFile(null);
                  setRemoveImage(!!initial?.image);
                  if (fileInput.current) fileInput.current.value = '';
                }}
              >
                Remove image
              </button>
            </div>
          )}
        </div>
        <div className="be-actions">
          <button type="button" className="btn btn-secondary" onClick={reset} disabled={busy}>
            CANCEL
          </button>
          <button type="submit" className="btn" disabled={busy}>
            {progress !== null ? `Saving… ${progress}%` : isEdit ? 'UPDATE' : 'SAVE'}
          </button>
        </div>
      </div>
      <style>{`
        .be { max-width: 960px; }
        .be-card { display: grid; gap: .25rem; }
        .be-row { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 1rem; align-items: start; }
        .be-req { color: var(--danger); }
        .be-label { font-weight: 600; font-size: .95rem; }
        .be-hint { margin: 0; color: var(--muted); font-size: .88rem; display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
        .field [aria-invalid='true'] { border-color: var(--danger); }
        .be-preview { display: flex; gap: 1rem; align-items: end; flex-wrap: wrap; margin-top: .5rem; }
        .be-preview img { max-width: min(100%, 360px); max-height: 200px; width: auto; border-radius: 8px; border: 1px solid var(--line); object-fit: cover; }
        .be-actions { display: flex; justify-content: flex-end; gap: .75rem; flex-wrap: wrap; border-top: 1px solid var(--line); padding-top: 1rem; margin-top: .5rem; }
        .qe { background: #fff; }
        .qe .ql-toolbar.ql-snow { border-radius: 8px 8px 0 0; border-color: #b8c1cc; display: flex; flex-wrap: wrap; gap: .15rem; }
        .qe .ql-container.ql-snow { border-radius: 0 0 8px 8px; border-color: #b8c1cc; font: inherit; font-size: 1rem; }
        /* quill.snow.css gives the container height: 100% of the frame that also holds the toolbar, so it spilled
           out by the toolbar's height (42 px, 95 px once the toolbar wraps at 375) over the image field (issue 17). */
        .qe .ql-container { height: auto; }
        .qe .ql-editor { min-height: 280px; line-height: 1.65; }
        .qe .ql-editor:focus { outline: 2px solid rgb(242 107 29 / 45%); outline-offset: -2px; }
        .qe.is-invalid .ql-container.ql-snow, .qe.is-invalid .ql-toolbar.ql-snow { border-color: var(--danger); }
        .qe .ql-snow .ql-tooltip { z-index: 5; }
        .qe .ql-editor img { max-width: 100%; height: auto; }
        @media (max-width: 640px) {
          .be-row { grid-template-columns: minmax(0, 1fr); gap: 0; }
          .qe .ql-snow .ql-tooltip { left: 0 !important; max-width: 100%; }
        }
      `}</style>
    </form>
  );
}
