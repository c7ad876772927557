import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import type { z } from 'zod';
import { uploadBlogImage, useSaveBlog } from '../api.ts';
import { paths } from '../../../lib/routes.ts';
import { lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { useSubmissionKey } from '../../../lib/idempotency-key.ts';
import { tooLongMessages } from '../../../lib/text-limit.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { BLOG_LIMITS, BLOG_TEXTS, parseTags } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import type { BlogFormInput, blogFormSchema } from '../../../../portal-api/src/modules/blogs/blogs.schema.ts';
import { type Blog, messageOr } from '../blog-admin.ts';
import { CategoryField } from './CategoryField.tsx';
import { acceptOf, hasAcceptedName, refusalOf } from '../../../../portal-api/src/shared/file-kinds.ts';
import './blog-form.css';

const QuillEditor = lazy(() => import('./QuillEditor.tsx'));

const REQUIRED = ['title', 'category', 'body'] as const;
type Field = (typeof REQUIRED)[number];
/**
 * A required field's error says it is blank, told by its zod issue code (the resolver's `type`),
 * never by its sentence: of blogFormSchema's checks on these fields only the title's length is
 * not about a blank (too_big).
 */
const isBlank = (error: { type?: unknown } | undefined) => Boolean(error) && error?.type !== 'too_big';
const REDIRECT_MS = 1000;

function valuesOf(blog: Blog | null): BlogFormInput {
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

type Saved = z.output<ReturnType<typeof blogFormSchema>>;
// A text that is too long is refused with its counter's sentence, named by the field's label, never cut.
// The schema loads with zod on demand (site/lib/form.ts).
const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/blogs/blogs.schema.ts').then((m) => m.blogFormSchema(hasBody)),
  {
    error: tooLongMessages({ title: 'Blog Title', subTitle: 'Sub-Title' }),
  },
);

/** The editor form (docs/product.md §2, §5): CANCEL resets to what was loaded; SAVE creates, UPDATE updates. */
export function BlogForm({ initial }: { initial: Blog | null }) {
  const saveBlog = useSaveBlog();
  const isEdit = !!initial;
  const start = useMemo(() => valuesOf(initial), [initial]);
  // react-hook-form over the shared form schema: checked on submit; a field's error clears once it is edited.
  const {
    control,
    register,
    handleSubmit,
    watch,
    reset: resetValues,
    clearErrors,
    formState,
  } = useForm<BlogFormInput, unknown, Saved>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: start,
  });
  const warm = useWarmResolver(resolver);
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // A new post is sent with one Idempotency-Key per submission: a retry after a lost answer makes no second post.
  const submission = useSubmissionKey();

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shownImage = preview ?? (!removeImage ? (initial?.image ?? null) : null);

  /** A required field refused at the last submit (docs/product.md §5), until it is edited. */
  const isMissing = (field: Field) => isBlank(formState.errors[field]);

  const reset = () => {
    resetValues(start);
    setFile(null);
    setRemoveImage(false);
    if (fileInput.current) fileInput.current.value = '';
  };

  const pickImage = (picked: File | undefined) => {
    if (!picked) return;
    if (!hasAcceptedName(picked.name, 'image')) {
      toast.error(refusalOf(picked.name, 'image'));
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
    if (!hasAcceptedName(picked.name, 'image')) throw new Error(refusalOf(picked.name, 'image'));
    return uploadBlogImage(picked);
  };

  const refuse = (errors: FieldErrors<BlogFormInput>) => {
    const missing = REQUIRED.filter((field) => isBlank(errors[field]));
    if (missing.length) {
      toast.error(BLOG_TEXTS.required);
      if (missing[0] === 'body') document.querySelector<HTMLElement>('.qe .ql-editor')?.focus();
      else document.getElementById(`blog-${missing[0]}`)?.focus();
      return;
    }
    // Too long is refused with a sentence, never cut, so nothing the admin typed is lost unseen.
    const field = errors.title ? 'title' : 'subTitle';
    toast.error(errors[field]?.message);
    document.getElementById(field === 'title' ? 'blog-title' : 'blog-subtitle')?.focus();
  };

  const save = async (values: Saved) => {
    const form = new FormData();
    form.append('title', values.title);
    form.append('subTitle', values.subTitle);
    form.append('body', values.body);
    form.append('category', values.category);
    form.append('tags', parseTags(values.tags).join(', '));
    form.append('status', values.status);
    if (file) form.append('image', file);
    else if (removeImage) form.append('removeImage', 'true');
    setProgress(0);
    try {
      const res = await saveBlog(
        isEdit
          ? { form, onProgress: setProgress, id: initial._id }
          : { form, onProgress: setProgress, id: null, idempotencyKey: submission.for({ values, file, removeImage }) },
      );
      submission.renew();
      toast.success(isEdit ? BLOG_TEXTS.updated : BLOG_TEXTS.created);
      setDone(true);
      // docs/product.md §2: drafts go to /draft-blog, published posts to /admin-blogs.
      window.setTimeout(() => window.location.assign(res.data.status === 'draft' ? paths.draftBlog : paths.adminBlogs), REDIRECT_MS);
    } catch (err) {
      toast.error(messageOr(err, isEdit ? BLOG_TEXTS.updateFailed : BLOG_TEXTS.createFailed));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null || done;
  const submit = handleSubmit(save, refuse);
  const [title, subTitle, tagText, status] = watch(['title', 'subTitle', 'tags', 'status']);
  const tags = parseTags(tagText);
  const errorFor = (field: Field) =>
    isMissing(field) ? (
      <p id={`blog-${field}-error`} className="error-text">
        This field is required.
      </p>
    ) : null;

  return (
    // While a submit is checked or saved, another does nothing (not even the checks).
    <form
      className="be"
      onSubmit={(e) => (busy || formState.isSubmitting ? e.preventDefault() : void submit(e))}
      onFocus={warm}
      noValidate
      aria-busy={busy}
    >
      <div className="page-head">
        <h1>{isEdit ? 'Edit Blog' : 'Upload Blog'}</h1>
        <a className="btn btn-secondary btn-sm" href={status === 'draft' && isEdit ? paths.draftBlog : paths.adminBlogs}>
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
            required
            aria-invalid={isMissing('title') || title.trim().length > BLOG_LIMITS.title}
            aria-describedby={isMissing('title') ? 'blog-title-error blog-title-count' : 'blog-title-count'}
            {...register('title', { onChange: () => clearErrors('title') })}
          />
          <CharCount id="blog-title-count" value={title} max={BLOG_LIMITS.title} />
          {errorFor('title')}
        </div>
        <div className="field">
          <label htmlFor="blog-subtitle">Sub-Title</label>
          <input id="blog-subtitle" aria-describedby="blog-subtitle-count" {...register('subTitle')} />
          <CharCount id="blog-subtitle-count" value={subTitle} max={BLOG_LIMITS.subTitle} />
        </div>
        <div className="be-row">
          <Controller
            name="category"
            control={control}
            render={({ field }) => (
              <CategoryField
                value={field.value}
                invalid={isMissing('category')}
                onChange={(id) => {
                  field.onChange(id);
                  clearErrors('category');
                }}
                error={errorFor('category')}
              />
            )}
          />
          <div className="field">
            <label htmlFor="blog-status">Status</label>
            <select id="blog-status" {...register('status')}>
              <option value="draft">Draft</option>
              <option value="published">Published</option>
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="blog-tags">Tags (comma separated)</label>
          <input id="blog-tags" placeholder="takeoff, bidding" aria-describedby="blog-tags-hint" {...register('tags')} />
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
            <Controller
              name="body"
              control={control}
              render={({ field }) => (
                <QuillEditor
                  labelledBy="blog-body-label"
                  describedBy={isMissing('body') ? 'blog-body-error' : undefined}
                  invalid={isMissing('body')}
                  value={field.value}
                  onChange={(html) => {
                    field.onChange(html);
                    clearErrors('body');
                  }}
                  uploadImage={uploadBodyImage}
                />
              )}
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
            accept={acceptOf('image')}
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
            {progress !== null ? `Saving…${progress ? ` ${progress}%` : ''}` : isEdit ? 'UPDATE' : 'SAVE'}
          </button>
        </div>
      </div>
    </form>
  );
}
